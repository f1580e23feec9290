import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../../contract.ts';
import { requireUser } from '../../../modules/accounts/index.ts';
import { listOrders } from '../../../modules/orders/index.ts';

/** GET /v1/orders?status=active|history: the signed-in user's orders (docs/design.md §4). */
export const orderListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: schemaOf(endpoints.listOrders) }, async (request) => {
    const { userId } = requireUser(request.caller);
    return { data: await listOrders(app.deps.db, userId, request.query.status, app.deps.now()) };
  });
};
