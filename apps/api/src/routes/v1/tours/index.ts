import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { DEFAULT_RATES, type ExchangeRates } from '@parvoz/core/money';
import { schemaOf } from '../../../contract.ts';
import { ApiFailure } from '../../../errors.ts';
import { idempotentCreate } from '../../../idempotent.ts';
import { operatorContact } from '../../../services/operator-mail.ts';
import { limitedEndpoint, rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { readTourImage } from '../../../services/ops-tours.ts';
import { createTourRequest, getTour, listTours, seedDemoTours } from '../../../services/tours.ts';

/** Last-minute tours: the list with filters, one tour, and a traveller's request (emailed to the operator). */
export const tourRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.deps;
  const rates: ExchangeRates = { ...DEFAULT_RATES, ...config.exchangeRates };
  if (config.demoTours) await seedDemoTours(db, now());

  app.get('/', { schema: schemaOf(endpoints.listTours) }, async (request, reply) => {
    reply.header('Cache-Control', 'public, max-age=60');
    return listTours({ db, now: now(), rates }, request.query);
  });

  /** A tour's picture uploaded in the console (issue 13 §7): ids are random, the bytes never change. */
  app.get(
    '/images/:id',
    { schema: { params: z.object({ id: z.uuid() }) }, preHandler: rateLimit(ROUTE_LIMITS.tourImages) },
    async (request, reply) => {
      const image = await readTourImage(db, request.params.id);
      if (!image) throw new ApiFailure('not_found', 'No such picture.');
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .type(image.contentType)
        .send(image.bytes);
    },
  );

  app.get('/:slug', { schema: schemaOf(endpoints.getTour) }, async (request, reply) => {
    const tour = await getTour(
      { db, now: now(), rates },
      request.params.slug,
      request.query.lang,
      request.query.currency,
    );
    if (!tour) throw new ApiFailure('not_found', 'No such tour on sale.');
    reply.header('Cache-Control', 'public, max-age=60');
    return { data: tour };
  });

  app.post(
    '/:slug/requests',
    limitedEndpoint(endpoints.requestTour, ROUTE_LIMITS.forms),
    async (request, reply) => {
      const operator = operatorContact(config, app.deps.publicOrigin());
      const userId = request.caller.kind === 'user' ? request.caller.userId : null;
      const sent = await idempotentCreate(request, reply, db, (tx) =>
        createTourRequest({ db: tx, now: now(), rates, operator, userId }, request.params.slug, request.body),
      );
      app.deps.kickOutbox();
      return sent;
    },
  );
};
