import { describe, expect, test } from 'vitest';
import { fromMajorString, type CurrencyCode } from './money.ts';
import { decodeOffer } from './offers.ts';
import { FIXTURE_NETWORK } from './network.fixture.ts';
import { familyRoundTrip, fixtureSupplier, FIXTURE_NOW } from './search.fixture.ts';
import type { FlightSearchRequest, Offer } from './search-types.ts';
import { createBuiltinSupplier } from './supplier.ts';

const { net, engine, supplier } = fixtureSupplier();
const now = FIXTURE_NOW;
const ctx = { now };

const request = (over: Partial<FlightSearchRequest> = {}): FlightSearchRequest =>
  familyRoundTrip({ max_connections: 2, currency: 'USD', ...over });

async function offersOf(
  over: Partial<FlightSearchRequest> = {},
  c: Parameters<typeof supplier.search>[1] = ctx,
): Promise<Offer[]> {
  const r = await supplier.search(request(over), c);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.data.offers;
}

const minor = (amount: string, currency: CurrencyCode): number => fromMajorString(amount, currency)!.amount;

function checkOffer(o: Offer): void {
  const c = o.total_currency;
  let sum = 0;
  for (const line of o.price_breakdown) {
    expect(minor(line.total_amount, c)).toBe(
      minor(line.fare_amount, c) + minor(line.tax_amount, c) + minor(line.luggage_amount, c),
    );
    sum += minor(line.total_amount, c);
  }
  expect(minor(o.total_amount, c)).toBe(sum);
  expect(minor(o.total_amount, c)).toBe(minor(o.base_amount, c) + minor(o.tax_amount, c));
  expect(o.fare_families.find((f) => f.fare_family === o.fare_family)!.offer_id).toBe(o.id);
  for (const s of o.slices) {
    expect(s.duration).toMatch(/^PT(\d+H)?(\d+M)?$/);
    expect(s.segments[0]!.origin).toBe(s.origin);
    expect(s.segments.at(-1)!.destination).toBe(s.destination);
    expect(s.departing_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00[+-]\d\d:\d\d$/);
    for (const seg of s.segments) {
      expect(seg.marketing_carrier.name.length).toBeGreaterThan(0);
      expect(seg.flight_key).toBe(
        `${seg.marketing_carrier.iata_code}${seg.flight_number}-${seg.departing_at.slice(0, 10)}`,
      );
    }
  }
}

