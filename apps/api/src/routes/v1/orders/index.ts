import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema, ticketPdfQuerySchema } from '@parvoz/contracts/booking';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../../contract.ts';
import { clientIp } from '../../../client-ip.ts';
import { ApiFailure } from '../../../errors.ts';
import { idempotencyScope } from '../../../idempotent.ts';
import { bookingsTotal, paymentsTotal } from '../../../metrics.ts';
import { isDemoDocument, payableInMode } from '../../../payments/mode.ts';
import { chooseProvider, offeredProviders } from '../../../payments/selection.ts';
import { limitedEndpoint, networkKey, rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { renderETicketPdf } from '../../../modules/documents/index.ts';
import { sendAccessLink } from '../../../modules/orders/index.ts';
import { orderPagePath } from '../../../modules/orders/index.ts';
import { createOrder } from '../../../modules/booking/index.ts';
import { loadOrder, loadOrderFor, presentOrder } from '../../../modules/orders/index.ts';
import { acceptAirlineChange } from '../../../modules/after-sale/index.ts';
import { startPayment } from '../../../modules/payments/index.ts';

/**
 * Orders (docs/design.md §4; the shapes are in packages/contracts/src/booking.ts, the endpoints in
 * endpoints.ts):
 *   POST /v1/orders                    book (Idempotency-Key required)
 *   GET  /v1/orders/:id                the order (signed-in owner, or ?access_token=)
 *   GET  /v1/orders/:id/payment_options  the providers it may be paid with (payments/selection.ts)
 *   POST /v1/orders/:id/payments       start paying at one of them: { data: { redirect_url, provider } }
 *   POST /v1/orders/:id/airline_changes/:change_id/actions/accept   accept the airline's change (supplier orders)
 *   GET  /v1/orders/:id/ticket.pdf     the e-ticket once paid (a PDF: no contract, see uncontractedRoutes)
 *   POST /v1/orders/lookup             "where is my ticket": emails the access link; always 202
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now, config } = app.deps;
  const providers = app.deps.payments;

  // A booking with a promo code spends the codes' budget too: codes cannot be tried by booking (rate-limit.ts).
  const promoBudget = rateLimit(ROUTE_LIMITS.promoCodes, networkKey);
  app.post('/', limitedEndpoint(endpoints.createOrder, ROUTE_LIMITS.orders), async (request, reply) => {
    if (request.body.promo_code) await promoBudget.call(app, request, reply);
    const key = request.headers['idempotency-key'];
    const result = await createOrder(
      { db, config, flights: app.deps.flights, now },
      request.caller,
      clientIp(request),
      request.body,
      { key: typeof key === 'string' ? key : undefined, scope: idempotencyScope(request) },
      (outcome) => bookingsTotal.inc({ status: outcome }),
    );
    return reply.status(result.status).send(result.body);
  });

  app.post(
    '/lookup',
    limitedEndpoint(endpoints.lookupOrder, ROUTE_LIMITS.lookups),
    async (request, reply) => {
      await sendAccessLink({ db, now }, request.body, app.deps.publicOrigin());
      app.deps.kickOutbox();
      return reply.status(202).send({ data: { accepted: true } });
    },
  );

  app.get('/:id', { schema: schemaOf(endpoints.getOrder) }, async (request) => {
    const order = await loadOrderFor(db, request.params.id, request.caller, request.query.access_token);
    return { data: presentOrder(order, now()) };
  });

  app.post(
    '/:id/airline_changes/:change_id/actions/accept',
    limitedEndpoint(endpoints.acceptAirlineChange, ROUTE_LIMITS.orders),
    async (request) => {
      const order = await loadOrderFor(db, request.params.id, request.caller, request.query.access_token);
      const { suppliers } = app.deps.flights;
      if (suppliers.connected.length === 0 || order.row.bookingStatus === 'cancelled')
        throw new ApiFailure('unprocessable', 'This change cannot be accepted here.', {
          reason: 'not_acceptable',
        });
      await acceptAirlineChange(
        {
          db,
          suppliers,
          now,
          log: request.log,
          network: app.deps.flights.network,
          siteUrl: app.deps.publicOrigin,
          kickOutbox: app.deps.kickOutbox,
        },
        order.row.id,
        request.params.change_id,
      );
      return { data: presentOrder((await loadOrder(db, order.row.id))!, now()) };
    },
  );

  /**
   * The providers an order is offered, never none: a live site takes no payment for a demonstration order, and
   * none in a currency no real provider takes (the sandbox does not exist there); both are a 422 saying why
   * (docs/operations.md, "Demo and live mode").
   */
  const offeredFor = (order: { supplier: string | null; currency: string }): string[] => {
    if (!payableInMode(app.deps.config.mode, order))
      throw new ApiFailure('unprocessable', 'This demonstration order cannot be paid on this site.', {
        reason: 'demo_order',
      });
    const offered = offeredProviders(providers, order.currency);
    if (offered.length === 0)
      throw new ApiFailure(
        'unprocessable',
        `No payment provider of this site takes ${order.currency}: book in another currency.`,
        { reason: 'currency_not_payable', currency: order.currency },
      );
    return offered;
  };

  app.get(
    '/:id/payment_options',
    limitedEndpoint(endpoints.orderPaymentOptions, ROUTE_LIMITS.paymentOptions),
    async (request) => {
      const order = await loadOrderFor(db, request.params.id, request.caller, request.query.access_token);
      const offered = offeredFor(order.row);
      return { data: { providers: offered.map((name) => ({ name })) } };
    },
  );

  app.post(
    '/:id/payments',
    limitedEndpoint(endpoints.startOrderPayment, ROUTE_LIMITS.orders),
    async (request, reply) => {
      const order = await loadOrderFor(db, request.params.id, request.caller, request.query.access_token);
      const offered = offeredFor(order.row);
      const name = chooseProvider(offered, request.body?.provider);
      if (!name)
        throw new ApiFailure('unprocessable', 'This payment provider is not offered for this order.', {
          reason: 'provider_not_offered',
          offered,
        });
      const started = await startPayment(
        { db, now, provider: providers.get(name)! },
        request.caller,
        request.params.id,
        request.query.access_token,
        request.body?.lang,
      );
      if (started.created) paymentsTotal.inc({ status: 'started' });
      return reply.status(201).send({ data: { redirect_url: started.redirect_url, provider: name } });
    },
  );

  app.get(
    '/:id/ticket.pdf',
    { schema: { params: orderIdParamsSchema, querystring: ticketPdfQuerySchema } },
    async (request, reply) => {
      const order = await loadOrderFor(db, request.params.id, request.caller, request.query.access_token);
      const view = presentOrder(order, now());
      if (view.payment_status !== 'paid' || view.booking_status !== 'booked') {
        throw new ApiFailure('not_found', 'The e-ticket is issued once the order is paid.');
      }
      const lang = request.query.lang ?? view.lang;
      // The PDF's link carries the token it was fetched with (no new one per download); the owner's has none.
      const token = order.access === 'token' ? request.query.access_token : undefined;
      const link = app.deps.publicOrigin() + orderPagePath(lang, view.id, token);
      const pdf = await renderETicketPdf(view, lang, link, {
        demo: isDemoDocument(app.deps.config.mode, order.row),
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="e-ticket-${view.booking_reference}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};
