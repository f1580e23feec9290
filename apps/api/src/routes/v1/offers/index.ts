import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { supplierFailure } from '../../../services/supplier-errors.ts';
import { limitedEndpoint, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { withConditions } from '../../../services/fare-conditions.ts';
import { publicOffer } from '../../../suppliers/public-offer.ts';

/**
 * GET /v1/offers/{id}: the offer re-priced now with live seats (410 once expired, 404 when forged).
 * POST /v1/offers/reprice: a fresh offer for flights chosen earlier, e.g. from a shared ticket link.
 * Both carry the fare `conditions` of the agency's rules (issue 13; services/fare-conditions.ts).
 */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { flights, now, config } = app.deps;
  app.get('/:id', limitedEndpoint(endpoints.getOffer, ROUTE_LIMITS.offers), async (request) => {
    const soldSeats = await flights.soldSeatsNow();
    const { currency } = request.query;
    const result = await flights.supplier.price(request.params.id, {
      now: now().getTime(),
      soldSeats,
      ...(currency ? { currency } : {}),
    });
    if (!result.ok) throw supplierFailure(result.error);
    return { data: withConditions(publicOffer(result.data), config) };
  });
  app.post('/reprice', limitedEndpoint(endpoints.repriceOffer, ROUTE_LIMITS.offers), async (request) => {
    const soldSeats = await flights.soldSeatsNow();
    const result = await flights.supplier.reprice(request.body, { now: now().getTime(), soldSeats });
    if (!result.ok) throw supplierFailure(result.error);
    return { data: withConditions(result.data, config) };
  });
};
