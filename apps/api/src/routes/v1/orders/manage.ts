import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema, ticketPdfQuerySchema } from '@parvoz/contracts/booking';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Caller } from '../../../modules/accounts/index.ts';
import { limitedEndpoint, rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import {
  changePhone,
  confirmEmailChange,
  receiptPdf,
  requestEmailChange,
  resendTickets,
  undoEmailChange,
} from '../../../modules/after-sale/index.ts';

/**
 * Managing a booking (docs/after-sale.md; modules/after-sale/manage.ts, contract
 * packages/contracts/src/order-manage.ts):
 *   POST /v1/orders/:id/actions/change_phone                           { phone } → 200 the order
 *   POST /v1/orders/:id/email_changes                                  { email } → 201 a code to the new address
 *   POST /v1/orders/:id/email_changes/:change_id/actions/confirm       { code }  → 200 the order
 *   POST /v1/orders/:id/email_changes/:change_id/actions/undo          { token } → 204 the old address back
 *   POST /v1/orders/:id/actions/resend_tickets                         → 202
 *   GET  /v1/orders/:id/receipt.pdf                                    → the payment receipt (a PDF: no contract)
 * For the order's signed-in owner or `?access_token=` of the order; anyone else 404 (the undo needs neither:
 * its emailed token is the credential, ADR 0022). Each is rate-limited.
 */
export const orderManageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.deps;
  const deps = () => ({ db, now, siteUrl: app.deps.publicOrigin() });
  const access = (request: {
    caller: Caller;
    params: { id: string };
    query: { access_token?: string | undefined };
  }) => ({ caller: request.caller, orderId: request.params.id, accessToken: request.query.access_token });

  app.post(
    '/:id/actions/change_phone',
    limitedEndpoint(endpoints.changeOrderPhone, ROUTE_LIMITS.orderChanges),
    async (request) => {
      const order = await changePhone(deps(), access(request), request.body.phone);
      app.deps.kickOutbox();
      return { data: order };
    },
  );

  app.post(
    '/:id/email_changes',
    limitedEndpoint(endpoints.requestOrderEmailChange, ROUTE_LIMITS.orderChanges),
    async (request, reply) => {
      const change = await requestEmailChange(deps(), access(request), request.body);
      app.deps.kickOutbox();
      return reply.status(201).send({ data: change });
    },
  );

  app.post(
    '/:id/email_changes/:change_id/actions/confirm',
    limitedEndpoint(endpoints.confirmOrderEmailChange, ROUTE_LIMITS.orderChanges),
    async (request) => {
      const { change_id: changeId } = request.params;
      const order = await confirmEmailChange(deps(), access(request), changeId, request.body.code);
      app.deps.kickOutbox();
      return { data: order };
    },
  );

  app.post(
    '/:id/email_changes/:change_id/actions/undo',
    limitedEndpoint(endpoints.undoOrderEmailChange, ROUTE_LIMITS.orderChanges),
    async (request, reply) => {
      await undoEmailChange(deps(), {
        orderId: request.params.id,
        changeId: request.params.change_id,
        token: request.body.token,
      });
      app.deps.kickOutbox();
      return reply.status(204).send();
    },
  );

  app.post(
    '/:id/actions/resend_tickets',
    limitedEndpoint(endpoints.resendOrderTickets, ROUTE_LIMITS.ticketResends),
    async (request, reply) => {
      await resendTickets(deps(), access(request), request.body?.lang);
      app.deps.kickOutbox();
      return reply.status(202).send({ data: { accepted: true } });
    },
  );

  app.get(
    '/:id/receipt.pdf',
    {
      schema: { params: orderIdParamsSchema, querystring: ticketPdfQuerySchema },
      preHandler: rateLimit(ROUTE_LIMITS.receipts),
    },
    async (request, reply) => {
      const { pdf, reference } = await receiptPdf(
        { db, now, mode: app.deps.config.mode },
        access(request),
        request.query.lang,
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="receipt-${reference}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};
