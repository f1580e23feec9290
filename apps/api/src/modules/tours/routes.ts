import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { TOUR_IMAGE_MAX_BYTES } from '@parvoz/contracts/ops-tours';
import { DEFAULT_RATES, type ExchangeRates } from '@parvoz/core/money';
import { schemaOf } from '../../contract.ts';
import { ApiFailure } from '../../errors.ts';
import { idempotentCreate } from '../../idempotent.ts';
import { operatorContact } from '../mail/index.ts';
import { limitedEndpoint, rateLimit, ROUTE_LIMITS } from '../../rate-limit.ts';
import { listTourRequests, updateTourRequest } from './inbox.ts';
import {
  createOpsTour,
  getOpsTour,
  listOpsTours,
  readTourImage,
  setTourPublished,
  updateOpsTour,
  uploadTourImage,
} from './ops.ts';
import { createTourRequest, getTour, listTours, seedDemoTours } from './service.ts';

/** Last-minute tours: the list with filters, one tour, and a traveller's request (emailed to the operator). */
export const tourRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, now } = app.deps;
  const rates: ExchangeRates = { ...DEFAULT_RATES, ...config.exchangeRates };
  if (config.demoTours) await seedDemoTours(db, now());

  app.get('/', { schema: schemaOf(endpoints.listTours) }, async (request, reply) => {
    reply.header('Cache-Control', 'public, max-age=60');
    return listTours({ db, now: now(), rates }, request.query);
  });

  /** A tour's picture uploaded in the console (docs/after-sale.md §7): ids are random, the bytes never change. */
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

/**
 * The console's tours and tour requests (docs/after-sale.md §7), registered inside `opsRoutes`
 * (routes/v1/ops): its gate (the 404 of an unknown endpoint for anyone without a staff role) runs before
 * these routes read or validate anything. Operators and admins may use them all. Every change commits with
 * its audit entry.
 */
export const opsTourRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.deps;
  const limited = { preHandler: rateLimit(ROUTE_LIMITS.ops) };
  const actor = (request: FastifyRequest) => ({ userId: request.staff!.userId, email: request.staff!.email });

  // ---- Tours ----------------------------------------------------------------------------------------------
  app.get('/tours', { ...limited, schema: schemaOf(endpoints.opsListTours) }, async () => ({
    data: await listOpsTours(db),
  }));

  app.post('/tours', { ...limited, schema: schemaOf(endpoints.opsCreateTour) }, async (request, reply) =>
    idempotentCreate(request, reply, db, (tx) => createOpsTour(tx, request.body, actor(request), now())),
  );

  app.get('/tours/:id', { ...limited, schema: schemaOf(endpoints.opsGetTour) }, async (request) => ({
    data: await getOpsTour(db, request.params.id),
  }));

  app.put('/tours/:id', { ...limited, schema: schemaOf(endpoints.opsUpdateTour) }, async (request) => ({
    data: await db.transaction((tx) =>
      updateOpsTour(tx, request.params.id, request.body, actor(request), now()),
    ),
  }));

  for (const [path, published, contract] of [
    ['publish', true, endpoints.opsPublishTour],
    ['unpublish', false, endpoints.opsUnpublishTour],
  ] as const) {
    app.post(`/tours/:id/${path}`, { ...limited, schema: schemaOf(contract) }, async (request, reply) =>
      idempotentCreate(
        request,
        reply,
        db,
        (tx) => setTourPublished(tx, request.params.id, published, actor(request), now()),
        200,
      ),
    );
  }

  /**
   * The picture, as base64 in JSON (what the web's form sends on): at most 5 MB of bytes, JPEG, PNG or WebP
   * by its first bytes. A larger body is refused (413) before it is parsed.
   */
  app.post(
    '/tours/:id/image',
    {
      ...limited,
      bodyLimit: Math.ceil(TOUR_IMAGE_MAX_BYTES / 3) * 4 + 4096,
      schema: schemaOf(endpoints.opsUploadTourImage),
    },
    async (request, reply) =>
      idempotentCreate(
        request,
        reply,
        db,
        (tx) => uploadTourImage(tx, request.params.id, request.body.data_base64, actor(request), now()),
        200,
      ),
  );

  // ---- Tour requests --------------------------------------------------------------------------------------------
  app.get(
    '/tour_requests',
    { ...limited, schema: schemaOf(endpoints.opsListTourRequests) },
    async (request) => listTourRequests(db, request.query),
  );

  app.post(
    '/tour_requests/:id',
    { ...limited, schema: schemaOf(endpoints.opsUpdateTourRequest) },
    async (request, reply) =>
      idempotentCreate(
        request,
        reply,
        db,
        (tx) => updateTourRequest(tx, request.params.id, request.body, actor(request), now()),
        200,
      ),
  );
};
