/**
 * Correctness of the engine on the real network (data/network.json, built by scripts/build-network.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildNetwork, parseNetworkJson, type NetworkFile } from './network.ts';
import { partyTotalCents, priceBreakdown } from './pricing.ts';
import { buildSchedule } from './schedule.ts';
import { prng } from './schedule-random.ts';
import { DAY_MS, formatDay, formatLocalIso, timeZone } from './schedule-time.ts';
import { createSearchEngine, type EngineSearchRequest, type Itinerary } from './search.ts';
import { bruteForceSlice } from './search.oracle.ts';

const file = path.resolve(import.meta.dirname, '../../../data/network.json');
// The network file is committed: a missing one fails here rather than skipping the engine's real-data tests.
const data: NetworkFile = parseNetworkJson(readFileSync(file, 'utf8'));
const net = buildNetwork(data);
const engine = createSearchEngine(buildSchedule(net, { seed: 'parvoz' }));
const now = Date.UTC(2026, 2, 1, 9, 0); // 1 March 2026: both 2026 DST changes are within the horizon
const today = Math.floor(now / DAY_MS);

/** docs/design.md §3 rules on one itinerary of the real network. */
function checkItinerary(it: Itinerary, passengers: EngineSearchRequest['passengers']): void {
  const f = it.flights;
  const airports = [f[0]!.origin, ...f.map((x) => x.destination)];
  expect(new Set(airports).size, it.keys.join(' ')).toBe(airports.length);
  for (let i = 0; i < f.length; i++) {
    const x = f[i]!;
    expect(x.arriveUtc).toBeGreaterThan(x.departUtc);
    // Local times carry the right offset of each airport's IANA zone at that instant.
    expect(x.departLocal).toBe(
      formatLocalIso(x.departUtc, timeZone(net!.airport(x.origin)!.tz).offsetAt(x.departUtc)),
    );
    expect(x.arriveLocal).toBe(
      formatLocalIso(x.arriveUtc, timeZone(net!.airport(x.destination)!.tz).offsetAt(x.arriveUtc)),
    );
    expect(Date.parse(x.departLocal)).toBe(x.departUtc);
    expect(Date.parse(x.arriveLocal)).toBe(x.arriveUtc);
    if (i > 0) {
      expect(x.origin).toBe(f[i - 1]!.destination);
      const gap = (x.departUtc - f[i - 1]!.arriveUtc) / 60_000;
      expect(gap).toBeGreaterThanOrEqual(x.carrier === f[i - 1]!.carrier ? 60 : 90);
      expect(gap).toBeLessThanOrEqual(1440);
    }
  }
  // Price = sum of its parts.
  const b = priceBreakdown(it.prices.light, passengers);
  expect(b.total.amount).toBe(it.totalCents);
  expect(partyTotalCents(it.prices.light, passengers)).toBe(it.totalCents);
  for (const l of b.lines) expect(l.total.amount).toBe(l.fare.amount + l.taxes.amount + l.luggage.amount);
  expect(b.total.amount).toBe(b.lines.reduce((s, l) => s + l.total.amount, 0));
}

