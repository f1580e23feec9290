/**
 * The Duffel test server's usual data, shared by the API tests, the e2e suites and the benchmarks: Tashkent and
 * Istanbul as Duffel's places API describes them, and a flight between them that only Duffel sells. No import
 * of the API here: the e2e suites and benchmarks load it without building the flight network.
 */
import type { DuffelTestAirport, DuffelTestFlight } from './duffel-server.ts';

export const TAS_IST_AIRPORTS: Record<'TAS' | 'IST', DuffelTestAirport> = {
  TAS: {
    iata_code: 'TAS',
    name: 'Tashkent International Airport',
    city_name: 'Tashkent',
    iata_city_code: 'TAS',
    iata_country_code: 'UZ',
    time_zone: 'Asia/Tashkent',
    latitude: 41.257861,
    longitude: 69.281186,
  },
  IST: {
    iata_code: 'IST',
    name: 'Istanbul Airport',
    city_name: 'Istanbul',
    iata_city_code: 'IST',
    iata_country_code: 'TR',
    time_zone: 'Europe/Istanbul',
    latitude: 41.262222,
    longitude: 28.727778,
  },
};

/** QP 4242 Tashkent–Istanbul at 23:10, 5 h 20 min, sold only by Duffel, at `amount` USD (`tax` of it). */
export function duffelOnlyFlight(
  amount: string,
  tax: string,
  more: Partial<DuffelTestFlight> = {},
): DuffelTestFlight {
  return {
    segments: [
      {
        carrier: { iata_code: 'QP', name: 'Duffel Only Air' },
        flight_number: '4242',
        origin: 'TAS',
        destination: 'IST',
        departs: '23:10',
        duration_minutes: 320,
      },
    ],
    amount,
    tax,
    currency: 'USD',
    ...more,
  };
}

/** Anna's Uzbek passport as Duffel's create-order body carries it, in her `identity_documents`. */
export const ANNA_PASSPORT_AT_DUFFEL = {
  type: 'passport',
  unique_identifier: 'FA1234567',
  issuing_country_code: 'UZ',
  expires_on: '2036-01-31',
};

/**
 * Anna Karimova as Duffel's create-order body names the offer's passenger `id`, with her passport (the stand-in's
 * offers require one unless a test says otherwise).
 */
export const duffelPassenger = (id: string) => ({
  id,
  given_name: 'Anna',
  family_name: 'Karimova',
  born_on: '1990-04-12',
  gender: 'f',
  title: 'ms',
  email: 'anna@example.com',
  phone_number: '+998901234567',
  identity_documents: [ANNA_PASSPORT_AT_DUFFEL],
});

/** Creates an order on the Duffel test server directly, as any Duffel client does (`data`: the order body). */
export const postDuffelOrder = (server: { url: string }, token: string, data: object) =>
  fetch(`${server.url}/air/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'duffel-version': 'v2', 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });

/** The test server's airports from our network (Duffel knows them by the same IATA codes and zones). */
export function duffelAirportsFrom(
  network: {
    airport(
      code: string,
    ):
      | { iata: string; name: string; city: string; country: string; lat: number; lon: number; tz: string }
      | undefined;
  },
  codes: readonly string[],
): Record<string, DuffelTestAirport> {
  const out: Record<string, DuffelTestAirport> = {};
  for (const code of codes) {
    const a = network.airport(code);
    if (!a) throw new Error(`no airport ${code} in the network`);
    out[code] = {
      iata_code: a.iata,
      name: a.name,
      city_name: a.name,
      iata_city_code: a.city,
      iata_country_code: a.country,
      time_zone: a.tz,
      latitude: a.lat,
      longitude: a.lon,
    };
  }
  return out;
}

/**
 * An order another agency holds at Duffel (no metadata of ours), as the stand-in lists it: `id`, made at
 * `createdAt`, with `more` (e.g. the `offer_id` it booked).
 */
export const otherAgencyOrder = (id: string, createdAt: string, more: Record<string, unknown> = {}) => ({
  id,
  ...more,
  created_at: createdAt,
  metadata: null,
  cancelled_at: null,
  total_amount: '10.00',
  total_currency: 'USD',
  booking_reference: 'OTHER1',
  payment_status: { awaiting_payment: false, payment_required_by: null },
});
