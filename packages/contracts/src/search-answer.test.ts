import { describe, expect, test } from 'vitest';
import { compactSearch } from '@parvoz/core/search-answer';
import type { FlightSearchRequest } from '@parvoz/core/search-types';
import { familyRoundTrip, fixtureSupplier, FIXTURE_NOW } from '@parvoz/core/search.fixture';
import { decodeOffer } from '@parvoz/core/offers';
import { flightSearchResponseSchema, type SearchAnswer } from './offers.ts';
import { BrokenSearchAnswer, expandSearchOffers } from './search-answer.ts';

const { supplier } = fixtureSupplier();
const now = FIXTURE_NOW;

const roundTrip = (over: Partial<FlightSearchRequest> = {}): FlightSearchRequest =>
  familyRoundTrip({ currency: 'EUR', ...over });

async function full(request: FlightSearchRequest) {
  const r = await supplier.search(request, { now });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.data;
}

describe('a search answer, compact on the wire and whole again for its readers', () => {
  for (const cabin of ['economy', 'business'] as const)
    test(`${cabin}: expanding the wire form gives back every offer but its price breakdown`, async () => {
      const data = await full(roundTrip({ cabin_class: cabin }));
      expect(data.offers.length).toBeGreaterThan(2);
      const wire = compactSearch(data);
      // What the API sends passes the contract, and survives JSON.
      const sent = flightSearchResponseSchema.parse({ data: JSON.parse(JSON.stringify(wire)) }).data;
      const expanded = expandSearchOffers(sent);
      expect(expanded).toEqual(data.offers.map(({ price_breakdown: _, ...rest }) => rest));
    });

  test("an offer the airline will not hold keeps its mark on the wire; the bags' booking-page notice does not travel", async () => {
    const data = await full(roundTrip());
    const [instant, withBags] = data.offers;
    instant!.payment_requirements = { requires_instant_payment: true };
    withBags!.payment_requirements = { instant_with_services: true };
    const sent = flightSearchResponseSchema.parse({
      data: JSON.parse(JSON.stringify(compactSearch(data))),
    }).data;
    expect(sent.offers[0]!.payment_requirements).toEqual({ requires_instant_payment: true });
    expect(sent.offers[1]!).not.toHaveProperty('payment_requirements');
    expect(sent.offers.slice(2).every((o) => o.payment_requirements === undefined)).toBe(true);
    const [first, second] = expandSearchOffers(sent);
    expect(first!.payment_requirements).toEqual({ requires_instant_payment: true });
    expect(second!.payment_requirements).toBeUndefined();
  });

  test("a supplier's offer whose airline sets other bags than its family's keeps them on the wire", async () => {
    const data = await full(roundTrip());
    const [own, listed] = data.offers;
    const bags = { cabin: { quantity: 1, weight_kg: 8 }, checked: { quantity: 1, weight_kg: 23 } };
    own!.baggage = bags;
    own!.fare_families = own!.fare_families.map((f) =>
      f.fare_family === own!.fare_family ? { ...f, baggage: bags } : f,
    );
    const sent = flightSearchResponseSchema.parse({
      data: JSON.parse(JSON.stringify(compactSearch(data))),
    }).data;
    expect(sent.offers[0]!.baggage).toEqual(bags);
    // An offer with its family's bags carries none of its own: the answer lists them once.
    expect(sent.offers[1]!).not.toHaveProperty('baggage');
    const [first, second] = expandSearchOffers(sent);
    expect(first!.baggage).toEqual(bags);
    expect(first!.fare_families.find((f) => f.fare_family === own!.fare_family)!.baggage).toEqual(bags);
    expect(second!.baggage).toEqual(listed!.baggage);
    expect(second!.baggage.checked.quantity).toBe(0);
  });

  test('each slice and fare family is listed once; offers share them by key', async () => {
    const data = await full(roundTrip());
    const wire = compactSearch(data);
    const flights = Object.values(wire.slices).map((s) => s.flights.join());
    expect(new Set(flights).size).toBe(flights.length);
    const distinct = new Set(
      data.offers.flatMap((o) => o.slices.map((s) => s.segments.map((g) => g.flight_key).join())),
    );
    expect(flights.length).toBe(distinct.size);
    // A round trip combines fewer slices than offers × 2.
    expect(flights.length).toBeLessThan(data.offers.length);
    expect(wire.fare_families.map((f) => f.fare_family)).toEqual(['light', 'standard']);
    for (const o of wire.offers) {
      expect(o.slices.every((k) => k in wire.slices)).toBe(true);
      // No id twice: the offer's own family is its `id`, the other family has its own signed id.
      expect(o.other_fares.map((f) => f.fare_family)).toEqual(['standard']);
      expect(o.other_fares[0]!.offer_id).not.toBe(o.id);
    }
    const ids = wire.offers.flatMap((o) => [o.id, ...o.other_fares.map((f) => f.offer_id)]);
    expect(new Set(ids).size).toBe(ids.length);
    // The ids still sign everything: each decodes to its flights, family, passengers and the search time.
    const first = wire.offers[0]!;
    const decoded = decodeOffer(first.other_fares[0]!.offer_id, 'test-secret', now);
    expect(decoded).toMatchObject({
      ok: true,
      offer: {
        fareFamily: 'standard',
        cabin: 'economy',
        searchedAt: now,
        currency: 'EUR',
        passengers: { adults: 2, children: 1, infants: 1 },
        slices: first.slices.map((k) => wire.slices[k]!.flights.map((f) => wire.flights[f]!.flight_key)),
      },
    });
    expect(decodeOffer(first.other_fares[0]!.offer_id, 'other-secret', now).ok).toBe(false);
    // Far smaller than the offers each carrying their slices and families.
    expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(data).length / 2.5);
  });

  test('each flight, carrier and aircraft is listed once; another description of one gets a key of its own', async () => {
    const data = await full(roundTrip());
    const segments = data.offers.flatMap((o) => o.slices.flatMap((s) => s.segments));
    const wire = compactSearch(data);
    const distinct = (codes: string[]) => [...new Set(codes)].sort();
    expect(Object.keys(wire.flights).sort()).toEqual(distinct(segments.map((g) => g.flight_key)));
    expect(Object.keys(wire.carriers).sort()).toEqual(
      distinct(segments.map((g) => g.marketing_carrier.iata_code)),
    );
    expect(Object.keys(wire.aircraft).sort()).toEqual(distinct(segments.map((g) => g.aircraft.iata_code)));
    for (const flight of Object.values(wire.flights)) {
      expect(wire.carriers[flight.marketing_carrier]!.iata_code).toBe(flight.marketing_carrier);
      expect(wire.aircraft[flight.aircraft]!.iata_code).toBe(flight.aircraft);
    }
    const flown = Object.values(wire.slices).flatMap((s) => s.flights);
    expect(new Set(flown)).toEqual(new Set(Object.keys(wire.flights)));

    // A second supplier's offer on the same first flight, with the aircraft named otherwise: both stay as sent.
    const [first] = data.offers;
    const other = structuredClone(first!);
    const renamed = other.slices[0]!.segments[0]!;
    renamed.aircraft = { ...renamed.aircraft, name: `${renamed.aircraft.name} (other supplier)` };
    other.slices[0]!.segments.push({ ...other.slices[0]!.segments[0]!, connection_minutes: 0 }); // a new slice key
    const mixed = { ...data, offers: [first!, other] };
    const sent = compactSearch(mixed);
    expect(Object.keys(sent.flights)).toContain(`${renamed.flight_key}~2`);
    expect(sent.aircraft[`${renamed.aircraft.iata_code}~2`]).toEqual(renamed.aircraft);
    expect(expandSearchOffers(JSON.parse(JSON.stringify(sent)))).toEqual(
      mixed.offers.map(({ price_breakdown: _, ...rest }) => rest),
    );
  });

  test('offers sharing a slice share one object once expanded', async () => {
    const wire = compactSearch(await full(roundTrip()));
    const expanded = expandSearchOffers(wire);
    const byKey = new Map<string, object>();
    let shared = 0;
    wire.offers.forEach((o, i) =>
      o.slices.forEach((k, s) => {
        const seen = byKey.get(k);
        if (seen) {
          expect(expanded[i]!.slices[s]).toBe(seen);
          shared++;
        } else byKey.set(k, expanded[i]!.slices[s]!);
      }),
    );
    expect(shared).toBeGreaterThan(0);
  });

  test('an answer with no offers expands to none; a reference to an unlisted slice, flight, carrier, aircraft or family is refused', async () => {
    const empty: SearchAnswer = {
      ...compactSearch(await full(roundTrip())),
      offers: [],
      slices: {},
      flights: {},
      carriers: {},
      aircraft: {},
    };
    expect(expandSearchOffers(empty)).toEqual([]);
    const wire = compactSearch(await full(roundTrip()));
    const badSlice = { ...wire, offers: [{ ...wire.offers[0]!, slices: ['nope'] }] };
    expect(() => expandSearchOffers(badSlice)).toThrow(BrokenSearchAnswer);
    const proto = { ...wire, offers: [{ ...wire.offers[0]!, slices: ['constructor'] }] };
    expect(() => expandSearchOffers(proto)).toThrow(BrokenSearchAnswer);
    const [flightKey, flight] = Object.entries(wire.flights)[0]!;
    for (const broken of [
      { ...flight, marketing_carrier: 'XX' },
      { ...flight, aircraft: 'constructor' },
    ]) {
      const badRef = { ...wire, flights: { ...wire.flights, [flightKey]: broken } };
      expect(() => expandSearchOffers(badRef)).toThrow(BrokenSearchAnswer);
    }
    const [sliceKey, slice] = Object.entries(wire.slices)[0]!;
    for (const broken of [
      { ...slice, flights: ['XX1-2026-01-01', ...slice.flights.slice(1)] },
      { ...slice, flights: ['constructor', ...slice.flights.slice(1)] },
      { ...slice, connection_minutes: [...slice.connection_minutes, 60] },
    ]) {
      const badFlight = { ...wire, slices: { ...wire.slices, [sliceKey]: broken } };
      expect(() => expandSearchOffers(badFlight)).toThrow(BrokenSearchAnswer);
    }
    const badFamily = { ...wire, fare_families: wire.fare_families.slice(1) };
    expect(() => expandSearchOffers(badFamily)).toThrow(BrokenSearchAnswer);
  });
});
