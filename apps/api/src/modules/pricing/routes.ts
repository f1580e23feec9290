/**
 * The console's pricing rules (docs/decisions/0025-price-rules-stacking-and-rounding.md), admins only: a second
 * plugin registered by routes/v1/ops/index.ts inside the console's gate, which answers anyone else — anonymous, a
 * traveller, an operator — the 404 of an unknown endpoint (`adminOnly`). Every write is a new version, audited.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../contract.ts';
import { idempotentCreate } from '../../idempotent.ts';
import { rateLimit, ROUTE_LIMITS } from '../../rate-limit.ts';
import { recordAudit } from '../ops/index.ts';
import { previewDraft } from './preview.ts';
import { createRule, listRules, retireRule, ruleBookOf, updateRule, type RuleWriter } from './service.ts';

export const opsPricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.deps;
  const admins = { preHandler: rateLimit(ROUTE_LIMITS.ops), config: { adminOnly: true } };
  const writer = (request: FastifyRequest): RuleWriter => {
    const actor = { userId: request.staff!.userId, email: request.staff!.email };
    return {
      actor,
      audit: (tx, entry) => recordAudit(tx, { ...entry, actor, targetType: 'price_rule' }),
    };
  };
  /** This instance prices with the new version as soon as it applies; the others within their cache's time. */
  const forget = <T>(sent: T): T => {
    ruleBookOf(db).forget();
    return sent;
  };

  app.get('/price-rules', { ...admins, schema: schemaOf(endpoints.opsListPriceRules) }, async () => ({
    data: await listRules(db, now()),
  }));

  app.post(
    '/price-rules',
    { ...admins, schema: schemaOf(endpoints.opsCreatePriceRule) },
    async (request, reply) =>
      forget(
        await idempotentCreate(request, reply, db, (tx) =>
          createRule(tx, request.body, writer(request), now()),
        ),
      ),
  );

  /** A draft tried on the last 30 days (docs/operations.md): this instance's samples are written first. */
  app.post(
    '/price-rules/preview',
    {
      preHandler: rateLimit(ROUTE_LIMITS.opsPreview),
      config: { adminOnly: true },
      schema: schemaOf(endpoints.opsPreviewPriceRule),
    },
    async (request) => {
      await app.deps.priceSamples.flush();
      const { network, rates } = app.deps.flights;
      return { data: await previewDraft({ db, network, rates }, request.body, now()) };
    },
  );

  app.put(
    '/price-rules/:id',
    { ...admins, schema: schemaOf(endpoints.opsUpdatePriceRule) },
    async (request) =>
      forget({
        data: await db.transaction((tx) =>
          updateRule(tx, request.params.id, request.body, writer(request), now()),
        ),
      }),
  );

  app.post(
    '/price-rules/:id/retire',
    { ...admins, schema: schemaOf(endpoints.opsRetirePriceRule) },
    async (request, reply) =>
      forget(
        await idempotentCreate(
          request,
          reply,
          db,
          (tx) => retireRule(tx, request.params.id, request.body.effective_from, writer(request), now()),
          200,
        ),
      ),
  );
};
