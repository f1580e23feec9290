import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Database } from '@parvoz/db';
import { fromMajorString, isCurrencyCode } from '@parvoz/core/money';
import { schemaOf } from '../../../contract.ts';
import { ApiFailure, sendError } from '../../../errors.ts';
import { idempotentCreate } from '../../../idempotent.ts';
import { bookingsTotal } from '../../../metrics.ts';
import { rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import * as afterSaleHistory from '../../../modules/after-sale/index.ts';
import {
  cancellationOrderId,
  confirmCancellation,
  createCancellation,
} from '../../../modules/after-sale/index.ts';
import { loadOrder, orderRow, presentOrder, STAFF_ACCESS } from '../../../modules/orders/index.ts';
import { orderRefunds, orderSupplier, orderTimeline, searchOrders } from '../../../modules/ops/index.ts';
import { opsOverviewRoutes } from './overview.ts';
import { correctContact } from '../../../modules/ops/index.ts';
import { resendTickets } from '../../../modules/after-sale/index.ts';
import { refundStatusOfOrder, reopenFailedRefund, startRefunds } from '../../../modules/payments/index.ts';
import { recordAudit, staffOf, type Staff } from '../../../modules/ops/index.ts';
import { opsStaffRoutes } from '../../../modules/ops/routes.ts';
import { opsTourRoutes } from '../../../modules/tours/routes.ts';
import { tourAuditSubjects } from '../../../modules/tours/index.ts';
import { opsPricingRoutes } from '../../../modules/pricing/routes.ts';
import { opsPromoCodeRoutes } from '../../../modules/promo-codes/routes.ts';
import { opsBooksRoutes } from '../../../modules/books/routes.ts';
import { opsAgencyRoutes } from './agency-applications.ts';
import { opsTicketingRoutes } from './ticketing.ts';
import { consoleOpen } from '@parvoz/core/second-factor';
import { secondFactorRoutes } from '../../../second-factor/routes.ts';
import { statusOf } from '../../../second-factor/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: Staff;
  }
  interface FastifyContextConfig {
    /** Console routes only admins may use (operators get the 404 of an unknown endpoint). */
    adminOnly?: boolean;
    /** Console routes open to a session that has not passed the second factor (its own routes and `/me`). */
    secondFactorOpen?: boolean;
  }
}

/** The same answer as an unknown route: the console's existence is not disclosed to anyone else. */
const hidden = (request: FastifyRequest, reply: FastifyReply) =>
  sendError(reply, 'not_found', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);

