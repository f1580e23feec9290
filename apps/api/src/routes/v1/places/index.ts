import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildPlaceIndex, searchPlaces } from '@parvoz/core/places';
import { endpoints } from '@parvoz/contracts/endpoints';
import { loadNetworkData } from '../../../adapters/network-data.ts';
import { keptValues } from '../../../kept.ts';
import { limitedEndpoint, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { sendKept, type KeptAnswer } from '../kept-answer.ts';

/**
 * Answers kept for this many different lookups. Every traveller types the same first letters of the same
 * cities ("t", "ta", "tas"…), and an answer depends on nothing but the text, language and limit. At most
 * ~18 MB (20 places are ~4 kB of JSON, held as twice that in Cyrillic, and ~1 kB of gzip); ~4 MB with the
 * usual 8.
 */
export const KEPT_PLACE_ANSWERS = 2_000;

/** Autocomplete over cities and airports in any of the four languages (DESIGN §3). */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { network, names } = loadNetworkData();
  const index = buildPlaceIndex(network, names);
  const kept = keptValues<KeptAnswer>(KEPT_PLACE_ANSWERS);
  app.get('/', limitedEndpoint(endpoints.searchPlaces, ROUTE_LIMITS.places), async (request, reply) => {
    const { q, lang, limit } = request.query;
    reply.header('Cache-Control', 'public, max-age=300');
    const answer = kept(`${lang} ${limit} ${q}`, () => ({
      json: reply.serialize({ data: searchPlaces(index, q, { lang, limit }) }) as string,
    }));
    return sendKept(request, reply, answer);
  });
};
