/**
 * docs/duffel.md, "Timeouts": a slow airline must not cost the fast airlines' Duffel offers. Duffel waits for each airline
 * at most `supplier_timeout` and answers with the offers of the airlines that answered by then; values outside
 * [2 s, 60 s] are ignored for its default 20 s (the official client's OfferRequestsTypes, @duffel/api 4.30:
 * "If a value is set, the response will only include offers from airline searches that completed within the given
 * time … We recommend setting supplier_timeout lower than the timeout on the HTTP request you send to Duffel"). The
 * stand-in (testing/duffel-server.ts) plays that; the site asks for its search budget less a margin (timeouts.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import type { Offer } from '@parvoz/core/search-types';
import { createTestDatabase } from '@parvoz/db/testing';
import { buildTestApi, TEST_ANONYMOUS_TOKEN } from '../../testing/api.ts';
import { searchEngineFor } from '../../modules/search/index.ts';
import { duffelAirportsFrom, startDuffelServer, type DuffelTestServer } from './testing/duffel-server.ts';
import { duffelOnlyFlight } from './testing/duffel-fixtures.ts';
import {
  DUFFEL_SEARCH_MARGIN_MS,
  DUFFEL_SUPPLIER_TIMEOUT_MIN_MS,
  duffelSupplierTimeoutMs,
} from './timeouts.ts';

const TOKEN = 'duffel_test_searchtimeout0123';
/** The smallest budget that leaves Duffel its documented minimum `supplier_timeout` after the margin. */
const BUDGET_MS = DUFFEL_SUPPLIER_TIMEOUT_MIN_MS + DUFFEL_SEARCH_MARGIN_MS;
const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** QP answers in 0.3 s; HY, on the same route an hour later, in 10 s. */
const FAST = duffelOnlyFlight('300.00', '60.00');
const SLOW = duffelOnlyFlight('250.00', '50.00', {
  segments: [
    { ...FAST.segments[0]!, carrier: { iata_code: 'HY', name: 'Uzbekistan Airways' }, departs: '22:10' },
  ],
});

let server: DuffelTestServer;
let api: FastifyInstance;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  server = await startDuffelServer({
    token: TOKEN,
    airports: duffelAirportsFrom(searchEngineFor('parvoz').network, ['TAS', 'IST']),
    flights: [FAST, SLOW],
  });
  const database = await createTestDatabase();
  closeDb = database.close;
  api = await buildTestApi(database.db, {
    duffel: { accessToken: TOKEN, apiUrl: server.url, timeBudgetMs: BUDGET_MS },
  });
}, 120_000);

afterAll(async () => {
  await api?.close();
  await server?.close();
  await closeDb?.();
});

async function search() {
  const response = await api.inject({
    method: 'POST',
    url: '/v1/flights/search',
    headers: { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}` },
    payload: {
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
      passengers: { adults: 1 },
      cabin_class: 'economy',
      currency: 'USD',
      sort: 'cheapest',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const json = response.json();
  return { ...json.data, offers: expandSearchOffers(json.data) as Offer[] };
}

const duffelCarriers = (offers: Offer[]) =>
  offers
    .filter((o) => o.id.startsWith('dfl.'))
    .map((o) => o.slices[0]!.segments[0]!.marketing_carrier.iata_code);

describe("Duffel's supplier_timeout", () => {
  test('is the search budget less the margin, never under the 2 s Duffel honours', () => {
    expect(duffelSupplierTimeoutMs(8_000)).toBe(8_000 - DUFFEL_SEARCH_MARGIN_MS);
    expect(duffelSupplierTimeoutMs(BUDGET_MS)).toBe(2_000);
    expect(duffelSupplierTimeoutMs(200)).toBe(2_000);
    expect(duffelSupplierTimeoutMs(600_000)).toBe(60_000);
  });

  test("an airline at 10 s and one at 0.3 s: the fast airline's offers come within the budget", async () => {
    server.knobs.airlineDelayMs = { QP: 300, HY: 10_000 };
    const before = server.requests.length;
    const started = Date.now();
    const data = await search();
    const took = Date.now() - started;
    // Duffel answered at its supplier_timeout with QP's offer, before our deadline: nothing is missing.
    expect(duffelCarriers(data.offers)).toEqual(['QP']);
    expect(data.incomplete).toBeUndefined();
    expect(took).toBeLessThan(BUDGET_MS);
    const query = new URLSearchParams(server.requests[before]!.path.split('?')[1]);
    expect(Number(query.get('supplier_timeout'))).toBe(BUDGET_MS - DUFFEL_SEARCH_MARGIN_MS);
  });

  test('the stand-in ignores a supplier_timeout outside [2 s, 60 s] and waits its default 20 s, as Duffel does', async () => {
    server.knobs.airlineDelayMs = { QP: 300, HY: 2_500 };
    const ask = (timeout: number) =>
      fetch(`${server.url}/air/offer_requests?return_offers=true&supplier_timeout=${timeout}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TOKEN}`,
          'duffel-version': 'v2',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          data: {
            slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
            passengers: [{ type: 'adult' }],
          },
        }),
      }).then(
        async (r) => ((await r.json()) as { data: { offers: { owner: { iata_code: string } }[] } }).data,
      );
    const owners = (d: { offers: { owner: { iata_code: string } }[] }) =>
      d.offers.map((o) => o.owner.iata_code).sort();
    // 2 s is honoured: HY (2.5 s) is left out.
    expect(owners(await ask(2_000))).toEqual(['QP']);
    // 1 s is ignored: Duffel waits up to 20 s, so HY's offer is in.
    expect(owners(await ask(1_000))).toEqual(['HY', 'QP']);
  });
});
