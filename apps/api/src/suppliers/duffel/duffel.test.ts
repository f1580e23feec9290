/**
 * The Duffel adapter against the local Duffel test server (real HTTP on loopback, Duffel's shapes): the offer
 * request it sends, the mapping of offers into ours, signed ids, re-pricing and Duffel's refusals.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DuffelError } from '@duffel/api';
import { buildNetwork } from '@parvoz/core/network';
import { FIXTURE_NETWORK } from '@parvoz/core/network.fixture';
import { convertMoney, DEFAULT_RATES, fromMajorString, toMajorString } from '@parvoz/core/money';
import type { FlightSupplier } from '@parvoz/core/supplier';
import type { SupplierOffer } from './supplier.ts';
import { duffelSupplierOn } from './testing/duffel-api-testing.ts';
import { decodeDuffelOfferId, encodeDuffelOfferId } from './offer-id.ts';
import { duffelAirportsFrom, startDuffelServer, type DuffelTestServer } from './testing/duffel-server.ts';

const network = buildNetwork(FIXTURE_NETWORK);
const TOKEN = 'duffel_test_0123456789abcdef';
const SECRET = 'test-offer-secret-0123456789';
const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
let server: DuffelTestServer;
let supplier: FlightSupplier;
const dropped: [string, number][] = [];

beforeAll(async () => {
  server = await startDuffelServer({
    token: TOKEN,
    airports: {
      ...duffelAirportsFrom(network, ['TAS', 'IST', 'SKD', 'LHR']),
      // An airport Duffel knows and our network does not: its offers are left out.
      QQQ: {
        iata_code: 'QQQ',
        name: 'Nowhere',
        city_name: 'Nowhere',
        iata_city_code: 'QQQ',
        iata_country_code: 'ZZ',
        time_zone: 'Asia/Tashkent',
        latitude: 40,
        longitude: 65,
      },
    },
    flights: [
      {
        // TAS (+05:00) 08:40 → IST (+03:00) after 5 h: 11:40 local.
        segments: [
          {
            carrier: { iata_code: 'HY', name: 'Uzbekistan Airways' },
            flight_number: '0601',
            origin: 'TAS',
            destination: 'IST',
            departs: '08:40',
            duration_minutes: 300,
            distance: '3725',
          },
        ],
        amount: '180.00',
        tax: '40.00',
        currency: 'EUR',
        baggage: { checked: 1, carry_on: 1 },
        refund: { allowed: true, penalty_amount: '50.00', penalty_currency: 'EUR' },
        change: { allowed: true, penalty_amount: '0.00', penalty_currency: 'EUR' },
      },
      {
        // With a connection at SKD; no checked bag on the second flight; not refundable; no aircraft, no distance.
        segments: [
          {
            carrier: { iata_code: 'HY', name: 'Uzbekistan Airways' },
            flight_number: '51',
            origin: 'TAS',
            destination: 'SKD',
            departs: '06:00',
            duration_minutes: 60,
            distance: null,
            aircraft: null,
          },
          {
            carrier: { iata_code: 'TK', name: 'Turkish Airlines' },
            flight_number: '369',
            origin: 'SKD',
            destination: 'IST',
            departs: '08:30',
            duration_minutes: 310,
          },
        ],
        amount: '150.00',
        tax: '30.00',
        currency: 'USD',
        baggage: { checked: 0, carry_on: 1 },
        refund: { allowed: false, penalty_amount: null, penalty_currency: null },
      },
      {
        segments: [
          {
            carrier: { iata_code: 'HY', name: 'Uzbekistan Airways' },
            flight_number: '77',
            origin: 'TAS',
            destination: 'QQQ',
            departs: '10:00',
            duration_minutes: 60,
          },
          {
            carrier: { iata_code: 'HY', name: 'Uzbekistan Airways' },
            flight_number: '78',
            origin: 'QQQ',
            destination: 'IST',
            departs: '12:00',
            duration_minutes: 240,
          },
        ],
        amount: '99.00',
        tax: '9.00',
        currency: 'USD',
      },
    ],
  });
  supplier = duffelSupplierOn(server, network, TOKEN, SECRET, {
    searchBudgetMs: 8000,
    onDropped: (reason, count) => dropped.push([reason, count]),
  });
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  server.knobs.delayMs = 0;
  server.knobs.failWith = null;
  server.knobs.priceFactor = 1;
  server.knobs.instantPaymentOnly = false;
  dropped.length = 0;
});

const request = {
  slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
  passengers: { adults: 2, children: 1, infants: 1 },
  cabin_class: 'economy' as const,
  max_connections: 1,
  currency: 'USD' as const,
};

async function searchOffers() {
  const result = await supplier.search(request, { now: Date.now() });
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

describe('Duffel supplier: search', () => {
  test('sends an offer request as Duffel documents it: headers, data envelope, passengers by type and age', async () => {
    const before = server.requests.length;
    await searchOffers();
    const call = server.requests[before]!;
    expect(call.method).toBe('POST');
    expect(call.path).toMatch(/^\/air\/offer_requests\/?\?/);
    const query = new URLSearchParams(call.path.split('?')[1]);
    expect(query.get('return_offers')).toBe('true');
    // The 8-s budget less the search margin (timeouts.ts): Duffel answers with the airlines that answered by then.
    expect(query.get('supplier_timeout')).toBe('6500');
    expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call.headers['duffel-version']).toBe('v2');
    expect(call.body).toEqual({
      data: {
        slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
        passengers: [{ type: 'adult' }, { type: 'adult' }, { age: 8 }, { age: 1 }],
        cabin_class: 'economy',
        max_connections: 1,
      },
    });
  });

  test('maps a nonstop offer: our codes, local times with offsets, baggage, prices converted to the display currency', async () => {
    const data = await searchOffers();
    const nonstop = data.offers.find((o) => o.slices[0]!.transfers === 0)!;
    expect(nonstop).toBeDefined();
    const seg = nonstop.slices[0]!.segments[0]!;
    expect(seg).toMatchObject({
      flight_key: `HY601-${date}`,
      origin: 'TAS',
      destination: 'IST',
      departing_at: `${date}T08:40:00+05:00`,
      arriving_at: `${date}T11:40:00+03:00`,
      duration: 'PT5H',
      flight_number: '601',
      distance_km: 3725,
      cabin_class: 'economy',
      aircraft: { iata_code: '320', name: 'Airbus A320' },
    });
    expect(seg.marketing_carrier.iata_code).toBe('HY');
    expect(nonstop.slices[0]).toMatchObject({
      duration_minutes: 300,
      transfers: 0,
      origin: 'TAS',
      destination: 'IST',
    });
    expect(nonstop.baggage).toEqual({
      cabin: { quantity: 1, weight_kg: 8 },
      checked: { quantity: 1, weight_kg: 23 },
    });
    // 2 adults + 1 child at 180 EUR, the infant at 10 %: 558.00 EUR, shown in USD at the configured rate.
    const eur = server.offers.get(
      decodeDuffelOfferId(nonstop.id, SECRET, Date.now()).ok
        ? (decodeDuffelOfferId(nonstop.id, SECRET, Date.now()) as { ref: { offer: string } }).ref.offer
        : '',
    )!;
    expect(eur.total_amount).toBe('558.00');
    const expected = convertMoney(fromMajorString('558.00', 'EUR')!, 'USD', DEFAULT_RATES);
    expect(nonstop.total_amount).toBe(toMajorString(expected));
    expect(nonstop.total_currency).toBe('USD');
    const sum = (field: 'total_amount' | 'fare_amount' | 'tax_amount') =>
      nonstop.price_breakdown.reduce((n, l) => n + fromMajorString(l[field], 'USD')!.amount, 0);
    expect(sum('total_amount')).toBe(expected.amount);
    expect(sum('fare_amount') + sum('tax_amount')).toBe(expected.amount);
    expect(nonstop.price_breakdown.map((l) => [l.passenger_type, l.count])).toEqual([
      ['adult', 2],
      ['child', 1],
      ['infant', 1],
    ]);
    expect(nonstop.passengers.map((p) => p.type)).toEqual(['adult', 'adult', 'child', 'infant']);
    // Refundable at Duffel: our standard family (a label; the conditions are Duffel's, see re-pricing).
    expect(nonstop.fare_family).toBe('standard');
  });

  test('maps a connection: connection time, least baggage over the trip, distance from coordinates, no aircraft', async () => {
    const data = await searchOffers();
    const connecting = data.offers.find((o) => o.slices[0]!.transfers === 1)!;
    const [first, second] = connecting.slices[0]!.segments;
    expect(first!.departing_at).toBe(`${date}T06:00:00+05:00`);
    expect(first!.distance_km).toBeGreaterThan(200);
    expect(first!.aircraft).toEqual({ iata_code: '', name: '' });
    expect(second!.connection_minutes).toBe(90);
    expect(second!.marketing_carrier.iata_code).toBe('TK');
    expect(connecting.slices[0]!.duration_minutes).toBe(60 + 90 + 310);
    expect(connecting.baggage.checked).toEqual({ quantity: 0, weight_kg: 0 });
    expect(connecting.fare_family).toBe('light');
    expect(connecting.owner.iata_code).toBe('HY');
  });

  test('leaves out offers through places our network does not know, and says so', async () => {
    const data = await searchOffers();
    expect(data.offers).toHaveLength(2);
    expect(data.offers.flatMap((o) => o.slices[0]!.segments.map((s) => s.destination))).not.toContain('QQQ');
    expect(dropped).toEqual([['unknown_airport', 1]]);
    expect(data.facets.airlines.map((a) => a.iata_code).sort()).toEqual(['HY', 'TK']);
  });

  test('our offer ids wrap Duffel’s signed: no bare Duffel id, a changed id is not found', async () => {
    const data = await searchOffers();
    for (const offer of data.offers) {
      expect(offer.id.startsWith('dfl.')).toBe(true);
      expect(offer.id).not.toMatch(/off_/);
      expect(offer.fare_families.map((f) => f.offer_id)).toEqual([offer.id]);
    }
    const id = data.offers[0]!.id;
    const forged = encodeDuffelOfferId(
      { offer: 'off_0000forged', currency: 'USD', expiresAt: Date.now() + 60_000 },
      'another-secret-0123456789',
    );
    expect(await supplier.price(forged, { now: Date.now() })).toMatchObject({
      ok: false,
      error: { code: 'offer_not_found' },
    });
    const tampered = id.slice(0, -2) + (id.endsWith('AA') ? 'BB' : 'AA');
    expect(await supplier.price(tampered, { now: Date.now() })).toMatchObject({
      ok: false,
      error: { code: 'offer_not_found' },
    });
    expect(await supplier.price(id, { now: Date.now() + 21 * 60_000 })).toMatchObject({
      ok: false,
      error: { code: 'offer_expired' },
    });
  });

  test('a refusal of Duffel (bad token) throws its error, with Duffel’s error shape', async () => {
    const wrong = duffelSupplierOn(server, network, 'duffel_test_wrong0000', SECRET, { offerTtlMs: 60_000 });
    const error = await wrong.search(request, { now: Date.now() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuffelError);
    expect((error as InstanceType<typeof DuffelError>).status).toBe(401);
    expect((error as InstanceType<typeof DuffelError>).errors[0]).toMatchObject({
      type: 'authentication_error',
      code: 'unauthorized',
    });
  });
});

describe('Duffel supplier: re-pricing', () => {
  test('re-reads the offer in Duffel’s currency: its fare conditions converted, a new price when Duffel’s changed', async () => {
    const data = await searchOffers();
    const nonstop = data.offers.find((o) => o.slices[0]!.transfers === 0)!;
    const same = await supplier.price(nonstop.id, { now: Date.now() });
    expect(same.ok).toBe(true);
    const priced = (same as { data: SupplierOffer }).data;
    // Searched in USD, charged in Duffel's EUR: the search's USD total beside it, for reference.
    expect([priced.total_amount, priced.total_currency]).toEqual(['558.00', 'EUR']);
    expect(priced.display_total).toEqual({ amount: nonstop.total_amount, currency: 'USD' });
    expect(priced.id).toBe(nonstop.id);
    expect(priced.conditions).toEqual({
      refund_before_departure: {
        allowed: true,
        penalty_amount: '50.00',
        penalty_currency: 'EUR',
        taxes_refundable: true,
      },
    });
    const inEur = (await supplier.price(nonstop.id, { now: Date.now(), currency: 'EUR' })) as {
      data: SupplierOffer;
    };
    expect([inEur.data.total_amount, inEur.data.total_currency]).toEqual(['558.00', 'EUR']);
    expect(inEur.data.display_total).toBeUndefined();

    server.knobs.priceFactor = 1.1;
    const dearer = await supplier.price(nonstop.id, { now: Date.now() });
    expect(
      fromMajorString((dearer as { data: SupplierOffer }).data.total_amount, 'EUR')!.amount,
    ).toBeGreaterThan(fromMajorString('558.00', 'EUR')!.amount);
  });

  test('an offer Duffel no longer has, or Duffel failing, is unavailable (never a crash)', async () => {
    const data = await searchOffers();
    const id = data.offers[0]!.id;
    server.knobs.failWith = 503;
    expect(await supplier.price(id, { now: Date.now() })).toMatchObject({
      ok: false,
      error: { code: 'offer_unavailable' },
    });
    server.knobs.failWith = null;
    server.expireOffers();
    expect(await supplier.price(id, { now: Date.now() })).toMatchObject({
      ok: false,
      error: { code: 'offer_unavailable' },
    });
  });

  test('offers the airline will not hold (instant payment only) are offered, marked; re-pricing keeps the mark', async () => {
    const plain = (await searchOffers()).offers.length;
    dropped.length = 0;
    server.knobs.instantPaymentOnly = true;
    try {
      const data = await searchOffers();
      // Sold too, booked at the airline once paid (docs/decisions/0017): the same offers, each marked.
      expect(data.offers).toHaveLength(plain);
      expect(plain).toBeGreaterThan(0);
      for (const offer of data.offers)
        expect(offer.payment_requirements).toEqual({ requires_instant_payment: true });
      expect(dropped).toEqual([['unknown_airport', 1]]);
      const priced = await supplier.price(data.offers[0]!.id, { now: Date.now() });
      expect(priced).toMatchObject({
        ok: true,
        data: { payment_requirements: { requires_instant_payment: true } },
      });
    } finally {
      server.knobs.instantPaymentOnly = false;
    }
    // An ordinary offer carries no mark.
    const id = (await searchOffers()).offers[0]!.id;
    const priced = await supplier.price(id, { now: Date.now() });
    expect(priced.ok && priced.data.payment_requirements).toBeUndefined();
  });

  test('flights chosen by keys (shared links) are the built-in network’s only', async () => {
    const result = await supplier.reprice(
      {
        slices: [['HY601-2030-01-01']],
        cabin_class: 'economy',
        passengers: { adults: 1, children: 0, infants: 0 },
        fare_family: 'light',
        currency: 'USD',
      },
      { now: Date.now() },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'offer_not_found' } });
  });
});