describe('search engine on the real network', () => {
  test('200 random pairs connected with k ≤ 2 transfers on the route graph: found with ≤ k transfers within 7 days', () => {
    const rand = prng(2026);
    const n = net!.airports.length;
    let pairs = 0;
    const byK = [0, 0, 0];
    const failures: string[] = [];
    while (pairs < 200) {
      const o = Math.floor(rand() * n);
      const d = Math.floor(rand() * n);
      if (o === d || net!.airports[o]!.city === net!.airports[d]!.city) continue;
      const flights = net!.minFlights([o], [d], 3);
      if (flights === null) continue;
      const k = flights - 1;
      pairs++;
      byK[k]!++;
      const passengers = { adults: 1, children: 0, infants: 0 };
      const start = today + 5 + Math.floor(rand() * 200);
      let found = false;
      for (let i = 0; i < 7 && !found; i++) {
        const r = engine!.search({
          slices: [
            {
              origin: net!.airports[o]!.iata,
              destination: net!.airports[d]!.iata,
              date: formatDay(start + i),
            },
          ],
          passengers,
          cabin: 'economy',
          maxConnections: 2,
          now,
        });
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        for (const it of r.slices[0]!.itineraries) checkItinerary(it, passengers);
        found = r.slices[0]!.itineraries.some((it) => it.transfers <= k);
      }
      if (!found) failures.push(`${net!.airports[o]!.iata}-${net!.airports[d]!.iata} (k=${k})`);
    }
    expect(failures).toEqual([]);
    expect(byK[1]! + byK[2]!).toBeGreaterThan(100); // random airports mostly need transfers
  });

  test('busy city pairs, round trips and families: all rules hold', () => {
    const queries: [string, string, number][] = [
      ['TAS', 'IST', 20],
      ['LON', 'NYC', 40],
      ['MOW', 'TAS', 60],
      ['SKD', 'LAX', 90],
      ['PAR', 'TYO', 120],
      ['IST', 'DXB', 200],
    ];
    for (const [origin, destination, offset] of queries) {
      for (const passengers of [
        { adults: 1, children: 0, infants: 0 },
        { adults: 2, children: 2, infants: 1 },
      ]) {
        const r = engine!.search({
          slices: [
            { origin, destination, date: formatDay(today + offset) },
            { origin: destination, destination: origin, date: formatDay(today + offset + 7) },
          ],
          passengers,
          cabin: offset % 40 === 0 ? 'business' : 'economy',
          maxConnections: 2,
          now,
        });
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        expect(r.combinations.length, `${origin}-${destination}`).toBeGreaterThan(0);
        const from = net!.resolvePlace(origin).map((i) => net!.airports[i]!.iata);
        const to = net!.resolvePlace(destination).map((i) => net!.airports[i]!.iata);
        r.slices.forEach((slice, s) => {
          for (const it of slice.itineraries) {
            checkItinerary(it, passengers);
            expect(s === 0 ? from : to).toContain(it.flights[0]!.origin);
            expect(s === 0 ? to : from).toContain(it.flights.at(-1)!.destination);
          }
        });
      }
    }
  });

  test('Europe/London flights across the last Sundays of March and October 2026', () => {
    for (const [sunday, before, after] of [
      ['2026-03-29', '+00:00', '+01:00'],
      ['2026-10-25', '+01:00', '+00:00'],
    ] as const) {
      const change = Date.parse(`${sunday}T01:00:00Z`);
      const saturday = formatDay(Math.floor(change / DAY_MS) - 1);
      let crossing = 0;
      // Overnight arrivals into London that take off before the change and land after it.
      for (const from of ['JFK', 'ORD', 'DXB', 'SIN', 'BOS']) {
        for (const f of engine!.schedule.departuresOn(from, saturday)) {
          if (f.destination !== 'LHR') continue;
          expect(
            f.arriveLocal.endsWith(f.arriveUtc >= change ? after : before),
            `${f.key} ${f.arriveLocal}`,
          ).toBe(true);
          if (f.departUtc < change && f.arriveUtc >= change) crossing++;
        }
      }
      expect(crossing).toBeGreaterThan(0);
      for (const f of engine!.schedule.departuresOn('LHR', sunday)) {
        expect(f.departLocal.endsWith(f.departUtc >= change ? after : before)).toBe(true);
      }
      // Searches over the change keep every rule (connection times are computed in UTC).
      const r = engine!.search({
        slices: [{ origin: 'LON', destination: 'TAS', date: saturday }],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: 'economy',
        maxConnections: 2,
        now,
      });
      if (!r.ok) throw new Error('search failed');
      for (const it of r.slices[0]!.itineraries) checkItinerary(it, { adults: 1, children: 0, infants: 0 });
    }
  });

  test('branch and bound returns exactly the brute-force Pareto set', () => {
    const cases: [string, string, number, number][] = [
      ['TAS', 'IST', 30, 1],
      ['SKD', 'FRA', 45, 2],
      ['GVA', 'TAS', 70, 1],
      ['BHX', 'ALA', 100, 2],
      ['NCL', 'CUN', 150, 1],
      ['SKD', 'JFK', 60, 2],
    ];
    for (const [origin, destination, offset, maxConnections] of cases) {
      const q = {
        origin,
        destination,
        date: formatDay(today + offset),
        maxConnections,
        passengers: { adults: 1, children: 1, infants: 0 },
        cabin: 'economy' as const,
        now,
      };
      const r = engine!.search({
        slices: [{ origin, destination, date: q.date }],
        passengers: q.passengers,
        cabin: q.cabin,
        maxConnections,
        now,
      });
      if (!r.ok) throw new Error('search failed');
      const keys = (l: { keys: string[] }[]) => l.map((x) => x.keys.join(' ')).sort();
      expect(keys(r.slices[0]!.itineraries), `${origin}-${destination}`).toEqual(
        keys(bruteForceSlice(engine!, q)),
      );
    }
  });

  test('Kyiv is a known place with no flight: Ukrainian airspace is closed (data/airspace-restrictions.json)', () => {
    expect(net!.resolvePlace('IEV').length).toBeGreaterThan(0);
    for (const [origin, destination] of [
      ['IEV', 'IST'],
      ['IST', 'IEV'],
      ['MOW', 'FRA'],
    ] as const) {
      const r = engine!.search({
        slices: [{ origin, destination, date: formatDay(today + 20) }],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: 'economy',
        maxConnections: 2,
        now,
      });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      const direct = r.slices[0]!.itineraries.filter((it) => it.flights.length === 1);
      if (origin === 'MOW') expect(direct, `${origin}-${destination}`).toEqual([]);
      else expect(r.slices[0]!.itineraries, `${origin}-${destination}`).toEqual([]);
    }
  });

  test('determinism: two engines built from the same seed return identical results', () => {
    const other = createSearchEngine(buildSchedule(buildNetwork(data!), { seed: 'parvoz' }));
    const different = createSearchEngine(buildSchedule(net!, { seed: 'another seed' }));
    const req: EngineSearchRequest = {
      slices: [
        { origin: 'TAS', destination: 'LON', date: formatDay(today + 40) },
        { origin: 'LON', destination: 'TAS', date: formatDay(today + 50) },
      ],
      passengers: { adults: 2, children: 1, infants: 1 },
      cabin: 'economy',
      maxConnections: 2,
      now,
    };
    const a = engine!.search(req);
    expect(other.search(req)).toEqual(a);
    expect(different.search(req)).not.toEqual(a);
  });
});
