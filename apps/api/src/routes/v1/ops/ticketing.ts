import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../../contract.ts';
import { rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { currentOrder } from '../../../modules/orders/index.ts';
import { startRefunds } from '../../../modules/payments/index.ts';
import {
  allowNewCreation,
  cancelAndRefundTicketing,
  retryTicketing,
  type TicketingTaskDeps,
} from '../../../modules/supplier-orders/index.ts';

/**
 * The console's ways out of a paid order the supplier would not ticket (modules/supplier-orders/ticketing-tasks.ts), registered
 * inside `opsRoutes` behind its gate: retry, or cancel the supplier's hold and refund the traveller in full, and for a
 * creation with no known outcome that the operator found absent at the supplier, create it again (docs/duffel.md).
 * Each answers the order as its traveller now sees it. Settled once: a second call finds no problem to settle.
 */
export const opsTicketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.deps;
  const limited = { preHandler: rateLimit(ROUTE_LIMITS.ops) };
  const actor = (request: FastifyRequest) => ({ userId: request.staff!.userId, email: request.staff!.email });
  const deps: TicketingTaskDeps = {
    db,
    now,
    log: app.log,
    supplierOf: (id) => app.deps.flights.suppliers.connected.find((s) => s.orders.id === id)?.orders,
    siteUrl: app.deps.publicOrigin,
    startRefunds: (refundIds) =>
      startRefunds(
        { db, now, providers: app.deps.payments, siteUrl: app.deps.publicOrigin },
        refundIds,
        app.log,
      ),
    kickSupplierPayments: () => app.deps.kickSupplierPayments(),
    kickOutbox: app.deps.kickOutbox,
  };

  app.post(
    '/orders/:id/ticketing/retry',
    { ...limited, schema: schemaOf(endpoints.opsRetryTicketing) },
    async (request) => {
      await retryTicketing(deps, request.params.id, actor(request));
      return { data: await currentOrder(db, request.params.id, now()) };
    },
  );

  app.post(
    '/orders/:id/ticketing/refund',
    { ...limited, schema: schemaOf(endpoints.opsRefundTicketing) },
    async (request) => {
      await cancelAndRefundTicketing(deps, request.params.id, actor(request));
      return { data: await currentOrder(db, request.params.id, now()) };
    },
  );

  app.post(
    '/orders/:id/ticketing/create-again',
    { ...limited, schema: schemaOf(endpoints.opsCreateTicketingAgain) },
    async (request) => {
      await allowNewCreation(deps, request.params.id, actor(request));
      return { data: await currentOrder(db, request.params.id, now()) };
    },
  );
};
