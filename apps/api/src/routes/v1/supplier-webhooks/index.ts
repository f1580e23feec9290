import type { FastifyPluginAsync } from 'fastify';
import { ApiFailure } from '../../../errors.ts';
import { rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { readChangesOfSupplierOrder } from '../../../services/airline-changes.ts';
import { checkDuffelSignature, duffelEventSchema, orderIdOf } from '../../../suppliers/duffel/webhook.ts';
import { errorText } from '../../../services/log.ts';

/** The one event this site acts on: the airline changed an order's flights. */
const CHANGE_DETECTED = 'order.airline_initiated_change_detected';

/**
 * POST /v1/webhooks/duffel (issue 15): Duffel's signed events. `order.airline_initiated_change_detected` makes the
 * order's changes read from Duffel's API at once (services/airline-changes.ts: kept, the traveller emailed, as the
 * periodic sync does) instead of up to DUFFEL_SYNC_SECONDS later. The signature covers the raw body, so JSON is read
 * as bytes here and parsed only once checked. Answers: 404 where no Duffel webhook secret is configured; 400 for a
 * missing, forged or stale signature or a body that is not an event (nothing read); 200 for an event taken — read,
 * about no order of ours, or of a type we do not use; 503 when Duffel cannot be asked, so Duffel delivers it again
 * (its deliveries are retried for 72 hours; a repeated event reads the same changes and changes nothing twice).
 */
export const supplierWebhookRoutes: FastifyPluginAsync = async (app) => {
  const { db, now, flights } = app.deps;
  const secret = app.deps.config.duffelWebhookSecret;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 256 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.post<{ Body: Buffer | undefined }>(
    '/duffel',
    { preHandler: rateLimit(ROUTE_LIMITS.supplierWebhooks) },
    async (request, reply) => {
      const duffel = flights.duffel;
      if (!secret || !duffel) throw new ApiFailure('not_found', 'No such endpoint.');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const problem = checkDuffelSignature(raw, request.headers['x-duffel-signature'], secret, now());
      if (problem) {
        request.log.warn({ reason: problem }, 'Duffel webhook rejected');
        throw new ApiFailure('malformed_request', 'The webhook signature is not valid.', { reason: problem });
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        parsed = undefined;
      }
      const event = duffelEventSchema.safeParse(parsed);
      if (!event.success)
        throw new ApiFailure('malformed_request', 'The body is not a Duffel event.', { reason: 'event' });
      const supplierOrderId = orderIdOf(event.data);
      if (event.data.type !== CHANGE_DETECTED || !supplierOrderId)
        return reply.send({ data: { received: true, effect: 'ignored' } });
      let added: number | null;
      try {
        added = await readChangesOfSupplierOrder(
          {
            db,
            duffel,
            now,
            log: request.log,
            network: flights.network,
            siteUrl: app.deps.publicOrigin,
            kickOutbox: app.deps.kickOutbox,
          },
          supplierOrderId,
        );
      } catch (error) {
        request.log.warn(
          { eventId: event.data.id, err: errorText(error) },
          'Duffel webhook: the order could not be read from Duffel; Duffel will deliver it again',
        );
        throw new ApiFailure('unavailable', 'The airline could not be reached. Please try again.', {
          reason: 'supplier_unavailable',
        });
      }
      return reply.send({
        data: { received: true, effect: added === null ? 'unknown_order' : 'changes_read' },
      });
    },
  );
};
