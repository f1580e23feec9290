/**
 * Built-in network + Duffel in one search, through the API (inject) against the Duffel test server: merge and
 * de-duplication (the cheaper of identical itineraries), ranking and facets together, a late supplier (time
 * budget) and a failing one never fail the search (counted, answer flagged), re-pricing a Duffel offer, booking
 * refused until booking at the supplier exists, and no token: nothing changes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '@parvoz/db/testing';
import type { Database } from '@parvoz/db';
import { fromMajorString } from '@parvoz/core/money';
import type { Offer } from '@parvoz/core/search-types';
import { buildTestApi, TEST_ANONYMOUS_TOKEN } from '../testing/api.ts';
import { bookingBody, injectOrder } from '../testing/booking.ts';
import { searchEngineFor } from '../modules/search/index.ts';
import { supplierFailuresTotal } from '../metrics.ts';
import { itineraryKey } from './combined.ts';
import {
  duffelAirportsFrom,
  startDuffelServer,
  type DuffelTestServer,
} from './duffel/testing/duffel-server.ts';
import { duffelOnlyFlight } from './duffel/testing/duffel-fixtures.ts';

const TOKEN = 'duffel_test_combined0123456789';
const start = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(start);
const day = (offset: number) => new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
const auth = { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}` };

let db: Database;
let closeDb: () => Promise<void>;
let plain: FastifyInstance;
let combined: FastifyInstance;
let tight: FastifyInstance;
let server: DuffelTestServer;
/** Built-in offers the test server copies: one sold cheaper at Duffel, one dearer. */
let cheaperAtDuffel: Offer;
let dearerAtDuffel: Offer;
let builtinOffers: Offer[];

type SearchData = {
  id: string;
  offers: Offer[];
  facets: { airlines: { iata_code: string }[] };
  incomplete?: boolean;
  pending?: boolean;
};

/** A search Duffel failed: answered from our own network, with offers, and flagged incomplete. */
function expectAnsweredWithoutDuffel({ status, body }: Awaited<ReturnType<typeof search>>) {
  expect(status).toBe(200);
  expect(body.data.incomplete).toBe(true);
  expect(body.data.offers.length).toBeGreaterThan(0);
  expect(body.data.offers.every((o) => !o.id.startsWith('dfl.'))).toBe(true);
}

async function search(api: FastifyInstance, body: object, stage?: 'first' | 'rest') {
  const response = await api.inject({
    method: 'POST',
    url: stage ? `/v1/flights/search?stage=${stage}` : '/v1/flights/search',
    headers: auth,
    payload: body,
  });
  const json = response.json();
  // Made whole as the web reads them (the wire lists slices and fare families once, ADR 0015).
  if (response.statusCode === 200) json.data.offers = expandSearchOffers(json.data);
  return { status: response.statusCode, body: json as { data: SearchData } };
}

const oneWay = (date: string, over: Record<string, unknown> = {}) => ({
  slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
  passengers: { adults: 1 },
  cabin_class: 'economy',
  currency: 'USD',
  sort: 'cheapest',
  ...over,
});

/** A test-server flight with the same flights as a built-in offer's slice, at `amount` USD per adult. */
function copyOf(offer: Offer, amount: string) {
  return {
    segments: offer.slices[0]!.segments.map((s) => ({
      carrier: { iata_code: s.marketing_carrier.iata_code, name: s.marketing_carrier.name },
      flight_number: s.flight_number,
      origin: s.origin,
      destination: s.destination,
      departs: s.departing_at.slice(11, 16),
      // Day of this flight after the slice's first (local dates).
      day_offset: Math.round(
        (Date.parse(s.departing_at.slice(0, 10)) - Date.parse(offer.slices[0]!.departing_at.slice(0, 10))) /
          86_400_000,
      ),
      duration_minutes: (Date.parse(s.arriving_at) - Date.parse(s.departing_at)) / 60_000,
    })),
    amount,
    tax: '0.50',
    currency: 'USD',
  };
}

