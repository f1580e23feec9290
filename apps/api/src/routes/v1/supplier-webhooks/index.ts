import type { FastifyPluginAsync } from 'fastify';
import { ApiFailure } from '../../../errors.ts';
import { rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { readChangesOfSupplierOrder } from '../../../modules/after-sale/index.ts';
import { errorText } from '../../../platform/log.ts';
import { settleCreation } from '../../../modules/supplier-orders/index.ts';

/**
 * POST /v1/webhooks/<supplier> (docs/suppliers.md, "Webhooks"): a supplier's signed
 * events. One that says the airline changed an order's flights makes the order's changes read from the supplier's
 * API at once (modules/after-sale/airline-changes.ts: kept, the traveller emailed, as the periodic sync does) instead of at the
 * next sync. The signature covers the raw body, so JSON is read as bytes here and parsed only once checked.
 * Answers: 404 where the supplier or its webhook secret is not configured; 400 for a missing, forged or stale
 * signature or a body that is not an event (nothing read); 200 for an event taken — read, about no order of ours,
 * or of a type we do not use; 503 when the supplier cannot be asked, so it delivers the event again (a repeated
 * event reads the same changes and changes nothing twice).
 */
export const supplierWebhookRoutes: FastifyPluginAsync = async (app) => {
  const { db, now, flights } = app.deps;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 256 * 1024 },
    (_req, body, done) => done(null, body),
  );

  for (const { id, name } of flights.suppliers.known)
    app.post<{ Body: Buffer | undefined }>(
      `/${id}`,
      { preHandler: rateLimit(ROUTE_LIMITS.supplierWebhooks) },
      async (request, reply) => {
        const webhook = flights.suppliers.webhook(id);
        const supplier = flights.suppliers.orders(id);
        if (!webhook || !supplier) throw new ApiFailure('not_found', 'No such endpoint.');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const problem = webhook.checkSignature(raw, request.headers, now());
        if (problem) {
          request.log.warn({ reason: problem }, `${name} webhook rejected`);
          throw new ApiFailure('malformed_request', 'The webhook signature is not valid.', {
            reason: problem,
          });
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          parsed = undefined;
        }
        const event = webhook.parseEvent(parsed);
        if (!event)
          throw new ApiFailure('malformed_request', `The body is not a ${name} event.`, { reason: 'event' });
        // A creation settled (after a 202): recorded on our order, which the supplier-payment pass then settles.
        if (event.creation) {
          const changed = await settleCreation(db, id, event.creation, now());
          return reply.send({ data: { received: true, effect: changed ? 'creation_settled' : 'ignored' } });
        }
        const supplierOrderId = event.changedOrderId;
        if (!supplierOrderId) return reply.send({ data: { received: true, effect: 'ignored' } });
        let added: number | null;
        try {
          added = await readChangesOfSupplierOrder(
            {
              db,
              supplier,
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
            { eventId: event.id, err: errorText(error) },
            `${name} webhook: the order could not be read from ${name}; ${name} will deliver it again`,
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
