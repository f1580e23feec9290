import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../../contract.ts';
import { supplierFailure } from './supplier-errors.ts';
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
  const wire = new WeakMap<object, { json: string; gzip?: Promise<Buffer> }>();
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
      reply.type('application/json; charset=utf-8');
      if (kept.json.length < GZIP_FROM_BYTES || !acceptsGzip(request.headers['accept-encoding']))
        return reply.send(kept.json as never); // already through the route's own (contract) serializer
      kept.gzip ??= gzipAsync(kept.json);
      const body = await kept.gzip;
      // Compressed here, so the host's compression leaves it as it is.
      return reply
        .header('content-encoding', 'gzip')
        .header('vary', 'accept-encoding')
        .send(body as never);
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

const gzipAsync = promisify(gzip);
/** Smaller answers are not worth compressing (the host's own threshold). */
const GZIP_FROM_BYTES = 1024;

/** Whether an Accept-Encoding header takes gzip (named, or `*`, without `q=0`). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== 'gzip' && name.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
