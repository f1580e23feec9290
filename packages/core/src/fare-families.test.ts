import { describe, expect, test } from 'vitest';
import { fromMajorString } from './money.ts';
import { decodeOffer, encodeOffer } from './offers.ts';
import { baggageAllowance, fareFamiliesOf, familyOfTier, fareTier } from './pricing.ts';
import { fixtureSupplier, FIXTURE_NOW } from './search.fixture.ts';
import type { FlightSearchRequest } from './search-types.ts';

const { engine, supplier } = fixtureSupplier();
const now = FIXTURE_NOW;

const oneWay = (over: Partial<FlightSearchRequest> = {}): FlightSearchRequest => ({
  slices: [{ origin: 'TAS', destination: 'LON', departure_date: '2026-12-15' }],
  passengers: { adults: 1, children: 0, infants: 0 },
  cabin_class: 'economy',
  max_connections: 2,
  currency: 'USD',
  ...over,
});

async function search(over: Partial<FlightSearchRequest> = {}, soldSeats?: () => number) {
  const r = await supplier.search(oneWay(over), { now, ...(soldSeats ? { soldSeats } : {}) });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.data;
}

const cents = (amount: string) => fromMajorString(amount, 'USD')!.amount;

describe('fare families per cabin', () => {
  test('each cabin sells its own two families; business always includes checked baggage', () => {
    expect(fareFamiliesOf('economy')).toEqual(['light', 'standard']);
    expect(fareFamiliesOf('business')).toEqual(['business', 'business_flex']);
    expect(baggageAllowance('light').checked.quantity).toBe(0);
    expect(baggageAllowance('standard').checked).toEqual({ quantity: 1, weight_kg: 23 });
    expect(baggageAllowance('business').checked).toEqual({ quantity: 1, weight_kg: 32 });
    expect(baggageAllowance('business_flex').checked).toEqual({ quantity: 2, weight_kg: 32 });
    expect(familyOfTier('business', fareTier('standard'))).toBe('business_flex');
    expect(familyOfTier('economy', fareTier('business'))).toBe('light');
  });

  test('business offers carry business families with checked bags, the flexible one dearer', async () => {
    const { offers } = await search({ cabin_class: 'business' });
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o.fare_family).toBe('business');
      expect(o.baggage.checked).toEqual({ quantity: 1, weight_kg: 32 });
      expect(o.fare_families.map((f) => f.fare_family)).toEqual(['business', 'business_flex']);
      const [base, flex] = o.fare_families;
      expect(base!.offer_id).toBe(o.id);
      expect(base!.total_amount).toBe(o.total_amount);
      expect(flex!.baggage.checked).toEqual({ quantity: 2, weight_kg: 32 });
      expect(cents(flex!.total_amount)).toBeGreaterThan(cents(base!.total_amount));
    }
  });

  test('economy offers keep light (no checked bag) and standard', async () => {
    const { offers } = await search();
    for (const o of offers) {
      expect(o.fare_family).toBe('light');
      expect(o.baggage.checked.quantity).toBe(0);
      expect(o.fare_families.map((f) => f.fare_family)).toEqual(['light', 'standard']);
    }
  });

  test('a business flex id prices as business flex; an old economy-coded business id maps to its tier', async () => {
    const { offers } = await search({ cabin_class: 'business' });
    const flex = offers[0]!.fare_families[1]!;
    const priced = await supplier.price(flex.offer_id, { now });
    expect(priced.ok && priced.data.fare_family).toBe('business_flex');
    expect(priced.ok && priced.data.total_amount).toBe(flex.total_amount);
    const decoded = decodeOffer(flex.offer_id, 'test-secret', now);
    if (!decoded.ok) throw new Error('not decoded');
    const legacy = encodeOffer({ ...decoded.offer, fareFamily: 'standard' }, 'test-secret');
    const old = await supplier.price(legacy, { now });
    expect(old.ok && old.data.fare_family).toBe('business_flex');
    expect(old.ok && old.data.baggage.checked.quantity).toBe(2);
  });

  test('reprice of business flights with an economy family gives the business family of that tier', async () => {
    const { offers } = await search({ cabin_class: 'business' });
    const keys = offers[0]!.slices.map((s) => s.segments.map((seg) => seg.flight_key));
    const r = await supplier.reprice(
      {
        slices: keys,
        cabin_class: 'business',
        passengers: { adults: 1, children: 0, infants: 0 },
        fare_family: 'standard',
        currency: 'USD',
      },
      { now },
    );
    expect(r.ok && r.data.fare_family).toBe('business_flex');
  });
});

describe('no connection at all vs nothing on the date', () => {
  // SKD only connects to TAS: New York is three flights away.
  test('places the route graph does not link within the connections allowed are not connected', async () => {
    for (const max of [0, 1]) {
      const data = await search({
        slices: [{ origin: 'SKD', destination: 'NYC', departure_date: '2026-12-15' }],
        max_connections: max,
      });
      expect(data.connected).toBe(false);
      expect(data.offers).toEqual([]);
    }
    const two = await search({
      slices: [{ origin: 'SKD', destination: 'NYC', departure_date: '2026-12-15' }],
      max_connections: 2,
    });
    expect(two.connected).toBe(true);
    expect(two.offers.length).toBeGreaterThan(0);
  });

  test('the engine does not expand anything for unconnected places', () => {
    const outcome = engine.search({
      slices: [{ origin: 'SKD', destination: 'JFK', date: '2026-12-15' }],
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin: 'economy',
      maxConnections: 1,
      now,
    });
    if (!outcome.ok) throw new Error(outcome.error.code);
    expect(outcome.slices[0]!.connected).toBe(false);
    expect(outcome.slices[0]!.expanded).toBe(0);
  });

  test('connected places with every seat sold: no offers, but still connected (try other dates)', async () => {
    const data = await search({}, () => 10_000);
    expect(data.offers).toEqual([]);
    expect(data.connected).toBe(true);
  });

  test('a round trip is unconnected when either slice is', async () => {
    const data = await search({
      slices: [
        { origin: 'SKD', destination: 'NYC', departure_date: '2026-12-15' },
        { origin: 'NYC', destination: 'SKD', departure_date: '2026-12-20' },
      ],
      max_connections: 1,
    });
    expect(data.connected).toBe(false);
  });
});
