/**
 * The results page's calls to the API: the search itself, the ±3-day price strip, the shared ticket link
 * (re-priced by its flight keys) and the names of the searched places. Every function here resolves (never
 * rejects): a failed call becomes an outcome the page explains, so a streamed promise cannot crash anything.
 */
import { endpoints } from '@parvoz/contracts/endpoints';
import type { FlightCalendarResponse, FlightSearchResponse } from '@parvoz/contracts/offers';
import { expandSearchOffers, type SearchOffer } from '@parvoz/contracts/search-answer';
import type { Currency } from '@parvoz/i18n/currency';
import { callEndpoint, refusalOf } from '../../lib/endpoint-client.server.ts';
import { parseSearchSegment, type SearchParams } from '@parvoz/core/search-segment';
import type { Locale } from '@parvoz/i18n/locales';
import { ApiError, type ApiClient } from '../../lib/api.server.ts';
import { addDays, daysBetween, lastBookableDate, type PlaceValue } from './search-form.ts';
import { monthOf, monthRange, type FareCalendar } from './fare-calendar.ts';
import { formatSearchSegment } from '@parvoz/core/search-segment';
import { searchSlices } from '@parvoz/contracts/search';
import type {
  Baggage,
  DateStrip,
  FareFamily,
  FirstOutcome,
  ResultOffer,
  ResultSlice,
  SearchFailure,
  SearchOutcome,
  SharedOutcome,
  StripDay,
} from './results.ts';
import { cheapestTotal } from './results.ts';

// ---- The API's shapes: the contract's (packages/contracts/src/offers.ts) --------------------------------

type ApiSearchData = FlightSearchResponse['data'];

// ---- The search segment -------------------------------------------------------------------------------

export type SegmentProblem = { code: string; field: string };

/**
 * Parses `/{lang}/flight/{search}`. Dates resolve from UTC's today, or from its yesterday for a traveller
 * still on the previous date (the Americas), or from its tomorrow for one already on the next (east of UTC
 * in the evening: Tashkent from 19:00 UTC, whose calendar offers a day past UTC's horizon); whether codes
 * exist is asked of the API afterwards, which checks the dates at the origin.
 */
export function parseSegment(
  segment: string,
  now: Date = new Date(),
): { ok: true; value: SearchParams } | { ok: false; error: SegmentProblem } {
  const today = now.toISOString().slice(0, 10);
  const options = (day: string) => ({ today: day, knownCode: () => true });
  let result = parseSearchSegment(segment, options(today));
  if (!result.ok && result.error.code === 'date_out_of_range') {
    for (const day of [addDays(today, -1), addDays(today, 1)]) {
      const retry = parseSearchSegment(segment, options(day));
      if (retry.ok) {
        result = retry;
        break;
      }
    }
  }
  return result.ok ? result : { ok: false, error: result.error };
}

/**
 * The two place codes of a search path that starts like one ("TAS3102IST1", a date that does not exist),
 * for naming the route of a search that cannot be shown; null when it does not.
 */
export function segmentCodes(segment: string): { origin: string; destination: string } | null {
  const m = /^([A-Z]{3})\d{4}([A-Z]{3})/.exec(segment);
  return m ? { origin: m[1]!, destination: m[2]! } : null;
}

/**
 * A place by its exact code, named in the page's language; null when the code is unknown. `airports`, when
 * given, gets the names of the airports the answer lists (a city's, or the airport itself): the results'
 * filters name a city's airports by them.
 */
export async function lookupPlace(
  api: ApiClient,
  code: string,
  lang: Locale,
  airports?: Map<string, string>,
): Promise<PlaceValue | null> {
  const answer = await callEndpoint(api, endpoints.searchPlaces, { query: { q: code, lang, limit: 8 } });
  if (airports)
    for (const p of answer.data) {
      if (p.type === 'airport' && (p.code === code || p.city_code === code)) airports.set(p.code, p.name);
      else if (p.type === 'city' && p.code === code) for (const a of p.airports) airports.set(a.code, a.name);
    }
  const place = answer.data.find((p) => p.code === code);
  if (!place) return null;
  return {
    code,
    name: place.type === 'airport' && place.city_name ? `${place.city_name} (${place.name})` : place.name,
  };
}

// ---- Offers -------------------------------------------------------------------------------------------

