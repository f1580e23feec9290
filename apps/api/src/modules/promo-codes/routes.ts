/**
 * The console's promo codes (docs/decisions/0029-promo-codes.md), admins only: a plugin registered by
 * routes/v1/ops/index.ts inside the console's gate, which answers anyone else the 404 of an unknown endpoint
 * (`adminOnly`). Every write is a new version, audited. The booking page's check of a code is the booking's
 * (`promoQuoteRoutes` in routes/v1/orders/promo-codes.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../contract.ts';
import { idempotentCreate } from '../../idempotent.ts';
import { rateLimit, ROUTE_LIMITS } from '../../rate-limit.ts';
import { recordAudit } from '../ops/index.ts';
import { createPromoCode, editPromoCode, listPromoCodes, retirePromoCode, type PromoWriter } from './ops.ts';

export const opsPromoCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.deps;
  const admins = { preHandler: rateLimit(ROUTE_LIMITS.ops), config: { adminOnly: true } };
  const writer = (request: FastifyRequest): PromoWriter => {
    const actor = { userId: request.staff!.userId, email: request.staff!.email };
    return {
      actor,
      audit: (tx, entry) => recordAudit(tx, { ...entry, actor, targetType: 'promo_code' }),
    };
  };

  app.get('/promo-codes', { ...admins, schema: schemaOf(endpoints.opsListPromoCodes) }, async () => ({
    data: await listPromoCodes(db),
  }));

  app.post(
    '/promo-codes',
    { ...admins, schema: schemaOf(endpoints.opsCreatePromoCode) },
    async (request, reply) =>
      idempotentCreate(request, reply, db, (tx) => createPromoCode(tx, request.body, writer(request), now())),
  );

  app.put(
    '/promo-codes/:id',
    { ...admins, schema: schemaOf(endpoints.opsUpdatePromoCode) },
    async (request) => ({
      data: await db.transaction((tx) =>
        editPromoCode(tx, request.params.id, request.body, writer(request), now()),
      ),
    }),
  );

  app.post(
    '/promo-codes/:id/retire',
    { ...admins, schema: schemaOf(endpoints.opsRetirePromoCode) },
    async (request, reply) =>
      idempotentCreate(
        request,
        reply,
        db,
        (tx) => retirePromoCode(tx, request.params.id, writer(request), now()),
        200,
      ),
  );
};
