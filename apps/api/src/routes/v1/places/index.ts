import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildPlaceIndex, searchPlaces } from '@parvoz/core/places';
import { endpoints } from '@parvoz/contracts/endpoints';
import { loadNetworkData } from '../../../adapters/network-data.ts';
import { limitedEndpoint, ROUTE_LIMITS } from '../../../rate-limit.ts';

/** Autocomplete over cities and airports in any of the four languages (DESIGN §3). */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { network, names } = loadNetworkData();
  const index = buildPlaceIndex(network, names);
  app.get('/', limitedEndpoint(endpoints.searchPlaces, ROUTE_LIMITS.places), async (request, reply) => {
    const { q, lang, limit } = request.query;
    reply.header('Cache-Control', 'public, max-age=300');
    return { data: searchPlaces(index, q, { lang, limit }) };
  });
};