function minutesOf(iso: string): number {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(iso);
  return m ? Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0) : 0;
}

function baggageOf(b: SearchOffer['baggage']): Baggage {
  return {
    cabin_kg: b.cabin.weight_kg,
    checked_quantity: b.checked.quantity,
    checked_kg: b.checked.weight_kg,
  };
}

/**
 * The page's trimmed copy of an API offer (a search's, made whole by `expandSearchOffers`, or a priced one).
 * Offers sharing a slice (a round trip's outbound with each return) share one slice object when `slices` is
 * given: the streamed page data writes a repeated object only once.
 */
export function slimOffer(offer: SearchOffer, rank: number, slices?: Map<string, ResultSlice>): ResultOffer {
  return {
    id: offer.id,
    rank,
    total_amount: offer.total_amount,
    fare_family: offer.fare_family,
    baggage: baggageOf(offer.baggage),
    seats_left: offer.seats_left ?? null,
    instant_payment: offer.payment_requirements?.requires_instant_payment === true,
    fares: offer.fare_families.map((f) => ({
      fare_family: f.fare_family,
      offer_id: f.offer_id,
      total_amount: f.total_amount,
      baggage: baggageOf(f.baggage),
    })),
    luggage: offer.available_services.map((s) => ({
      id: s.id,
      slice_index: s.slice_index,
      weight_kg: s.weight_kg,
      amount: s.amount,
      passenger_types: s.passenger_types,
    })),
    slices: offer.slices.map((slice) => {
      const key = slice.segments.map((seg) => seg.flight_key).join(',');
      const known = slices?.get(key);
      if (known) return known;
      const slim: ResultSlice = {
        origin: slice.origin,
        destination: slice.destination,
        departing_at: slice.departing_at,
        arriving_at: slice.arriving_at,
        duration_minutes: slice.duration_minutes,
        transfers: slice.transfers,
        segments: slice.segments.map((seg) => ({
          flight_key: seg.flight_key,
          origin: seg.origin,
          destination: seg.destination,
          departing_at: seg.departing_at,
          arriving_at: seg.arriving_at,
          duration_minutes: minutesOf(seg.duration),
          carrier: { code: seg.marketing_carrier.iata_code, name: seg.marketing_carrier.name },
          flight_number: seg.flight_number,
          aircraft: seg.aircraft?.name ?? null,
          ...(seg.connection_minutes !== undefined ? { connection_minutes: seg.connection_minutes } : {}),
        })),
      };
      slices?.set(key, slim);
      return slim;
    }),
  };
}

function failureOf(error: unknown): SearchFailure {
  if (error instanceof ApiError) {
    if (error.status === 429) return { kind: 'error', reason: 'busy' };
    if (
      error.status === 400 ||
      error.status === 404 ||
      error.status === 410 ||
      error.code === 'offer_unavailable'
    ) {
      // The search engine's reason of a refused field (`unknown_origin`), else the refusal's code.
      const refusal = refusalOf(error, endpoints.searchFlights, endpoints.repriceOffer);
      const code =
        (refusal?.code === 'validation_failed' ? refusal.details[0]?.reason : undefined) ?? error.code;
      return { kind: 'error', reason: 'invalid', ...(code ? { code } : {}) };
    }
  }
  return { kind: 'error', reason: 'unavailable' };
}

/** A search as the page asks it: its parameters, the currency and the site language (the agency's market). */
export type SearchInput = { params: SearchParams; currency: Currency; lang: Locale };

function requestBody({ params, currency, lang }: SearchInput) {
  return {
    slices: searchSlices(params),
    passengers: params.passengers,
    cabin_class: params.cabin,
    currency,
    sort: 'best' as const,
    lang,
  };
}

async function rawSearch(
  api: ApiClient,
  input: SearchInput,
  stage: 'first' | 'rest' | undefined,
  signal?: AbortSignal,
): Promise<ApiSearchData> {
  const answer = await callEndpoint(api, endpoints.searchFlights, {
    body: requestBody(input),
    ...(stage ? { query: { stage } } : {}),
    ...(signal ? { signal } : {}),
  });
  return answer.data;
}