describe('built-in supplier: search', () => {
  test('round-trip offers in the API shape with signed ids, exact breakdowns and facets', async () => {
    const r = await supplier.search(request(), ctx);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const { data } = r;
    expect(data.expires_at).toBe(new Date(now + 20 * 60_000).toISOString());
    expect(data.offers.length).toBeGreaterThan(0);
    for (const o of data.offers) {
      checkOffer(o);
      expect(o.slices).toHaveLength(2);
      expect(o.passengers.map((p) => p.type)).toEqual(['adult', 'adult', 'child', 'infant']);
      expect(o.expires_at).toBe(data.expires_at);
      const decoded = decodeOffer(o.id, 'test-secret', now);
      expect(decoded.ok && decoded.offer.slices).toEqual(
        o.slices.map((s) => s.segments.map((x) => x.flight_key)),
      );
      const standard = o.fare_families.find((f) => f.fare_family === 'standard')!;
      expect(minor(standard.total_amount, 'USD')).toBeGreaterThan(minor(o.total_amount, 'USD'));
      expect(standard.baggage.checked).toEqual({ quantity: 1, weight_kg: 23 });
      expect(o.baggage.checked.quantity).toBe(0);
      expect(o.available_services.map((s) => s.slice_index)).toEqual([0, 1]);
      expect(Date.parse(o.slices[1]!.departing_at)).toBeGreaterThan(Date.parse(o.slices[0]!.arriving_at));
    }
    const totals = data.offers.map((o) => minor(o.total_amount, 'USD'));
    expect(minor(data.facets.price!.min, 'USD')).toBe(Math.min(...totals));
    expect(minor(data.facets.price!.max, 'USD')).toBe(Math.max(...totals));
    expect(data.facets.slices).toHaveLength(2);
    for (const a of data.facets.airlines) {
      const withIt = data.offers.filter((o) =>
        o.slices.some((s) => s.segments.some((x) => x.marketing_carrier.iata_code === a.iata_code)),
      );
      expect(minor(a.min_price, 'USD')).toBe(Math.min(...withIt.map((o) => minor(o.total_amount, 'USD'))));
    }
  });

  test('display currencies: UZS in whole units, totals still exact sums', async () => {
    for (const currency of ['UZS', 'EUR', 'RUB', 'TRY'] as const) {
      const offers = await offersOf({ currency });
      for (const o of offers) {
        expect(o.total_currency).toBe(currency);
        if (currency === 'UZS') expect(o.total_amount).toMatch(/^\d+$/);
        else expect(o.total_amount).toMatch(/^\d+\.\d\d$/);
        checkOffer(o);
      }
    }
  });

  test('sort orders', async () => {
    const cheapest = await offersOf({ sort: 'cheapest' });
    for (let i = 1; i < cheapest.length; i++)
      expect(minor(cheapest[i]!.total_amount, 'USD')).toBeGreaterThanOrEqual(
        minor(cheapest[i - 1]!.total_amount, 'USD'),
      );
    const total = (o: Offer) => o.slices.reduce((s, x) => s + x.duration_minutes, 0);
    const fastest = await offersOf({ sort: 'fastest' });
    for (let i = 1; i < fastest.length; i++)
      expect(total(fastest[i]!)).toBeGreaterThanOrEqual(total(fastest[i - 1]!));
  });

  test('seats_left only when fewer than 10 seats are left', async () => {
    const offers = await offersOf({}, { now, soldSeats: () => 0 });
    expect(offers.every((o) => o.seats_left === undefined)).toBe(true);
    const key = offers[0]!.slices[0]!.segments[0]!.flight_key;
    const low = await offersOf(
      {},
      { now, soldSeats: (k, cabin) => (k === key && cabin === 'economy' ? 140 : 0) },
    );
    const withKey = low.filter((o) => o.slices[0]!.segments[0]!.flight_key === key);
    for (const o of withKey) expect(o.seats_left).toBeLessThan(10);
  });

  test('bad requests give errors, never exceptions', async () => {
    const code = async (req: unknown) => {
      const r = await supplier.search(req as FlightSearchRequest, ctx);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(
      await code(request({ slices: [{ origin: 'XXX', destination: 'TAS', departure_date: '2026-12-15' }] })),
    ).toBe('unknown_origin');
    expect(await code(request({ passengers: { adults: 1, children: 0, infants: 3 } }))).toBe(
      'too_many_infants',
    );
    expect(await code(request({ currency: 'GBP' as CurrencyCode }))).toBe('invalid_request');
    expect(await code(null)).toBe('invalid_request');
    expect(await code({ slices: [{}] })).toBe('unknown_origin');
    expect(await code({ slices: 'x' })).toBe('invalid_request');
    expect(await code(request({ max_connections: 7 }))).toBe('invalid_request');
  });
});

describe('built-in supplier: re-pricing', () => {
  test('same price when nothing changed; higher when the flights filled up; offer keeps its expiry', async () => {
    const [offer] = await offersOf({ currency: 'EUR' });
    const again = await supplier.price(offer!.id, { now: now + 60_000 });
    expect(again.ok && again.data.total_amount).toBe(offer!.total_amount);
    expect(again.ok && again.data.expires_at).toBe(offer!.expires_at);
    expect(again.ok && again.data.id).toBe(offer!.id);
    const keys = new Set(offer!.slices.flatMap((s) => s.segments.map((x) => x.flight_key)));
    const busier = await supplier.price(offer!.id, {
      now: now + 60_000,
      soldSeats: (k) => (keys.has(k) ? 120 : 0),
    });
    expect(busier.ok).toBe(true);
    expect(busier.ok && minor(busier.data.total_amount, 'EUR')).toBeGreaterThan(
      minor(offer!.total_amount, 'EUR'),
    );
    const inUzs = await supplier.price(offer!.id, { now, currency: 'UZS' });
    expect(inUzs.ok && inUzs.data.total_currency).toBe('UZS');
  });

  test('standard fare family id re-prices to the standard total', async () => {
    const [offer] = await offersOf();
    const standard = offer!.fare_families.find((f) => f.fare_family === 'standard')!;
    const r = await supplier.price(standard.offer_id, ctx);
    expect(r.ok && r.data.fare_family).toBe('standard');
    expect(r.ok && r.data.total_amount).toBe(standard.total_amount);
  });

  test('expired, forged and sold-out offers', async () => {
    const [offer] = await offersOf();
    expect(await supplier.price(offer!.id, { now: now + 20 * 60_000 })).toMatchObject({
      ok: false,
      error: {
        code: 'offer_expired',
        message: 'Too much time has passed, the ticket has expired. Please try again',
      },
    });
    expect(await supplier.price(offer!.id.slice(0, -2) + 'AA', ctx)).toMatchObject({
      ok: false,
      error: { code: 'offer_not_found' },
    });
    expect(await supplier.price('nonsense', ctx)).toMatchObject({
      ok: false,
      error: { code: 'offer_not_found' },
    });
    const other = createBuiltinSupplier(net, { seed: 'fixture', secret: 'another-secret', engine });
    expect(await other.price(offer!.id, ctx)).toMatchObject({
      ok: false,
      error: { code: 'offer_not_found' },
    });
    const key = offer!.slices[0]!.segments[0]!.flight_key;
    expect(await supplier.price(offer!.id, { now, soldSeats: (k) => (k === key ? 1000 : 0) })).toMatchObject({
      ok: false,
      error: { code: 'offer_unavailable' },
    });
  });

  test('a supplier built straight from the network file works the same', async () => {
    const fromFile = createBuiltinSupplier(FIXTURE_NETWORK, { seed: 'fixture', secret: 'test-secret' });
    const r = await fromFile.search(
      request({ slices: [{ origin: 'TAS', destination: 'IST', departure_date: '2026-12-16' }] }),
      ctx,
    );
    expect(r.ok).toBe(true);
  });
  test('reprice gives a fresh offer for the same flights, priced now, and refuses departed or unknown ones', async () => {
    const [offer] = await offersOf();
    const keys = offer!.slices.map((s) => s.segments.map((seg) => seg.flight_key));
    const later = now + 3 * 24 * 3600_000;
    const base = {
      slices: keys,
      cabin_class: 'economy' as const,
      passengers: { adults: 2, children: 1, infants: 1 },
      fare_family: 'light' as const,
      currency: 'EUR' as const,
    };
    const fresh = await supplier.reprice(base, { now: later });
    if (!fresh.ok) throw new Error(JSON.stringify(fresh.error));
    checkOffer(fresh.data);
    expect(fresh.data.slices.map((s) => s.segments.map((seg) => seg.flight_key))).toEqual(keys);
    expect(fresh.data.total_currency).toBe('EUR');
    expect(fresh.data.id).not.toBe(offer!.id);
    expect(Date.parse(fresh.data.expires_at)).toBe(later + 20 * 60_000);
    expect(decodeOffer(fresh.data.id, 'test-secret', later)).toMatchObject({
      ok: true,
      offer: { searchedAt: later },
    });
    const afterDeparture = Date.parse(offer!.slices[0]!.departing_at) + 60_000;
    expect(await supplier.reprice(base, { now: afterDeparture })).toMatchObject({
      ok: false,
      error: { code: 'offer_unavailable' },
    });
    expect(await supplier.reprice({ ...base, slices: [['ZZ999-2026-12-15']] }, { now })).toMatchObject({
      ok: false,
      error: { code: 'offer_not_found' },
    });
  });
});
