import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../../contract.ts';
import { idempotentCreate } from '../../../idempotent.ts';
import { rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { listAgencyApplications, updateAgencyApplication } from '../../../modules/ops/index.ts';

/**
 * The console's inbox of agencies' applications (docs/after-sale.md §7), registered inside `opsRoutes` beside
 * the tours' (modules/tours/routes.ts): its gate runs before these routes read or validate anything.
 * Operators and admins may use them. Every change commits with its audit entry.
 */
export const opsAgencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.deps;
  const limited = { preHandler: rateLimit(ROUTE_LIMITS.ops) };
  const actor = (request: FastifyRequest) => ({ userId: request.staff!.userId, email: request.staff!.email });

  app.get(
    '/agency_applications',
    { ...limited, schema: schemaOf(endpoints.opsListAgencyApplications) },
    async (request) => listAgencyApplications(db, request.query),
  );

  app.post(
    '/agency_applications/:id',
    { ...limited, schema: schemaOf(endpoints.opsUpdateAgencyApplication) },
    async (request, reply) =>
      idempotentCreate(
        request,
        reply,
        db,
        (tx) => updateAgencyApplication(tx, request.params.id, request.body, actor(request), now()),
        200,
      ),
  );
};
