/**
 * The booking page's check of a promo code (docs/decisions/0029-promo-codes.md): POST /v1/promo_codes/quote, held to
 * the promo codes' budget per client network (rate-limit.ts, the trust model of docs/operations.md#client-ip-trust-model),
 * which bookings carrying a code spend too (routes/v1/orders).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { limitedEndpoint, networkKey, ROUTE_LIMITS } from '../../rate-limit.ts';
import { quotePromo } from './promo.ts';

export const promoCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.deps;
  app.post(
    '/quote',
    limitedEndpoint(endpoints.quotePromoCode, ROUTE_LIMITS.promoCodes, networkKey),
    async (request) => ({ data: await quotePromo({ db, flights: app.deps.flights, now }, request.body) }),
  );
};