function outcomeOf(data: ApiSearchData, input: SearchInput): SearchOutcome {
  const slices = new Map<string, ResultSlice>();
  return {
    kind: 'ok',
    search_id: data.id,
    currency: data.currency,
    expires_at: data.expires_at,
    served_at: Date.now(),
    passengers: input.params.passengers,
    cabin: input.params.cabin,
    connected: data.connected !== false,
    incomplete: data.incomplete === true,
    offers: expandSearchOffers(data).map((offer, rank) => slimOffer(offer, rank, slices)),
  };
}

/** POST /v1/flights/search, trimmed for the page: the whole answer, every supplier merged. */
export async function searchOffers(
  api: ApiClient,
  input: SearchInput,
  signal?: AbortSignal,
  stage?: 'rest',
): Promise<SearchOutcome> {
  try {
    return outcomeOf(await rawSearch(api, input, stage, signal), input);
  } catch (error) {
    return failureOf(error);
  }
}

/**
 * The same search in two stages (docs/duffel.md, several suppliers in one search): the built-in offers as
 * soon as the API has them and, when another supplier (Duffel) is still searching, `more`: the merged list of
 * that same search (`?stage=rest`: the API asks no supplier twice). Without another supplier the first answer
 * is the whole one and nothing more is asked.
 */
export async function searchOffersStaged(
  api: ApiClient,
  input: SearchInput,
  signal?: AbortSignal,
): Promise<FirstOutcome> {
  let data: ApiSearchData;
  try {
    data = await rawSearch(api, input, 'first', signal);
  } catch (error) {
    return failureOf(error);
  }
  const first = outcomeOf(data, input);
  if (!data.pending || first.kind !== 'ok') return first;
  return { ...first, more: searchOffers(api, input, signal, 'rest') };
}

/** The trip moved by `offset` days (both dates of a round trip, keeping its length). */
export function shiftedParams(params: SearchParams, offset: number): SearchParams {
  return {
    ...params,
    departureDate: addDays(params.departureDate, offset),
    returnDate: params.returnDate ? addDays(params.returnDate, offset) : null,
  };
}

/**
 * The strip's offsets (−3…3) whose dates can be searched: none before today at the earliest zone or past the
 * horizon at the latest (the dates parseSegment reads).
 */
export function stripOffsets(params: SearchParams, now: Date = new Date()): number[] {
  const first = addDays(now.toISOString().slice(0, 10), -1);
  const last = lastBookableDate(addDays(now.toISOString().slice(0, 10), 1));
  return [-3, -2, -1, 0, 1, 2, 3].filter((offset) => {
    const shifted = shiftedParams(params, offset);
    return (
      daysBetween(first, shifted.departureDate) >= 0 && (shifted.returnDate ?? shifted.departureDate) <= last
    );
  });
}

type CalendarAnswer = FlightCalendarResponse['data'];

/**
 * The ±3-day strip from one calendar answer (each day's cheapest total for the search's travellers, one way or
 * a round trip of the same length; null when the call failed) and the chosen day's own search, which gives day 0.
 * Places no flight connects have nothing on any day: no strip of empty days.
 */
export function dateStripOf(
  input: SearchInput,
  offsets: readonly number[],
  calendar: CalendarAnswer | null,
  chosen: FirstOutcome,
): DateStrip {
  if ((chosen.kind === 'ok' && !chosen.connected) || calendar?.connected === false)
    return { currency: input.currency, days: [] };
  const byDate = new Map(calendar?.days.map((d) => [d.date, d.min_amount]) ?? []);
  const days = offsets.map((offset): StripDay => {
    const params = shiftedParams(input.params, offset);
    // The chosen date's own search, not a second one.
    const min =
      offset === 0
        ? chosen.kind === 'ok'
          ? cheapestTotal(chosen.offers)
          : null
        : (byDate.get(params.departureDate) ?? null);
    return {
      offset,
      depart: params.departureDate,
      ret: params.returnDate,
      segment: formatSearchSegment(params),
      min_amount: min,
    };
  });
  return { currency: input.currency, days };
}

/**
 * The cheapest total on each of the three days before and after the chosen date(s): one calendar call (the
 * engine's per-day minimum, ADR 0015) instead of six searches, beside the chosen day's search.
 */
