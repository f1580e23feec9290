import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { opsExportSchema } from '@parvoz/contracts/ops';
import { idempotentCreate } from '../../../idempotent.ts';
import { limitedEndpoint, rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { ordersCsv, outboxState, overview, retryEmail } from '../../../modules/ops/index.ts';

/**
 * The console's overview (docs/after-sale.md §8), registered inside the console plugin (ops/index.ts) so that
 * its gate applies: anyone without a role gets the 404 of an unknown endpoint. Operators and admins alike.
 */
export const opsOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now, searches } = app.deps;

  app.get('/overview', limitedEndpoint(endpoints.opsOverview, ROUTE_LIMITS.opsOverview), async () => {
    // This process's searches not yet written are written first, so the figures are as fresh as can be.
    await searches.flush();
    return { data: await overview(db, now()) };
  });

  app.get('/outbox', limitedEndpoint(endpoints.opsOutbox, ROUTE_LIMITS.opsOverview), async () => ({
    data: await outboxState(db),
  }));

  app.post(
    '/outbox/:id/retry',
    limitedEndpoint(endpoints.opsRetryEmail, ROUTE_LIMITS.ops),
    async (request, reply) => {
      const staff = request.staff!;
      const sent = await idempotentCreate(
        request,
        reply,
        db,
        (tx) =>
          retryEmail(tx, {
            id: request.params.id,
            actor: { userId: staff.userId, email: staff.email },
            now: now(),
          }),
        200,
      );
      app.deps.kickOutbox();
      return sent;
    },
  );

  app.get(
    '/orders.csv',
    { preHandler: rateLimit(ROUTE_LIMITS.opsExport), schema: { querystring: opsExportSchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${from}-${to}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(await ordersCsv(db, { from, to }));
    },
  );
};