const failures = async (reason: string) =>
  (await supplierFailuresTotal.get()).values.find(
    (v) => v.labels.supplier === 'duffel' && v.labels.reason === reason,
  )?.value ?? 0;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  closeDb = database.close;
  plain = await buildTestApi(db, {}, { now });
  const first = await search(plain, oneWay(day(30)));
  expect(first.status).toBe(200);
  builtinOffers = first.body.data.offers;
  const nonstops = builtinOffers.filter((o) => o.slices[0]!.transfers === 0);
  expect(nonstops.length).toBeGreaterThanOrEqual(2);
  cheaperAtDuffel = nonstops[0]!;
  dearerAtDuffel = nonstops[1]!;
  const network = searchEngineFor('parvoz').network;
  const airports = new Set(
    [cheaperAtDuffel, dearerAtDuffel].flatMap((o) =>
      o.slices[0]!.segments.flatMap((s) => [s.origin, s.destination]),
    ),
  );
  server = await startDuffelServer({
    token: TOKEN,
    now,
    airports: duffelAirportsFrom(network, [...airports, 'TAS', 'IST']),
    flights: [
      copyOf(cheaperAtDuffel, '1.00'),
      copyOf(dearerAtDuffel, '9000.00'),
      duffelOnlyFlight('5000.00', '100.00', {
        currency: 'EUR',
        refund: { allowed: true, penalty_amount: '10.00', penalty_currency: 'EUR' },
      }),
    ],
  });
  const duffel = { accessToken: TOKEN, apiUrl: server.url };
  combined = await buildTestApi(db, { duffel: { ...duffel, timeBudgetMs: 30_000 } }, { now });
  tight = await buildTestApi(db, { duffel: { ...duffel, timeBudgetMs: 200 } }, { now });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([plain?.close(), combined?.close(), tight?.close()]);
  await closeDb?.();
});

describe('one search over the built-in network and Duffel', () => {
  test('merges, keeps the cheaper of identical itineraries, ranks and facets them together', async () => {
    const { status, body } = await search(combined, oneWay(day(30)));
    expect(status).toBe(200);
    const { offers } = body.data;
    expect(body.data.incomplete).toBeUndefined();
    const byKey = new Map(offers.map((o) => [itineraryKey(o), o]));
    // Each itinerary once.
    expect(byKey.size).toBe(offers.length);
    // Cheaper at Duffel: Duffel's offer replaces ours; dearer at Duffel: ours stays.
    expect(byKey.get(itineraryKey(cheaperAtDuffel))!.id.startsWith('dfl.')).toBe(true);
    expect(byKey.get(itineraryKey(cheaperAtDuffel))!.total_amount).toBe('1.00');
    expect(byKey.get(itineraryKey(dearerAtDuffel))!.id).toBe(dearerAtDuffel.id);
    // The Duffel-only itinerary is added: one more than the built-in list.
    const only = offers.find((o) => o.slices[0]!.segments[0]!.marketing_carrier.iata_code === 'QP')!;
    expect(only.id.startsWith('dfl.')).toBe(true);
    expect(offers).toHaveLength(builtinOffers.length + 1);
    // Ranked together (cheapest first) and faceted together.
    const cents = offers.map((o) => fromMajorString(o.total_amount, 'USD')!.amount);
    expect(cents).toEqual([...cents].sort((a, b) => a - b));
    expect(offers[0]!.id).toBe(byKey.get(itineraryKey(cheaperAtDuffel))!.id);
    expect(offers.at(-1)!.id).toBe(only.id);
    expect(body.data.facets.airlines.map((a) => a.iata_code)).toContain('QP');
  });

  test('a supplier that answers after its time budget: the search answers without it, flagged and counted', async () => {
    const before = await failures('timeout');
    server.knobs.delayMs = 5_000;
    try {
      expectAnsweredWithoutDuffel(await search(tight, oneWay(day(31))));
      expect(await failures('timeout')).toBe(before + 1);
    } finally {
      server.knobs.delayMs = 0;
    }
  });

  test('a failing supplier (error answer or dropped connection): the search still answers, flagged and counted', async () => {
    for (const [failWith, date] of [
      [500, day(32)],
      ['drop', day(33)],
    ] as const) {
      const before = await failures('error');
      server.knobs.failWith = failWith;
      try {
        expectAnsweredWithoutDuffel(await search(combined, oneWay(date)));
        expect(await failures('error')).toBe(before + 1);
      } finally {
        server.knobs.failWith = null;
      }
    }
    // Incomplete answers are not kept: once Duffel answers again, the same search has its offers.
    const again = await search(combined, oneWay(day(32)));
    expect(again.body.data.incomplete).toBeUndefined();
    expect(again.body.data.offers.some((o) => o.id.startsWith('dfl.'))).toBe(true);
  });

  test('a request the built-in network refuses is refused as before, without asking Duffel', async () => {
    const calls = server.requests.length;
    const { status } = await search(
      combined,
      oneWay(day(30), { slices: [{ origin: 'TAS', destination: 'TAS', departure_date: day(30) }] }),
    );
    expect(status).toBe(400);
    expect(server.requests.length).toBe(calls);
  });

  test('without a token nothing changes: no call to Duffel, no flag', async () => {
    const calls = server.requests.length;
    const { status, body } = await search(plain, oneWay(day(34)));
    expect(status).toBe(200);
    expect('incomplete' in body.data).toBe(false);
    expect(body.data.offers.every((o) => !o.id.startsWith('dfl.'))).toBe(true);
    expect(server.requests.length).toBe(calls);
  });
});