/**
 * The agency's console API (docs/after-sale.md §5–§6), for signed-in staff only: anyone else — anonymous, a
 * traveller, an operator on an admin route — gets the 404 of an unknown endpoint, before the request is
 * even validated. Every action is written to the append-only audit log with who did it.
 */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.deps;

  app.addHook('onRequest', async (request, reply) => {
    const staff = request.caller.kind === 'user' ? await staffOf(db, request.caller.userId) : null;
    if (!staff) return hidden(request, reply);
    const adminOnly = request.routeOptions.config?.adminOnly;
    if (adminOnly && staff.role !== 'admin') return hidden(request, reply);
    request.staff = staff;
    // The second factor (docs/decisions/0023-console-second-factor.md): an admin, or an operator who enrolled one, passes it once per
    // session before anything else of the console (a typed 403 the console's pages turn into its page).
    if (request.routeOptions.config?.secondFactorOpen) return;
    const status = await statusOf(db, {
      staff,
      sessionId: (request.caller as { sessionId: string }).sessionId,
    });
    if (!consoleOpen(status))
      return sendError(reply, 'second_factor_required', 'Pass the second factor to use the console.', {
        status,
      });
  });
  const limited = { preHandler: rateLimit(ROUTE_LIMITS.ops) };
  const actor = (request: FastifyRequest) => ({ userId: request.staff!.userId, email: request.staff!.email });
  const existingOrder = async (tx: Database, id: string) => {
    if (!(await orderRow(tx, id))) throw new ApiFailure('not_found', 'No such order.');
  };

  app.get(
    '/me',
    { ...limited, config: { secondFactorOpen: true }, schema: schemaOf(endpoints.opsMe) },
    async (request) => ({
      data: {
        email: request.staff!.email,
        role: request.staff!.role,
        second_factor: await statusOf(db, {
          staff: request.staff!,
          sessionId: (request.caller as { sessionId: string }).sessionId,
        }),
      },
    }),
  );
  // Behind the gate: the overview, second factor (ADR 0023), tours, agencies' applications, ticketing tasks,
  // staff and the audit log, pricing rules, promo codes and the books' reports (admins only).
  const gated = [
    opsOverviewRoutes,
    secondFactorRoutes,
    opsTourRoutes,
    opsAgencyRoutes,
    opsTicketingRoutes,
    opsPricingRoutes,
    opsPromoCodeRoutes,
    opsBooksRoutes,
  ];
  for (const routes of gated) await app.register(routes);
  // The audit log names tours and tour requests with the tours' own readers.
  await app.register(opsStaffRoutes, { subjects: tourAuditSubjects });

  app.get('/orders', { ...limited, schema: schemaOf(endpoints.opsSearchOrders) }, async (request) => ({
    data: await searchOrders(db, request.query),
  }));

  app.get('/orders/:id', { ...limited, schema: schemaOf(endpoints.opsGetOrder) }, async (request, reply) => {
    const order = await loadOrder(db, request.params.id);
    if (!order) return sendError(reply, 'not_found', 'No such order.');
    return {
      data: {
        order: presentOrder(order, now()),
        timeline: (await orderTimeline(db, order.row.id, afterSaleHistory))!,
        refunds: await orderRefunds(db, order.row.id),
        supplier: orderSupplier(order.row),
      },
    };
  });

  /** An internal note: an audit entry (never shown to the traveller). */
  app.post(
    '/orders/:id/notes',
    { ...limited, schema: schemaOf(endpoints.opsAddOrderNote) },
    async (request, reply) =>
      idempotentCreate(request, reply, db, async (tx) => {
        await existingOrder(tx, request.params.id);
        await recordAudit(tx, {
          actor: actor(request),
          action: 'order.note',
          targetType: 'order',
          targetId: request.params.id,
          details: { text: request.body.text },
          at: now(),
        });
        return { recorded: true };
      }),
  );

  /** The quote: what the traveller gets back by the fare rules, if the order is cancelled now. */
  app.post(
    '/orders/:id/cancellations',
    { ...limited, schema: schemaOf(endpoints.opsQuoteCancellation) },
    async (request, reply) =>
      idempotentCreate(request, reply, db, (tx) =>
        createCancellation(
          { db: tx, now, suppliers: app.deps.flights.suppliers },
          STAFF_ACCESS,
          request.params.id,
          undefined,
        ),
      ),
  );

  /**
   * Confirms a quote of this order, with its refund or (admins, `override`) another amount and a reason. The
   * audit entry is written in the cancellation's transaction; a confirmed quote is answered as it is.
   */
  async function cancel(
    request: FastifyRequest<{ Params: { id: string }; Body: { cancellation_id: string } }>,
    reply: FastifyReply,
    override?: { amount: string; reason: string },
  ) {
    // A quote of another order (or none): nothing is done.
    if ((await cancellationOrderId(db, request.body.cancellation_id)) !== request.params.id)
      throw new ApiFailure('not_found', 'No such order cancellation.');
    const quote = await orderRow(db, request.params.id);
    if (!quote) throw new ApiFailure('not_found', 'No such order cancellation.');
    let refundOverrideMinor: number | undefined;
    if (override) {
      const amount = isCurrencyCode(quote.currency) ? fromMajorString(override.amount, quote.currency) : null;
      if (!amount)
        throw new ApiFailure('validation_failed', 'The request is not valid.', [
          { in: 'body', path: '/refund_amount', message: `not an amount of ${quote.currency}` },
        ]);
      refundOverrideMinor = amount.amount;
    }
    let confirmed: Awaited<ReturnType<typeof confirmCancellation>> | undefined;
    const sent = await idempotentCreate(
      request,
      reply,
      db,
      async (tx) => {
        confirmed = await confirmCancellation(
          { db: tx, now, suppliers: app.deps.flights.suppliers, log: request.log },
          STAFF_ACCESS,
          request.body.cancellation_id,
          undefined,
          app.deps.publicOrigin(),
          {
            ...(refundOverrideMinor !== undefined ? { refundOverrideMinor } : {}),
            audit: (inner, details) =>
              recordAudit(inner, {
                actor: actor(request),
                action: override ? 'order.cancelled_with_override' : 'order.cancelled',
                targetType: 'order',
                targetId: request.params.id,
                details: override ? { ...details, reason: override.reason } : details,
                at: now(),
              }),
          },
        );
        return confirmed.cancellation;
      },
      200,
    );
    // Committed: ask the provider for the refund, send the emails.
    if (confirmed && confirmed.refundIds.length > 0)
      await startRefunds(
        { db, now, providers: app.deps.payments, siteUrl: app.deps.publicOrigin },
        confirmed.refundIds,
        request.log,
      );
    if (confirmed?.cancelled) {
      bookingsTotal.inc({ status: 'cancelled' });
      app.deps.kickOutbox();
    }
    return sent;
  }

  app.post(
    '/orders/:id/cancel',
    { ...limited, schema: schemaOf(endpoints.opsCancelOrder) },
    (request, reply) => cancel(request, reply),
  );

  app.post(
    '/orders/:id/cancel_with_override',
    {
      ...limited,
      config: { adminOnly: true },
      schema: schemaOf(endpoints.opsCancelOrderWithOverride),
    },
    (request, reply) =>
      cancel(request, reply, { amount: request.body.refund_amount, reason: request.body.reason }),
  );

  /** A refund the provider refused, asked for again (docs/after-sale.md): pending anew, then asked once committed. */
  app.post(
    '/orders/:id/refunds/:refund_id/retry',
    { ...limited, schema: schemaOf(endpoints.opsRetryRefund) },
    async (request, reply) => {
      const { id: orderId, refund_id: refundId } = request.params;
      const sent = await idempotentCreate(
        request,
        reply,
        db,
        async (tx) => {
          const known = await refundStatusOfOrder(tx, orderId, refundId);
          if (!known) throw new ApiFailure('not_found', 'No such refund.');
          const reopened = await reopenFailedRefund(tx, { orderId, refundId, now: now() });
          if (!reopened)
            throw new ApiFailure(
              'unprocessable',
              'Only a refund the provider refused can be asked for again.',
              {
                reason: 'refund_not_failed',
              },
            );
          await recordAudit(tx, {
            actor: actor(request),
            action: 'refund.retried',
            targetType: 'order',
            targetId: orderId,
            details: {
              refund_id: refundId,
              failure_reason: reopened.failureReason,
              attempt: reopened.retries + 1,
            },
            at: now(),
          });
          return { refund_id: refundId, status: 'pending' as const };
        },
        200,
      );
      // Asked once committed (a replayed answer asks again: the provider's refund is keyed, nothing doubles).
      if (reply.statusCode === 200)
        await startRefunds(
          { db, now, providers: app.deps.payments, siteUrl: app.deps.publicOrigin },
          [refundId],
          request.log,
        );
      return sent;
    },
  );

  /** The confirmation with the e-ticket again, to the contact email (booked and paid orders only). */
  app.post(
    '/orders/:id/resend_confirmation',
    { ...limited, schema: schemaOf(endpoints.opsResendConfirmation) },
    async (request, reply) => {
      const sent = await idempotentCreate(
        request,
        reply,
        db,
        async (tx) => {
          await resendTickets(
            {
              db: tx,
              now,
              siteUrl: app.deps.publicOrigin(),
              audit: (inner, details) =>
                recordAudit(inner, {
                  actor: actor(request),
                  action: 'order.confirmation_resent',
                  targetType: 'order',
                  targetId: request.params.id,
                  details,
                  at: now(),
                }),
            },
            { caller: STAFF_ACCESS, orderId: request.params.id, accessToken: undefined },
            request.body.lang,
          );
          return { accepted: true };
        },
        200,
      );
      app.deps.kickOutbox();
      return sent;
    },
  );

  /** The contact corrected by an operator (the traveller is emailed about a new phone or email). */
  app.post(
    '/orders/:id/correct_contact',
    { ...limited, schema: schemaOf(endpoints.opsCorrectContact) },
    async (request, reply) => {
      const { reason, ...contact } = request.body;
      const sent = await idempotentCreate(
        request,
        reply,
        db,
        (tx) =>
          correctContact(tx, {
            orderId: request.params.id,
            contact,
            siteUrl: app.deps.publicOrigin(),
            now: now(),
            audit: (details) =>
              recordAudit(tx, {
                actor: actor(request),
                action: 'order.contact_corrected',
                targetType: 'order',
                targetId: request.params.id,
                details: { ...details, reason },
                at: now(),
              }),
          }),
        200,
      );
      app.deps.kickOutbox();
      return sent;
    },
  );
};
