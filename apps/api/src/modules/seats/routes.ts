/**
 * GET /v1/offers/{id}/seat_maps (docs/seats.md): the offer priced again now, then the seats of each of its flights
 * for its passengers, in its currency.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { supplierFailure } from '../../suppliers/api-failure.ts';
import { limitedEndpoint, ROUTE_LIMITS } from '../../rate-limit.ts';
import { publicSeatMap, seatMapsOf } from './seat-maps.ts';

export const seatMapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { flights, now } = app.deps;
  app.get(
    '/:id/seat_maps',
    limitedEndpoint(endpoints.offerSeatMaps, ROUTE_LIMITS.seatMaps),
    async (request) => {
      const at = now();
      const { currency, lang } = request.query;
      const priced = await flights.supplier.price(request.params.id, {
        now: at.getTime(),
        soldSeats: await flights.soldSeatsNow(),
        ...(currency ? { currency } : {}),
        ...(lang ? { market: lang } : {}),
      });
      if (!priced.ok) throw supplierFailure(priced.error);
      const maps = await seatMapsOf(app.deps, priced.data, priced.data.id, at);
      return { data: maps.map(publicSeatMap) };
    },
  );
};
