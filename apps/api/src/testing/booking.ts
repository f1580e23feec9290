/** Test helpers for booking and payment tests (unit and PostgreSQL suites): a search, a valid booking body. */
import type { FastifyInstance } from 'fastify';
import type { FareFamily, Offer } from '@parvoz/core/search-types';
import { TEST_ANONYMOUS_TOKEN } from './api.ts';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';

export const ANON = { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}` };

export function isoDay(start: number, offset: number): string {
  return new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A new day to search at each call, `first + 1` days after `start` on: suites that search the same route over
 * and over need a date of their own per test, as a kept search answer would hand out an offer booked already.
 */
export function freshSearchDays(start: number, first: number): () => string {
  let offset = first;
  return () => isoDay(start, ++offset);
}

/** The moment the clock of a suite with a moving clock starts at (a fixed instant: no test reads today's date). */
export const SUITE_START = Date.UTC(2026, 10, 23, 6, 0);

/**
 * A suite's clock: `at` (ms) is moved on by its tests from `start`, `now` reads it, and `nextDay` hands out the
 * suite's search dates (`freshSearchDays` from `first` days after `start`).
 */
export function suiteClock(first: number, start = SUITE_START) {
  const clock = { start, at: start, now: () => new Date(clock.at), nextDay: freshSearchDays(start, first) };
  return clock;
}

/** YYYY-MM-DD `years` before `date` (same month and day). */
export function yearsBefore(date: string, years: number, days = 0): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first offer of a search with no transfers (or the first offer). */
export async function searchOffer(
  app: FastifyInstance,
  options: {
    date: string;
    adults?: number;
    children?: number;
    infants?: number;
    origin?: string;
    destination?: string;
    returnDate?: string;
    /** A multi-city trip's legs after the first (the first is `origin` → `destination` on `date`). */
    moreLegs?: { origin: string; destination: string; date: string }[];
    fareFamily?: FareFamily;
    /** The currency of the prices (the API's default, USD, unless told). */
    currency?: string;
    /** The site language searched in (the market of the agency's rules); none unless told. */
    lang?: string;
  },
): Promise<Offer> {
  const slices = [
    {
      origin: options.origin ?? 'TAS',
      destination: options.destination ?? 'IST',
      departure_date: options.date,
    },
  ];
  if (options.returnDate)
    slices.push({
      origin: slices[0]!.destination,
      destination: slices[0]!.origin,
      departure_date: options.returnDate,
    });
  for (const leg of options.moreLegs ?? [])
    slices.push({ origin: leg.origin, destination: leg.destination, departure_date: leg.date });
  const response = await app.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: ANON,
    payload: {
      slices,
      passengers: {
        adults: options.adults ?? 1,
        children: options.children ?? 0,
        infants: options.infants ?? 0,
      },
      cabin_class: 'economy',
      sort: 'cheapest',
      ...(options.currency ? { currency: options.currency } : {}),
      ...(options.lang ? { lang: options.lang } : {}),
    },
  });
  if (response.statusCode !== 200) throw new Error(`search failed: ${response.body}`);
  const offers = expandSearchOffers(response.json().data) as Offer[];
  const offer =
    offers.find(
      (o) => o.slices.every((s) => s.transfers === 0) && o.fare_family === (options.fareFamily ?? 'light'),
    ) ?? offers[0];
  if (!offer) throw new Error('no offers');
  return offer;
}

/** POST /v1/orders of `body` under the idempotency `key`; the caller checks the answer. */
export function injectOrder(
  app: FastifyInstance,
  body: object,
  key: string,
  headers: Record<string, string> = ANON,
) {
  return app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...headers, 'idempotency-key': key },
    payload: body,
  });
}

/** The local date of the offer's last flight. */
export function lastFlightDate(offer: Offer): string {
  return offer.slices.at(-1)!.segments.at(-1)!.departing_at.slice(0, 10);
}

export interface BookingBody {
  offer_id: string;
  expected_total?: string | undefined;
  lang: string;
  contact: { full_name: string; email: string; phone: string };
  passengers: {
    type: 'adult' | 'child' | 'infant';
    given_name: string;
    family_name: string;
    born_on: string;
    gender: string;
    citizenship: string;
    document: { number: string; expires_on: string };
  }[];
  services: { id: string; passenger_index: number }[];
  agreement: boolean;
  save_travellers?: boolean;
}

/**
 * A valid POST /v1/orders body for the offer's passengers (adults, then children, then infants). No
 * `expected_total`: bookings raise the load factor, so later bookings of the same flight may cost more.
 */
export function bookingBody(offer: Offer, over: Record<string, unknown> = {}): BookingBody {
  const last = lastFlightDate(offer);
  const born = { adult: '1990-04-12', child: yearsBefore(last, 6), infant: yearsBefore(last, 1) };
  const names = ['Anna', 'Bobur', 'Cem', 'Dilnoza', 'Emre', 'Farrukh', 'Gulnora', 'Hasan', 'Ilhom', 'Jasur'];
  return {
    offer_id: offer.id,
    lang: 'en',
    contact: { full_name: 'Anna Karimova', email: 'Anna.Karimova@example.com', phone: '+998 90 123 45 67' },
    passengers: offer.passengers.map((p, i) => ({
      type: p.type,
      given_name: names[i % names.length]!,
      family_name: "Karimova-O'Neil",
      born_on: born[p.type],
      gender: i % 2 ? 'male' : 'female',
      citizenship: 'UZ',
      document: { number: `FA${1234567 + i}`, expires_on: '2036-01-31' },
    })),
    services: [],
    agreement: true,
    ...over,
  };
}
