import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { idempotentCreate } from '../../../idempotent.ts';
import { operatorContact } from '../../../modules/mail/index.ts';
import { limitedEndpoint, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { createAgencyApplication } from '../../../modules/ops/index.ts';

/** The agency programme: an agency's application, stored and emailed to the operator. */
export const agencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.deps;

  app.post(
    '/applications',
    limitedEndpoint(endpoints.applyAsAgency, ROUTE_LIMITS.forms),
    async (request, reply) => {
      const operator = operatorContact(config, app.deps.publicOrigin());
      const sent = await idempotentCreate(request, reply, db, (tx) =>
        createAgencyApplication({ db: tx, now: now(), operator }, request.body),
      );
      app.deps.kickOutbox();
      return sent;
    },
  );
};