export async function searchDateStrip(
  api: ApiClient,
  input: SearchInput,
  chosen: Promise<FirstOutcome>,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<DateStrip> {
  const offsets = stripOffsets(input.params, now);
  const { params } = input;
  const others = offsets.filter((o) => o !== 0);
  const calendar =
    others.length === 0
      ? Promise.resolve(null)
      : callEndpoint(api, endpoints.flightCalendar, {
          query: {
            origin: params.origin,
            destination: params.destination,
            from: shiftedParams(params, others[0]!).departureDate,
            days: others.at(-1)! - others[0]! + 1,
            cabin_class: params.cabin,
            currency: input.currency,
            lang: input.lang,
            adults: params.passengers.adults,
            children: params.passengers.children,
            infants: params.passengers.infants,
            ...(params.returnDate
              ? { return_after: daysBetween(params.departureDate, params.returnDate) }
              : {}),
          },
          ...(signal ? { signal } : {}),
        }).then(
          (answer) => answer.data,
          () => null,
        );
  // The calendar is the built-in network's; the chosen day also gets the other supplier's offers when they come
  // (handled as soon as the first answer is in: the merged list may fail before the calendar answers).
  // (a promise in a box, so that this one does not wait for it).
  const chosenMore = chosen.then((first) =>
    first.kind === 'ok' && first.more
      ? {
          min: first.more.then(
            (merged) => (merged.kind === 'ok' ? cheapestTotal(merged.offers) : null),
            () => null,
          ),
        }
      : null,
  );
  const [days, outcome, more] = await Promise.all([calendar, chosen, chosenMore]);
  const strip = dateStripOf(input, offsets, days, outcome);
  if (more && strip.days.length > 0) strip.chosenMore = more.min;
  return strip;
}

/**
 * GET /v1/flights/calendar for the month of a search's departure date: each day's lowest fare for one adult in the
 * search's cabin; for a round trip, the cheapest round trip departing that day with the same number of days
 * before the return (days before today or past the horizon come back absent).
 */
export async function searchFareCalendar(
  api: ApiClient,
  input: SearchInput,
  signal?: AbortSignal,
): Promise<FareCalendar> {
  const { from, days } = monthRange(monthOf(input.params.departureDate));
  try {
    const answer = await callEndpoint(api, endpoints.flightCalendar, {
      query: {
        origin: input.params.origin,
        destination: input.params.destination,
        from,
        days,
        cabin_class: input.params.cabin,
        currency: input.currency,
        lang: input.lang,
        ...(input.params.returnDate
          ? { return_after: daysBetween(input.params.departureDate, input.params.returnDate) }
          : {}),
      },
      ...(signal ? { signal } : {}),
    });
    return { kind: 'ok', ...answer.data };
  } catch {
    return { kind: 'error' };
  }
}

/** The flight keys of a shared ticket link (`itinerary[0]=HY601-2026-12-15,HY55-2026-12-15&itinerary[1]=…`). */
export function parseItinerary(url: URL): string[][] | null {
  const slices: string[][] = [];
  for (let i = 0; i < 2; i++) {
    const value = url.searchParams.get(`itinerary[${i}]`);
    if (value === null) break;
    const keys = value.split(',');
    if (
      keys.length < 1 ||
      keys.length > 3 ||
      !keys.every((k) => /^[A-Z0-9]{2}[1-9]\d{0,3}-\d{4}-\d{2}-\d{2}$/.test(k))
    )
      return null;
    slices.push(keys);
  }
  return slices.length ? slices : null;
}

/** POST /v1/offers/reprice: the shared itinerary as a fresh offer, priced now. */
export async function repriceShared(
  api: ApiClient,
  keys: string[][],
  input: SearchInput,
  fare: FareFamily,
  signal?: AbortSignal,
): Promise<SharedOutcome> {
  try {
    const answer = await callEndpoint(api, endpoints.repriceOffer, {
      body: {
        slices: keys,
        cabin_class: input.params.cabin,
        passengers: input.params.passengers,
        fare_family: fare,
        currency: input.currency,
        lang: input.lang,
      },
      ...(signal ? { signal } : {}),
    });
    return {
      kind: 'ok',
      offer: slimOffer(answer.data, -1),
      currency: answer.data.total_currency,
      expires_at: answer.data.expires_at,
      served_at: Date.now(),
    };
  } catch (error) {
    return failureOf(error);
  }
}