/** Offer requests Duffel has had so far. */
const offerRequests = () => server.requests.filter((r) => r.path.startsWith('/air/offer_requests')).length;
const fromDuffel = (offers: Offer[]) => offers.filter((o) => o.id.startsWith('dfl.'));

describe('streamed in two stages (?stage=first, then ?stage=rest)', () => {
  test('a supplier that answers late: the built-in part at once, the merged list after, Duffel asked once', async () => {
    const asked = offerRequests();
    server.knobs.delayMs = 1_500;
    try {
      const began = performance.now();
      const first = await search(combined, oneWay(day(40)), 'first');
      const firstMs = performance.now() - began;
      expect(first.status).toBe(200);
      expect(first.body.data.pending).toBe(true);
      expect(first.body.data.incomplete).toBeUndefined();
      expect(first.body.data.offers.length).toBeGreaterThan(0);
      expect(fromDuffel(first.body.data.offers)).toHaveLength(0);
      // Not waiting for Duffel's 1.5 s.
      expect(firstMs).toBeLessThan(1_000);

      // An identical search meanwhile (another traveller) joins the run rather than asking Duffel again.
      const [rest, other] = await Promise.all([
        search(combined, oneWay(day(40)), 'rest'),
        search(combined, oneWay(day(40))),
      ]);
      const restMs = performance.now() - began;
      expect(restMs).toBeGreaterThanOrEqual(1_400);
      for (const answer of [rest, other]) {
        expect(answer.status).toBe(200);
        expect(answer.body.data.pending).toBeUndefined();
        expect(answer.body.data.incomplete).toBeUndefined();
        expect(answer.body.data.id).toBe(first.body.data.id);
        expect(answer.body.data.facets.airlines.map((a) => a.iata_code)).toContain('QP');
      }
      // Merged and re-ranked: Duffel's cheaper copy replaced the built-in one, its own itinerary added.
      const merged = rest.body.data.offers;
      expect(merged).toHaveLength(first.body.data.offers.length + 1);
      expect(fromDuffel(merged).length).toBe(2);
      expect(merged[0]!.total_amount).toBe('1.00');
      expect(offerRequests()).toBe(asked + 1);
    } finally {
      server.knobs.delayMs = 0;
    }
    // The merged answer is the cached one: a new page's first stage gets it whole, nothing pending, nobody asked.
    const again = await search(combined, oneWay(day(40)), 'first');
    expect(again.body.data.pending).toBeUndefined();
    expect(fromDuffel(again.body.data.offers)).toHaveLength(2);
    expect(offerRequests()).toBe(asked + 1);
  });

  test('a supplier later than its budget: the rest answers when the budget ends, flagged and counted once', async () => {
    const before = await failures('timeout');
    const asked = offerRequests();
    server.knobs.delayMs = 5_000;
    try {
      const began = performance.now();
      const first = await search(tight, oneWay(day(41)), 'first');
      expect(first.body.data.pending).toBe(true);
      const rest = await search(tight, oneWay(day(41)), 'rest');
      // The 200 ms budget, not Duffel's 5 s.
      expect(performance.now() - began).toBeLessThan(2_000);
      expect(rest.status).toBe(200);
      expect(rest.body.data.incomplete).toBe(true);
      expect(rest.body.data.pending).toBeUndefined();
      expect(rest.body.data.offers.map((o) => o.id)).toEqual(first.body.data.offers.map((o) => o.id));
      // The rest asked again (a retry of the page's call) is the same finished run: not another fan-out.
      const retried = await search(tight, oneWay(day(41)), 'rest');
      expect(retried.body.data.incomplete).toBe(true);
      expect(offerRequests()).toBe(asked + 1);
      expect(await failures('timeout')).toBe(before + 1);
    } finally {
      server.knobs.delayMs = 0;
    }
  });

  test('a failing supplier: the rest is the built-in list flagged; a new search asks again', async () => {
    const before = await failures('error');
    const asked = offerRequests();
    server.knobs.failWith = 500;
    try {
      const first = await search(combined, oneWay(day(42)), 'first');
      expect(first.status).toBe(200);
      expect(first.body.data.pending).toBe(true);
      const rest = await search(combined, oneWay(day(42)), 'rest');
      expect(rest.status).toBe(200);
      expect(rest.body.data.incomplete).toBe(true);
      expect(fromDuffel(rest.body.data.offers)).toHaveLength(0);
      expect(rest.body.data.offers.length).toBe(first.body.data.offers.length);
      expect(await failures('error')).toBe(before + 1);
    } finally {
      server.knobs.failWith = null;
    }
    // The incomplete answer was not cached, and a new page (stage first) is a new search: Duffel is asked again.
    const first = await search(combined, oneWay(day(42)), 'first');
    expect(first.body.data.pending).toBe(true);
    const rest = await search(combined, oneWay(day(42)), 'rest');
    expect(rest.body.data.incomplete).toBeUndefined();
    expect(fromDuffel(rest.body.data.offers)).toHaveLength(2);
    expect(offerRequests()).toBe(asked + 2);
  });

  test('a refused request is refused at the first stage, Duffel not asked', async () => {
    const asked = offerRequests();
    const { status } = await search(
      combined,
      oneWay(day(43), { slices: [{ origin: 'TAS', destination: 'TAS', departure_date: day(43) }] }),
      'first',
    );
    expect(status).toBe(400);
    expect(offerRequests()).toBe(asked);
  });

  test('without a token the stages change nothing: the whole answer at once, never pending', async () => {
    const calls = server.requests.length;
    const first = await search(plain, oneWay(day(44)), 'first');
    expect(first.status).toBe(200);
    expect('pending' in first.body.data).toBe(false);
    expect('incomplete' in first.body.data).toBe(false);
    const whole = await search(plain, oneWay(day(44)));
    expect(whole.body.data.offers.map((o) => o.id)).toEqual(first.body.data.offers.map((o) => o.id));
    expect(server.requests.length).toBe(calls);
  });
});

