import { data } from 'react-router';
import type { Locale } from '@parvoz/i18n/locales';
import type { Route } from './+types/results';
import { readCookies } from '../../lib/cookies.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { asFareFamily, type FirstOutcome } from '../../features/search/results.ts';
import {
  lookupPlace,
  parseItinerary,
  parseSegment,
  repriceShared,
  searchDateStrip,
  searchFareCalendar,
  searchOffers,
  searchOffersStaged,
  segmentCodes,
} from '../../features/search/results.server.ts';
import { legsRouteName, routeName } from '../../features/search/results.ts';
import { tripLegs } from '@parvoz/core/search-segment';
import { searchDateGrid } from '../../features/search/date-grid.server.ts';
import { NO_SCRIPT_COOKIE } from '../../features/search/search-action.server.ts';
import { lastBookableDate, type PlaceValue } from '../../features/search/search-form.ts';

/** A search path that cannot be searched, with its route ("Tashkent → Istanbul") when the path names one. */
export type BadSearch = { kind: 'bad-search'; code: string; route: string | null };

function badSearch(code: string, status: number, route: string | null): never {
  throw data({ kind: 'bad-search', code, route } satisfies BadSearch, { status });
}

/**
 * `/{lang}/flight/{search}`: the page arrives at once with the route and a skeleton; the offers, the ±3-day
 * strip, a round trip's date grid and a shared ticket stream in as the API answers (complete at once for a browser without JavaScript).
 * With another supplier configured (Duffel) the offers come in two steps: the built-in ones as soon as the API
 * has them, then the merged list when Duffel has answered or its time budget ended (docs/duffel.md, several
 * suppliers in one search); a browser without JavaScript gets the merged list at once.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang: Locale = context.get(requestStateContext).locale;
  const state = context.get(requestStateContext);
  const airports = new Map<string, string>();
  const lookup = (code: string) =>
    lookupPlace(state.api, code, lang, airports).catch((): PlaceValue => ({ code, name: code }));
  // Both places in the page's language; an unknown one by its code (the title still names the route).
  const places = async (codes: { origin: string; destination: string }) => {
    const [origin, destination] = await Promise.all([lookup(codes.origin), lookup(codes.destination)]);
    const named = (place: PlaceValue | null, code: string) => place ?? { code, name: code };
    return {
      origin,
      destination,
      route: routeName(named(origin, codes.origin), named(destination, codes.destination)),
    };
  };
  const parsed = parseSegment(params.search);
  if (!parsed.ok) {
    const codes = segmentCodes(params.search);
    badSearch(parsed.error.code, 400, codes ? (await places(codes)).route : null);
  }
  const search = parsed.value;
  const cookies = readCookies(request);
  const currency = state.currency;

  const { origin, destination, route } = await places(search);
  if (!origin) badSearch('unknown_origin', 404, route);
  if (!destination) badSearch('unknown_destination', 404, route);
  // A multi-city trip's legs with their places; null for one way and a round trip.
  const legs = search.moreLegs?.length
    ? await Promise.all(
        tripLegs(search).map(async (leg) => {
          const named = await places(leg);
          if (!named.origin || !named.destination) badSearch('unknown_destination', 404, route);
          return { origin: named.origin, destination: named.destination, date: leg.departureDate };
        }),
      )
    : null;

  const input = { params: search, currency, lang };
  const url = new URL(request.url);
  const noScript = cookies[NO_SCRIPT_COOKIE] === '1';
  const offers: Promise<FirstOutcome> = noScript
    ? searchOffers(state.api, input)
    : searchOffersStaged(state.api, input);
  // The ±3-day strip and the calendar move one day or a round trip's two: none for a multi-city trip.
  const strip = legs ? null : searchDateStrip(state.api, input, offers);
  const calendar = legs ? null : searchFareCalendar(state.api, input);
  // A round trip's flexible dates (features/search/date-grid.ts); none for one way.
  const grid = search.returnDate ? searchDateGrid(state.api, input) : null;
  const today = new Date().toISOString().slice(0, 10);
  const keys = parseItinerary(url);
  const shared = keys
    ? repriceShared(state.api, keys, input, asFareFamily(url.searchParams.get('fare')))
    : null;
  const base = {
    segment: params.search,
    search,
    origin,
    destination,
    legs,
    routeTitle: legs ? legsRouteName(legs) : routeName(origin, destination),
    initialFare: url.searchParams.get('fare'),
    noScript,
    currency,
    bookable: { first: today, last: lastBookableDate(today) },
    airportNames: Object.fromEntries(airports),
  };
  if (base.noScript) {
    return {
      ...base,
      offers: await offers,
      strip: strip ? await strip : null,
      shared: shared ? await shared : null,
      calendar: calendar ? await calendar : null,
      grid: grid ? await grid : null,
    };
  }
  return { ...base, offers, strip, shared, calendar, grid };
}
