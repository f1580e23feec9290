/**
 * The search's HTTP routes (docs/architecture.md), each plugin registered by app.ts under its prefix: flights
 * (`/flights`: search, calendar, date grid, popular destinations), places (`/places`: autocomplete) and offers (`/offers`:
 * an offer re-priced).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnywherePeriod } from '@parvoz/core/anywhere';
import { buildPlaceIndex, searchPlaces } from '@parvoz/core/places';
import { endpoints } from '@parvoz/contracts/endpoints';
import { schemaOf } from '../../contract.ts';
import { loadNetworkData } from '../../adapters/network-data.ts';
import { keptValues } from '../../kept.ts';
import { supplierFailure } from '../../suppliers/api-failure.ts';
import { withConditions } from '../orders/index.ts';
import { publicOffer } from '../../suppliers/public-offer.ts';
import { sendKept, type KeptAnswer } from '../../routes/v1/kept-answer.ts';
import { searchLatency } from '../../metrics.ts';
import { limitedEndpoint, rateLimit, ROUTE_LIMITS } from '../../rate-limit.ts';
import { createPopularDestinations } from './popular-destinations.ts';
import { createAnywhere } from './anywhere.ts';

/**
 * POST /v1/flights/search: offers for one way or a round trip (docs/design.md §3 API contract);
 * `?stage=first` / `rest` for a results page that streams (the built-in offers at once, the merged list when
 * the other suppliers are done).
 */
export const flightRoutes: FastifyPluginAsyncZod = async (app) => {
  const { flights, now, searches } = app.deps;
  /**
   * Each answer's JSON, and its gzip once a client asked for it. The service hands out the same result object
   * while it remembers a search, so a repeated search costs neither serialising nor compressing again.
   */
  const wire = new WeakMap<object, KeptAnswer>();
  const limitSearches = rateLimit(ROUTE_LIMITS.search);
  const limitMultiCity = rateLimit(ROUTE_LIMITS.multiCitySearch);
  app.post(
    '/search',
    {
      schema: schemaOf(endpoints.searchFlights),
      async preHandler(request, reply) {
        await limitSearches.call(this, request, reply);
        // More than a round trip's two legs: a search of each, against a budget of its own too.
        if (request.body.slices.length > 2) await limitMultiCity.call(this, request, reply);
      },
    },
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
   * GET /v1/flights/date-grid: a round trip's flexible dates, each departure and return three days either side of
   * the asked ones at the cheapest total for the asked travellers. It costs about what a calendar of a week each
   * way does, and a round-trip results page asks for it beside its calendars: it counts against their budget.
   */
  app.get('/date-grid', limitedEndpoint(endpoints.flightDateGrid, ROUTE_LIMITS.calendar), async (request) => {
    const { adults, children, infants, ...query } = request.query;
    const result = await flights.dateGrid({ ...query, passengers: { adults, children, infants } });
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
      if (!data) throw supplierFailure(UNKNOWN_ORIGIN);
      return { data };
    },
  );

  /**
   * GET /v1/flights/anywhere: every city a city flies to nonstop, at its lowest fare in a month or on a weekend.
   * Every call prices a day per city (up to 80 one-day calendars): it counts against the calendar's budget; a call
   * that must first search the period for each city (not priced yet today) also against the scans' own budget.
   */
  // Live mode has no calendar of low fares (suppliers/live.ts): nothing to scan, every answer empty.
  const anywhere = createAnywhere(flights, flights.network, now, { live: app.deps.config.mode === 'live' });
  const limitAnywhereScans = rateLimit(ROUTE_LIMITS.anywhereScans);
  const limitCalendars = rateLimit(ROUTE_LIMITS.calendar);
  app.get(
    '/anywhere',
    {
      schema: schemaOf(endpoints.flightsAnywhere),
      async preHandler(request, reply) {
        await limitCalendars.call(this, request, reply);
        if (!anywhere.isPriced(request.query.origin, periodOf(request.query)))
          await limitAnywhereScans.call(this, request, reply);
      },
    },
    async (request) => {
      const { origin, currency, lang } = request.query;
      const data = await anywhere.anywhere({ origin, currency, lang, period: periodOf(request.query) });
      if (!data) throw supplierFailure(UNKNOWN_ORIGIN);
      return { data };
    },
  );
};

const UNKNOWN_ORIGIN = {
  code: 'unknown_origin',
  field: 'origin',
  message: 'Unknown origin airport or city.',
} as const;

/** The query's period: the schema lets exactly one of `month` and `weekend` through. */
const periodOf = (query: { month?: string | undefined; weekend?: string | undefined }): AnywherePeriod =>
  query.month !== undefined
    ? { kind: 'month', month: query.month }
    : { kind: 'weekend', friday: query.weekend! };

/**
 * Answers kept for this many different lookups. Every traveller types the same first letters of the same
 * cities ("t", "ta", "tas"…), and an answer depends on nothing but the text, language and limit. At most
 * ~18 MB (20 places are ~4 kB of JSON, held as twice that in Cyrillic, and ~1 kB of gzip); ~4 MB with the
 * usual 8.
 */
export const KEPT_PLACE_ANSWERS = 2_000;

/** Autocomplete over cities and airports in any of the four languages (docs/design.md §3). */
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

/**
 * GET /v1/offers/{id}: the offer re-priced now with live seats (410 once expired, 404 when forged).
 * POST /v1/offers/reprice: a fresh offer for flights chosen earlier, e.g. from a shared ticket link.
 * Both carry the fare `conditions` of the agency's rules (docs/after-sale.md; modules/orders/fare-conditions.ts).
 */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { flights, now, config } = app.deps;
  app.get('/:id', limitedEndpoint(endpoints.getOffer, ROUTE_LIMITS.offers), async (request) => {
    const soldSeats = await flights.soldSeatsNow();
    const { currency, lang } = request.query;
    const result = await flights.supplier.price(request.params.id, {
      now: now().getTime(),
      soldSeats,
      ...(currency ? { currency } : {}),
      ...(lang ? { market: lang } : {}),
    });
    if (!result.ok) throw supplierFailure(result.error);
    return { data: withConditions(publicOffer(result.data), config) };
  });
  app.post('/reprice', limitedEndpoint(endpoints.repriceOffer, ROUTE_LIMITS.offers), async (request) => {
    const soldSeats = await flights.soldSeatsNow();
    const { lang } = request.body;
    const result = await flights.supplier.reprice(request.body, {
      now: now().getTime(),
      soldSeats,
      ...(lang ? { market: lang } : {}),
    });
    if (!result.ok) throw supplierFailure(result.error);
    return { data: withConditions(result.data, config) };
  });
};
