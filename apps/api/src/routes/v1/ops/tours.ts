import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { TOUR_IMAGE_MAX_BYTES } from '@parvoz/contracts/ops-tours';
import { schemaOf } from '../../../contract.ts';
import { idempotentCreate } from '../../../idempotent.ts';
import { rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import {
  createOpsTour,
  getOpsTour,
  listOpsTours,
  setTourPublished,
  updateOpsTour,
  uploadTourImage,
} from '../../../services/ops-tours.ts';
import {
  listAgencyApplications,
  listTourRequests,
  updateAgencyApplication,
  updateTourRequest,
} from '../../../services/ops-inbox.ts';

/**
 * The console's tours and inboxes (issue 13 §7), registered inside `opsRoutes`: its gate (the 404 of an
 * unknown endpoint for anyone without a staff role) runs before these routes read or validate anything.
 * Operators and admins may use them all. Every change commits with its audit entry.
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

  // ---- Inboxes --------------------------------------------------------------------------------------------
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
