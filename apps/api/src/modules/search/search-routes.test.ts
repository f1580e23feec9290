/** Flight search and offers through HTTP (inject): the engine, the inventory snapshot and the error envelope. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '@parvoz/db/testing';
import { holdSeats, type Database } from '@parvoz/db';
import { buildTestApi, TEST_ANONYMOUS_TOKEN } from '../../testing/api.ts';
import { searchEngineFor } from './service.ts';
import { searchLatency } from '../../metrics.ts';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip } from '../../accept-encoding.ts';

let app: FastifyInstance;
/** The same site with offers that live the default 20 minutes (its search cache lives 30 s). */
let longLived: FastifyInstance;
let db: Database;
let closeDb: () => Promise<void>;
const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const day = (offset: number) => new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
const auth = { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}` };

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  closeDb = database.close;
  app = await buildTestApi(db, { offerTtlSeconds: 60 }, { now: () => new Date(clock) });
  longLived = await buildTestApi(db, { offerTtlSeconds: 1200 }, { now: () => new Date(clock) });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await longLived?.close();
  await closeDb?.();
});

type Offer = {
  id: string;
  total_amount: string;
  total_currency: string;
  seats_left?: number;
  slices: {
    transfers: number;
    duration_minutes: number;
    segments: { flight_key: string; cabin_class: string }[];
  }[];
  fare_family: 'light' | 'standard';
};

/** A search through HTTP; a 200's offers are made whole (`expandSearchOffers`) as the web reads them. */
async function search(body: unknown, api: FastifyInstance = app) {
  const response = await api.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: auth,
    payload: body as object,
  });
  const json = response.json();
  if (response.statusCode === 200) json.data.offers = expandSearchOffers(json.data);
  return { status: response.statusCode, body: json, bytes: response.body.length };
}

const oneWay = (over: Record<string, unknown> = {}) => ({
  slices: [{ origin: 'TAS', destination: 'IST', departure_date: day(30) }],
  passengers: { adults: 1 },
  cabin_class: 'economy',
  ...over,
});

describe('POST /v1/flights/search', () => {
  test('one way Tashkent → Istanbul gives offers with facets, sorted as asked', async () => {
    const { status, body } = await search(oneWay({ sort: 'cheapest', currency: 'UZS' }));
    expect(status).toBe(200);
    const offers: Offer[] = body.data.offers;
    expect(offers.length).toBeGreaterThan(3);
    const totals = offers.map((o) => Number(o.total_amount));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(offers.every((o) => o.total_currency === 'UZS' && /^\d+$/.test(o.total_amount))).toBe(true);
    expect(body.data.facets.price.min).toBe(offers[0]!.total_amount);
    expect(body.data.facets.transfers[0]).toMatchObject({ count: 0 });
    expect(body.data.facets.airlines.length).toBeGreaterThan(0);
    const fastest = (await search(oneWay({ sort: 'fastest' }))).body.data.offers as Offer[];
    const durations = fastest.map((o) => o.slices[0]!.duration_minutes);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
  });

  test('a round trip of 100 offers is at most 100 kB of JSON: flights, slices and fare families listed once (ADR 0015)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/flights/search',
      headers: auth,
      payload: {
        slices: [
          { origin: 'TAS', destination: 'IST', departure_date: day(30) },
          { origin: 'IST', destination: 'TAS', departure_date: day(37) },
        ],
        passengers: { adults: 1 },
        cabin_class: 'economy',
        currency: 'UZS',
      },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.offers).toHaveLength(100);
    expect(response.body.length).toBeLessThanOrEqual(100_000);
    expect(data.fare_families.map((f: { fare_family: string }) => f.fare_family)).toEqual([
      'light',
      'standard',
    ]);
    const listed = Object.keys(data.slices);
    const used = new Set(data.offers.flatMap((o: { slices: string[] }) => o.slices));
    expect(used).toEqual(new Set(listed));
    // Flights are listed once too: fewer than the slices' flights counted one by one.
    const flown = Object.values(data.slices as Record<string, { flights: string[] }>).flatMap(
      (s) => s.flights,
    );
    expect(new Set(flown)).toEqual(new Set(Object.keys(data.flights)));
    expect(Object.keys(data.flights).length).toBeLessThan(flown.length);
    // Every offer stays bookable on its own, in each fare family.
    const last = data.offers[99];
    const whole = expandSearchOffers(data)[99]!;
    for (const id of [last.id, last.other_fares[0].offer_id]) {
      const priced = await app.inject({ method: 'GET', url: `/v1/offers/${id}`, headers: auth });
      expect(priced.statusCode).toBe(200);
      expect(
        priced.json().data.slices.map((s: { segments: { flight_key: string }[] }) => s.segments),
      ).toEqual(whole.slices.map((s) => s.segments));
    }
  });

  test('every search is timed in the search-latency metric', async () => {
    const count = async () =>
      (await searchLatency.get()).values.find((v) => v.metricName === 'parvoz_search_duration_seconds_count')
        ?.value ?? 0;
    const before = await count();
    await search(oneWay());
    expect(await count()).toBe(before + 1);
  });

  test('round trip with children and an infant in business gives two slices per offer', async () => {
    const { status, body } = await search({
      slices: [
        { origin: 'TAS', destination: 'LON', departure_date: day(40) },
        { origin: 'LON', destination: 'TAS', departure_date: day(47) },
      ],
      passengers: { adults: 2, children: 1, infants: 1 },
      cabin_class: 'business',
      currency: 'EUR',
    });
    expect(status).toBe(200);
    const offers: Offer[] = body.data.offers;
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o.slices).toHaveLength(2);
      expect(o.slices.flatMap((s) => s.segments).every((s) => s.cabin_class === 'business')).toBe(true);
    }
    expect(body.data.facets.slices).toHaveLength(2);
  });

  test.each([
    ['no slices', { slices: [] }, '/slices'],
    [
      'a lower-case code',
      { slices: [{ origin: 'tas', destination: 'IST', departure_date: day(30) }] },
      '/slices/0/origin',
    ],
    [
      'an impossible date',
      { slices: [{ origin: 'TAS', destination: 'IST', departure_date: '2026-02-30' }] },
      '/slices/0/departure_date',
    ],
    ['more infants than adults', { passengers: { adults: 1, infants: 2 } }, '/passengers/infants'],
    ['ten seated passengers', { passengers: { adults: 5, children: 5 } }, '/passengers/children'],
    ['an unknown sort', { sort: 'random' }, '/sort'],
    ['a string for adults', { passengers: { adults: '1' } }, '/passengers/adults'],
  ])('%s is a 400 naming the field', async (_name, over, path) => {
    const { status, body } = await search(oneWay(over));
    expect(status).toBe(400);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  test.each([
    [
      'an unknown airport',
      { slices: [{ origin: 'TAS', destination: 'ZZZ', departure_date: day(30) }] },
      'unknown_destination',
    ],
    [
      'a date in the past',
      { slices: [{ origin: 'TAS', destination: 'IST', departure_date: day(-1) }] },
      'date_out_of_range',
    ],
    [
      'a date past the horizon',
      { slices: [{ origin: 'TAS', destination: 'IST', departure_date: day(400) }] },
      'date_out_of_range',
    ],
  ])('%s is a 400 with the engine’s reason', async (_name, over, reason) => {
    const { status, body } = await search(oneWay(over));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'validation_failed', details: [{ reason }] });
  });

  test('the return before the departure is refused', async () => {
    const { status, body } = await search(
      oneWay({
        slices: [
          { origin: 'TAS', destination: 'IST', departure_date: day(30) },
          { origin: 'IST', destination: 'TAS', departure_date: day(29) },
        ],
      }),
    );
    expect(status).toBe(400);
    expect(body.error.details[0].path).toBe('/slices/1/departure_date');
  });
});

describe('offers', () => {
  test('GET /v1/offers/:id re-prices, converts, refuses forged ids, sold-out flights and expired offers', async () => {
    clock = start;
    const { body } = await search(
      oneWay({ slices: [{ origin: 'TAS', destination: 'IST', departure_date: day(31) }] }),
    );
    const offer: Offer = body.data.offers[0];
    const get = (id: string, query = '') =>
      app.inject({ method: 'GET', url: `/v1/offers/${encodeURIComponent(id)}${query}`, headers: auth });

    const again = await get(offer.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: offer.id, total_amount: offer.total_amount });
    const inRub = (await get(offer.id, '?currency=RUB')).json().data;
    expect(inRub.total_currency).toBe('RUB');

    const forged = await get(offer.id.slice(0, -3) + 'abc');
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error.code).toBe('not_found');
    expect((await get(offer.id, '?currency=XYZ')).statusCode).toBe(400);

    // Sell every seat of its first flight: the offer is no longer available (and search no longer shows it).
    const first = offer.slices[0]!.segments[0]!.flight_key;
    await holdSeats(db, [{ flightKey: first, cabin: 'economy', seats: 1000, capacity: 1000 }]);
    const soldOut = await get(offer.id);
    expect(soldOut.statusCode).toBe(422);
    expect(soldOut.json().error.code).toBe('offer_unavailable');

    clock = start + 61_000;
    const expired = await get(offer.id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatchObject({
      code: 'offer_expired',
      message: 'Too much time has passed, the ticket has expired. Please try again',
    });
    const later = (
      await search(oneWay({ slices: [{ origin: 'TAS', destination: 'IST', departure_date: day(31) }] }))
    ).body.data.offers as Offer[];
    expect(later.some((o) => o.slices[0]!.segments.some((s) => s.flight_key === first))).toBe(false);
    clock = start;
  });

  test('search shows seats left under 10 once the inventory snapshot refreshes', async () => {
    clock = start;
    const req = oneWay({
      slices: [{ origin: 'TAS', destination: 'DXB', departure_date: day(33) }],
      sort: 'cheapest',
    });
    const offer: Offer = (await search(req)).body.data.offers.find(
      (o: Offer) => o.slices[0]!.transfers === 0,
    );
    expect(offer.seats_left).toBeUndefined();
    const key = offer.slices[0]!.segments[0]!.flight_key;
    const { schedule } = searchEngineFor('parvoz');
    const capacity = schedule.capacity(schedule.resolveKey(key)!.slot, 'economy');
    await holdSeats(db, [{ flightKey: key, cabin: 'economy', seats: capacity - 4, capacity }]);

    const seatsLeft = async () =>
      ((await search(req)).body.data.offers as Offer[]).find(
        (o) => o.slices[0]!.segments[0]!.flight_key === key,
      )?.seats_left;
    clock = start + 3_000; // past the snapshot's lifetime
    expect(await seatsLeft()).toBe(4);
    clock = start;
  });

  test('an identical search is answered from memory while no seat is sold, never once one is', async () => {
    clock = start + 60_000;
    const req = oneWay({ slices: [{ origin: 'TAS', destination: 'AYT', departure_date: day(35) }] });
    const first = (await search(req, longLived)).body.data;
    // Later, past several sold-seat snapshots, but nothing sold: the same answer (same search id and time).
    clock += 10_000;
    const again = (await search(req, longLived)).body.data;
    expect(again.id).toBe(first.id);
    expect(again.created_at).toBe(first.created_at);
    // Another currency is another search.
    expect((await search({ ...req, currency: 'EUR' }, longLived)).body.data.id).not.toBe(first.id);

    // Every seat of the cheapest offer's flights sold: the next snapshot's search never shows them.
    const offer = first.offers[0] as Offer;
    const { schedule } = searchEngineFor('parvoz');
    const keys = offer.slices.flatMap((slice) => slice.segments.map((segment) => segment.flight_key));
    await holdSeats(
      db,
      keys.map((key) => {
        const capacity = schedule.capacity(schedule.resolveKey(key)!.slot, 'economy');
        return { flightKey: key, cabin: 'economy' as const, seats: capacity, capacity };
      }),
    );
    clock += 3_000; // the next snapshot
    const after = (await search(req, longLived)).body.data;
    expect(after.id).not.toBe(first.id);
    const flown = (o: Offer) =>
      o.slices.flatMap((slice) => slice.segments.map((segment) => segment.flight_key));
    expect((after.offers as Offer[]).filter((o) => flown(o).some((key) => keys.includes(key)))).toEqual([]);

    // Without sales, an answer older than 30 s is not reused.
    const cached = (await search(req, longLived)).body.data;
    expect(cached.id).toBe(after.id);
    clock += 31_000;
    expect((await search(req, longLived)).body.data.id).not.toBe(after.id);
    clock = start;
  });

  test('a remembered answer is sent as the bytes compressed the first time; clients without gzip get its JSON', async () => {
    clock = start + 400_000;
    const req = oneWay({ slices: [{ origin: 'TAS', destination: 'DXB', departure_date: day(37) }] });
    const send = (encoding?: string) =>
      longLived.inject({
        method: 'POST',
        url: '/v1/flights/search',
        headers: { ...auth, ...(encoding ? { 'accept-encoding': encoding } : {}) },
        payload: req,
      });
    const zipped = await send('gzip, deflate, br');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    const json = gunzipSync(zipped.rawPayload).toString('utf8');
    expect(JSON.parse(json).data.offers.length).toBeGreaterThan(0);
    // The same search again: the very same bytes (the same answer, not compressed again).
    clock += 1_000;
    const again = await send('gzip');
    expect(again.rawPayload.equals(zipped.rawPayload)).toBe(true);
    // Without gzip (or refusing it), the same answer as plain JSON.
    for (const encoding of [undefined, 'identity', 'gzip;q=0, br']) {
      const plain = await send(encoding);
      expect(plain.headers['content-encoding'], String(encoding)).toBeUndefined();
      expect(plain.body).toBe(json);
    }
    clock = start;
  });

  test.each([
    ['gzip', true],
    ['deflate, gzip;q=0.5', true],
    ['*', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['gzip; q=0.0', false],
    ['br, deflate', false],
    ['', false],
    ['x-gzip2', false],
  ])('Accept-Encoding %j takes gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  test('a remembered answer keeps at least 39/40 of its offers\' lifetime ("Search again" after expiry)', async () => {
    clock = start + 200_000;
    const req = oneWay({ slices: [{ origin: 'TAS', destination: 'AYT', departure_date: day(36) }] });
    const first = (await search(req)).body.data;
    expect(Date.parse(first.expires_at)).toBe(clock + 60_000);
    // Within a fortieth of the 60-second lifetime (1.5 s) the answer is remembered...
    clock += 1_000;
    expect((await search(req)).body.data.id).toBe(first.id);
    // ...and not after: with a 30 s memory, offers that live 12 s came back expired.
    clock += 1_000;
    const again = (await search(req)).body.data;
    expect(again.id).not.toBe(first.id);
    expect(Date.parse(again.expires_at)).toBe(clock + 60_000);
    clock = start;
  });

  test('POST /v1/offers/reprice gives a fresh offer for the same flights; unknown flights are a 404', async () => {
    clock = start;
    const offer: Offer = (
      await search(oneWay({ slices: [{ origin: 'TAS', destination: 'IST', departure_date: day(35) }] }))
    ).body.data.offers[0];
    clock = start + 3600_000;
    const keys = offer.slices.map((s) => s.segments.map((seg) => seg.flight_key));
    const reprice = (slices: string[][]) =>
      app.inject({
        method: 'POST',
        url: '/v1/offers/reprice',
        headers: auth,
        payload: {
          slices,
          passengers: { adults: 1 },
          cabin_class: 'economy',
          fare_family: 'standard',
          currency: 'TRY',
        },
      });
    const fresh = await reprice(keys);
    expect(fresh.statusCode).toBe(200);
    const data = fresh.json().data;
    expect(data.id).not.toBe(offer.id);
    expect(data.fare_family).toBe('standard');
    expect(data.total_currency).toBe('TRY');
    expect(Date.parse(data.expires_at)).toBe(clock + 60_000);
    expect((await reprice([['ZZ999-' + day(35)]])).statusCode).toBe(404);
    expect((await reprice([['not a key']])).statusCode).toBe(400);
    clock = start;
  });
});
