import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { bookingsTotal } from '../../../metrics.ts';
import { limitedEndpoint, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { confirmCancellation, createCancellation } from '../../../modules/after-sale/index.ts';
import { startRefunds } from '../../../modules/payments/index.ts';

/**
 * Cancelling an order (modules/after-sale/cancellations.ts; contract in
 * packages/contracts/src/order-cancellations.ts):
 *   POST /v1/order_cancellations                       { order_id } → 201 the quote (a pending cancellation)
 *   POST /v1/order_cancellations/:id/actions/confirm   → 200 confirmed: order cancelled, seats released,
 *                                                        a paid order's tickets voided and refund started
 * Both for the order's signed-in owner or `?access_token=` of the order; anyone else 404. Rate-limited.
 */
export const orderCancellationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.deps;

  app.post(
    '/',
    limitedEndpoint(endpoints.quoteOrderCancellation, ROUTE_LIMITS.cancellations),
    async (request, reply) => {
      const cancellation = await createCancellation(
        { db, now, suppliers: app.deps.flights.suppliers },
        request.caller,
        request.body.order_id,
        request.query.access_token,
      );
      return reply.status(201).send({ data: cancellation });
    },
  );

  app.post(
    '/:id/actions/confirm',
    limitedEndpoint(endpoints.confirmOrderCancellation, ROUTE_LIMITS.cancellations),
    async (request) => {
      const confirmed = await confirmCancellation(
        { db, now, suppliers: app.deps.flights.suppliers, log: request.log },
        request.caller,
        request.params.id,
        request.query.access_token,
        app.deps.publicOrigin(),
      );
      if (confirmed.refundIds.length > 0)
        await startRefunds(
          { db, now, providers: app.deps.payments, siteUrl: app.deps.publicOrigin },
          confirmed.refundIds,
          request.log,
        );
      if (confirmed.cancelled) {
        bookingsTotal.inc({ status: 'cancelled' });
        app.deps.kickOutbox();
      }
      return { data: confirmed.cancellation };
    },
  );
};
