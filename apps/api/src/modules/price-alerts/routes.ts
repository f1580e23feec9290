import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { requireUser } from '../accounts/index.ts';
import { networkKey, limitedEndpoint, ROUTE_LIMITS } from '../../rate-limit.ts';
import {
  alertLinkOrigin,
  confirmPriceAlert,
  createPriceAlert,
  deletePriceAlert,
  listPriceAlerts,
  unsubscribePriceAlert,
} from './service.ts';
import { supplierFailure } from '../../suppliers/api-failure.ts';

/**
 * Price alerts (service.ts; contract in packages/contracts/src/price-alerts.ts):
 *   POST   /v1/price_alerts              anyone: 202, the confirmation link is emailed
 *   POST   /v1/price_alerts/confirm      { token }: the holder of the emailed link; unknown token 404
 *   POST   /v1/price_alerts/unsubscribe  { token }: likewise, no sign-in needed
 *   GET    /v1/price_alerts              signed in: the account's alerts; else 401
 *   DELETE /v1/price_alerts/:id          signed in: one of them; anyone else's 404
 */
export const priceAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.deps.db,
    now: app.deps.now,
    flights: app.deps.flights,
    config: app.deps.config,
  });

  app.post(
    '/',
    limitedEndpoint(endpoints.createPriceAlert, ROUTE_LIMITS.priceAlerts),
    async (request, reply) => {
      await createPriceAlert(deps(), request.body, alertLinkOrigin(app), supplierFailure);
      app.deps.kickOutbox();
      return reply.status(202).send({ data: { status: 'pending', email: request.body.email } });
    },
  );

  app.post(
    '/confirm',
    limitedEndpoint(endpoints.confirmPriceAlert, ROUTE_LIMITS.priceAlertLinks, networkKey),
    async (request) => ({
      data: await confirmPriceAlert(deps(), request.body.token, request.body.lang),
    }),
  );

  app.post(
    '/unsubscribe',
    limitedEndpoint(endpoints.unsubscribePriceAlert, ROUTE_LIMITS.priceAlertLinks, networkKey),
    async (request) => ({
      data: await unsubscribePriceAlert(deps(), request.body.token, request.body.lang),
    }),
  );

  app.get('/', limitedEndpoint(endpoints.listPriceAlerts, ROUTE_LIMITS.priceAlertsMine), async (request) => {
    const { userId } = requireUser(request.caller);
    return { data: await listPriceAlerts(deps(), userId, request.query.lang) };
  });

  app.delete(
    '/:id',
    limitedEndpoint(endpoints.deletePriceAlert, ROUTE_LIMITS.priceAlertsMine),
    async (request, reply) => {
      const { userId } = requireUser(request.caller);
      await deletePriceAlert(deps(), userId, request.params.id);
      return reply.status(204).send();
    },
  );
};
