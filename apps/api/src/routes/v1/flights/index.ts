import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../../contract.ts';
import { supplierFailure } from '../../../services/supplier-errors.ts';
import { sendKept, type KeptAnswer } from '../kept-answer.ts';
import { searchLatency } from '../../../metrics.ts';
import { limitedEndpoint, rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import { createPopularDestinations } from '../../../services/popular-destinations.ts';

/**
 * POST /v1/flights/search: offers for one way or a round trip (DESIGN §3 API contract); `?stage=first` / `rest` for a
 * results page that streams (the built-in offers at once, the merged list when the other suppliers are done).
 */
export const flightRoutes: FastifyPluginAsyncZod = async (app) => {
  const { flights, now, searches } = app.deps;
  /**
   * Each answer's JSON, and its gzip once a client asked for it. The service hands out the same result object
   * while it remembers a search, so a repeated search costs neither serialising nor compressing again.
   */
  const wire = new WeakMap<object, KeptAnswer>();
  app.post(
    '/search',
    limitedEndpoint(endpoints.searchFlights, ROUTE_LIMITS.search),
    async (request, reply) => {
      const { stage } = request.query;
      const finished = searchLatency.startTimer();
      const result = await flights.search(request.body, stage);
      // The rest of a search already counted (and timed to its first answer) is not another search.
      if (stage !== 'rest') {
        finished();
        searches.count();
      }
      if (!result.ok) throw supplierFailure(result.error);
      let kept = wire.get(result);
      if (!kept) wire.set(result, (kept = { json: reply.serialize({ data: result.data }) as string }));
      return sendKept(request, reply, kept);
    },
  );

  /**
   * GET /v1/flights/calendar: the lowest total per day for the asked travellers (one adult by default), one way
   * or a round trip of a fixed length (the calendar of low prices, the results page's ±3-day strip).
   */
  app.get('/calendar', limitedEndpoint(endpoints.flightCalendar, ROUTE_LIMITS.calendar), async (request) => {
    const { adults, children, infants, return_after, ...query } = request.query;
    const result = await flights.calendar({
      ...query,
      passengers: { adults, children, infants },
      ...(return_after !== undefined ? { return_after } : {}),
    });
    if (!result.ok) throw supplierFailure(result.error);
    return { data: result.data };
  });

  /**
   * GET /v1/flights/popular: the home page's destinations from a city, each at its lowest fare of 30 days. The
   * rate limit counts the calls that must search a month per destination (an origin not yet priced today).
   */
  const popular = createPopularDestinations(flights, flights.network, now);
  const limitScans = rateLimit(ROUTE_LIMITS.popularScans);
  app.get(
    '/popular',
    {
      schema: schemaOf(endpoints.popularDestinations),
      async preHandler(request, reply) {
        if (!popular.isPriced(request.query.origin)) await limitScans.call(this, request, reply);
      },
    },
    async (request) => {
      const data = await popular.popular(request.query);
      if (!data)
        throw supplierFailure({
          code: 'unknown_origin',
          field: 'origin',
          message: 'Unknown origin airport or city.',
        });
      return { data };
    },
  );
};