describe('a Duffel offer after the search', () => {
  test('GET /v1/offers/{id} re-prices it at Duffel with Duffel’s conditions; a changed id is 404', async () => {
    const { body } = await search(combined, oneWay(day(30)));
    const only = body.data.offers.find(
      (o) => o.slices[0]!.segments[0]!.marketing_carrier.iata_code === 'QP',
    )!;
    const response = await combined.inject({
      method: 'GET',
      url: `/v1/offers/${encodeURIComponent(only.id)}`,
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    const priced = response.json().data;
    // Searched in USD, charged in the airline's EUR (decision 0017, "Currency"): the search's price beside it.
    expect(only.total_currency).toBe('USD');
    expect([priced.total_amount, priced.total_currency]).toEqual(['5000.00', 'EUR']);
    expect(priced.display_total).toEqual({ amount: only.total_amount, currency: 'USD' });
    expect(priced.conditions.refund_before_departure.allowed).toBe(true);
    expect(priced.conditions.refund_before_departure.penalty_currency).toBe('EUR');
    expect(server.requests.at(-1)!.path).toMatch(/^\/air\/offers\/off_/);
    const forged = only.id.slice(0, -3) + (only.id.endsWith('AAA') ? 'BBB' : 'AAA');
    const refused = await combined.inject({
      method: 'GET',
      url: `/v1/offers/${encodeURIComponent(forged)}`,
      headers: auth,
    });
    expect(refused.statusCode).toBe(404);
  });

  test('a Duffel offer on a site without Duffel configured is not bookable: a clear 400, nothing recorded', async () => {
    const { body } = await search(combined, oneWay(day(30)));
    const only = body.data.offers.find((o) => o.id.startsWith('dfl.'))!;
    const duffelOrders = server.orders.length;
    // Booking through Duffel works (suppliers/duffel/booking.test.ts); a site without the token cannot book it.
    const response = await injectOrder(plain, bookingBody(only), 'duffel-booking-refused-1', auth);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      details: [expect.objectContaining({ path: '/offer_id' })],
    });
    expect(server.orders).toHaveLength(duffelOrders);
  });
});
