import { describe, expect, test } from 'vitest';
import { buildNetwork } from './network.ts';
import { FIXTURE_NETWORK } from './network.fixture.ts';
import { buildSchedule } from './schedule.ts';
import { createSearchEngine, type EngineSearchRequest, type Itinerary } from './search.ts';
import { bruteForceSlice } from './search.oracle.ts';

const net = buildNetwork(FIXTURE_NETWORK);
const schedule = buildSchedule(net, { seed: 'fixture', frequencyScale: 3 });
const engine = createSearchEngine(schedule);
const unpruned = createSearchEngine(schedule, { dominance: false, maxItinerariesPerSlice: 1_000_000 });
const byInterval = createSearchEngine(schedule, { dominance: 'interval', maxItinerariesPerSlice: 1_000_000 });
const now = Date.UTC(2026, 10, 20, 8, 0);
const one = { adults: 1, children: 0, infants: 0 };

type RequestPart = Partial<EngineSearchRequest> & Pick<EngineSearchRequest, 'slices'>;

/** A request: one adult, economy, up to two connections, searched at `now`, unless `partial` says otherwise. */
function request(partial: RequestPart): EngineSearchRequest {
  return { passengers: one, cabin: 'economy', maxConnections: 2, now, ...partial };
}

function search(partial: RequestPart) {
  const r = engine.search(request(partial));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r;
}

/** Every rule of docs/design.md §3 on one itinerary. */
function checkItinerary(it: Itinerary, origins: readonly string[], destinations: readonly string[]): void {
  const f = it.flights;
  expect(origins).toContain(f[0]!.origin);
  expect(destinations).toContain(f[f.length - 1]!.destination);
  const airports = [f[0]!.origin, ...f.map((x) => x.destination)];
  expect(new Set(airports).size).toBe(airports.length);
  for (let i = 0; i < f.length; i++) {
    expect(f[i]!.arriveUtc).toBeGreaterThan(f[i]!.departUtc);
    if (i > 0) {
      expect(f[i]!.origin).toBe(f[i - 1]!.destination); // no airport change at a transfer
      expect(origins).not.toContain(f[i]!.origin);
      expect(destinations).not.toContain(f[i]!.origin);
      const gap = (f[i]!.departUtc - f[i - 1]!.arriveUtc) / 60_000;
      expect(gap).toBeGreaterThanOrEqual(f[i]!.carrier === f[i - 1]!.carrier ? 60 : 90);
      expect(gap).toBeLessThanOrEqual(24 * 60);
    }
  }
  expect(it.transfers).toBe(f.length - 1);
  expect(it.durationMinutes).toBe((it.arriveUtc - it.departUtc) / 60_000);
  expect(it.keys).toEqual(f.map((x) => x.key));
}

/** First date from 15 Dec 2026 with a direct flight (fixture routes fly 3–7 times a week). */
function directDate(origin: string, destination: string): string {
  for (let d = 15; d < 31; d++) {
    const date = `2026-12-${d}`;
    if (schedule.departuresOn(origin, date).some((f) => f.destination === destination)) return date;
  }
  throw new Error('no direct flight');
}
const tasIst = directDate('TAS', 'IST');

const keyset = (list: { keys: string[] }[]): string[] => list.map((x) => x.keys.join(' ')).sort();

describe('slice search on the fixture network', () => {
  const cases: [string, string, string, number][] = [
    ['SKD', 'JFK', '2026-12-15', 2],
    ['SKD', 'NYC', '2026-12-16', 2],
    ['TAS', 'LON', '2026-12-15', 2],
    ['TAS', 'JFK', '2026-12-19', 1],
    ['IST', 'TAS', '2026-12-15', 2],
    ['MOW', 'NYC', '2027-03-27', 2],
    ['JFK', 'SKD', '2027-10-10', 2],
    ['LGW', 'TAS', '2026-12-18', 1],
    ['FRA', 'TAS', '2026-12-21', 2],
  ];
  test.each(cases)(
    '%s → %s on %s (max %i connections) equals the brute-force Pareto set',
    (origin, destination, date, maxConnections) => {
      for (const [passengers, cabin] of [
        [one, 'economy'],
        [{ adults: 2, children: 1, infants: 1 }, 'business'],
      ] as const) {
        const request = { slices: [{ origin, destination, date }], maxConnections, passengers, cabin, now };
        const r = search(request);
        const slice = r.slices[0]!;
        const query = { origin, destination, date, maxConnections, passengers, cabin, now };
        expect(keyset(slice.itineraries)).toEqual(keyset(bruteForceSlice(engine, query)));
        // Without pruning, the engine enumerates exactly the valid itineraries.
        const all = unpruned.search(request);
        expect(all.ok && keyset(all.slices[0]!.itineraries)).toEqual(
          keyset(bruteForceSlice(engine, query, false)),
        );
        // Interval dominance (leave no earlier, arrive no later) against its own brute force.
        const iv = byInterval.search(request);
        expect(iv.ok && keyset(iv.slices[0]!.itineraries)).toEqual(
          keyset(bruteForceSlice(engine, query, 'interval')),
        );
        const o = net.resolvePlace(origin).map((i) => net.airports[i]!.iata);
        const d = net.resolvePlace(destination).map((i) => net.airports[i]!.iata);
        for (const it of slice.itineraries) {
          checkItinerary(it, o, d);
          expect(it.transfers).toBeLessThanOrEqual(maxConnections);
          expect(it.flights[0]!.departLocal.slice(0, 10)).toBe(date);
        }
      }
    },
  );

  test('finds itineraries needing 0, 1 and 2 transfers', () => {
    expect(
      search({ slices: [{ origin: 'TAS', destination: 'IST', date: tasIst }] }).slices[0]!.itineraries.some(
        (i) => i.transfers === 0,
      ),
    ).toBe(true);
    const skd = search({ slices: [{ origin: 'SKD', destination: 'JFK', date: '2026-12-15' }] }).slices[0]!;
    expect(skd.itineraries.length).toBeGreaterThan(0);
    expect(Math.min(...skd.itineraries.map((i) => i.transfers))).toBe(2);
    expect(
      search({ slices: [{ origin: 'SKD', destination: 'JFK', date: '2026-12-15' }], maxConnections: 1 })
        .slices[0]!.itineraries,
    ).toEqual([]);
  });

  test('max_connections 0 gives direct flights only; results are non-dominated and facets match', () => {
    const r = search({ slices: [{ origin: 'TAS', destination: 'IST', date: tasIst }], maxConnections: 0 });
    const list = r.slices[0]!.itineraries;
    expect(list.length).toBeGreaterThan(0);
    for (const it of list) expect(it.transfers).toBe(0);
    const all = search({ slices: [{ origin: 'LON', destination: 'TAS', date: '2026-12-15' }] }).slices[0]!;
    for (const a of all.itineraries) {
      for (const b of all.itineraries) {
        if (a === b) continue;
        const dominated =
          b.totalCents <= a.totalCents &&
          b.durationMinutes <= a.durationMinutes &&
          b.transfers <= a.transfers &&
          (b.totalCents < a.totalCents || b.durationMinutes < a.durationMinutes || b.transfers < a.transfers);
        expect(dominated).toBe(false);
      }
    }
    const f = all.facets;
    expect(f.price!.min).toBe(Math.min(...all.itineraries.map((i) => i.totalCents)));
    expect(f.price!.max).toBe(Math.max(...all.itineraries.map((i) => i.totalCents)));
    for (const t of f.transfers) {
      expect(t.minPrice).toBe(
        Math.min(...all.itineraries.filter((i) => i.transfers === t.count).map((i) => i.totalCents)),
      );
    }
    for (const a of f.airlines) {
      expect(a.minPrice).toBe(
        Math.min(
          ...all.itineraries
            .filter((i) => i.flights.some((x) => x.carrier === a.iata))
            .map((i) => i.totalCents),
        ),
      );
    }
    expect(f.departure!.min).toBe(Math.min(...all.itineraries.map((i) => i.departUtc)));
    expect(f.arrival!.max).toBe(Math.max(...all.itineraries.map((i) => i.arriveUtc)));
  });

  test('sold-out flights are excluded; seats left reported', () => {
    const base = search({ slices: [{ origin: 'TAS', destination: 'IST', date: tasIst }], maxConnections: 0 })
      .slices[0]!;
    const first = base.itineraries[0]!;
    const key = first.keys[0]!;
    const cap = first.flights[0]!.capacity.economy;
    const full = search({
      slices: [{ origin: 'TAS', destination: 'IST', date: tasIst }],
      maxConnections: 0,
      soldSeats: (k) => (k === key ? cap : 0),
    }).slices[0]!;
    expect(full.itineraries.some((i) => i.keys.includes(key))).toBe(false);
    // Two seats left: a party of 3 cannot take it, a party of 2 can (and sees 2 seats left).
    const soldSeats = (k: string) => (k === key ? cap - 2 : 0);
    const three = search({
      slices: [{ origin: 'TAS', destination: 'IST', date: tasIst }],
      maxConnections: 0,
      passengers: { adults: 3, children: 0, infants: 0 },
      soldSeats,
    });
    expect(three.slices[0]!.itineraries.some((i) => i.keys.includes(key))).toBe(false);
    const rebuilt = engine.rebuild([key], {
      cabin: 'economy',
      passengers: { adults: 2, children: 0, infants: 2 },
      pricedAt: now,
      soldSeats,
    });
    expect(rebuilt && 'seatsLeft' in rebuilt && rebuilt.seatsLeft).toBe(2);
  });

  test('a sold-seats view that names its flights is asked only about those, with the same answers', () => {
    const slices = [{ origin: 'TAS', destination: 'LON', date: '2026-12-15' }];
    const open = search({ slices }).slices[0]!.itineraries;
    // Sales on two flights of the answer: one sold out, one with a seat left; the rest untouched.
    const [full, nearly] = [open[0]!.flights[0]!, open[1]!.flights[open[1]!.flights.length - 1]!];
    const sold = new Map([
      [`${full.key} economy`, full.capacity.economy],
      [`${nearly.key} economy`, nearly.capacity.economy - 1],
    ]);
    const asked: string[] = [];
    const lookup = (key: string, cabin: string) => {
      asked.push(key);
      return sold.get(`${key} ${cabin}`) ?? 0;
    };
    const plain = search({ slices, soldSeats: lookup }).slices[0]!.itineraries;
    const askedPlain = asked.splice(0).length;
    const named = search({
      slices,
      soldSeats: Object.assign(lookup, { flights: new Set([full.key, nearly.key, 'ZZ9-2026-12-15']) }),
    }).slices[0]!.itineraries;
    // The search priced many flights; with the names it asked only about named ones it met (the key it does
    // not know, never), and once its itineraries were built, about theirs (the standard fares).
    expect(askedPlain).toBeGreaterThan(20);
    const askedWhileSearching = new Set(asked.filter((k) => k === full.key || k === nearly.key));
    expect(askedWhileSearching).toEqual(new Set([full.key, nearly.key]));
    expect(asked).not.toContain('ZZ9-2026-12-15');
    expect(asked.length).toBeLessThan(askedPlain / 2);
    expect(named).toEqual(plain);
    expect(named.some((i) => i.keys.includes(full.key))).toBe(false);
    const withNearly = named.find((i) => i.keys.includes(nearly.key));
    expect(withNearly?.seatsLeft).toBe(1);
  });

  test('round trip: combinations of both slices, return after the outbound lands', () => {
    const r = search({
      slices: [
        { origin: 'TAS', destination: 'LON', date: '2026-12-15' },
        { origin: 'LON', destination: 'TAS', date: '2026-12-22' },
      ],
    });
    expect(r.combinations.length).toBeGreaterThan(0);
    for (const c of r.combinations) {
      const out = r.slices[0]!.itineraries[c.itineraries[0]!]!;
      const back = r.slices[1]!.itineraries[c.itineraries[1]!]!;
      expect(back.departUtc).toBeGreaterThanOrEqual(out.arriveUtc + 120 * 60_000);
      expect(c.totalCents).toBe(out.totalCents + back.totalCents);
      expect(c.transfers).toBe(out.transfers + back.transfers);
    }
    // Exactly the non-dominated valid pairs (both slices are small here, so none is cut by caps).
    const pairs: { key: string; p: number; d: number; t: number }[] = [];
    r.slices[0]!.itineraries.forEach((a, i) =>
      r.slices[1]!.itineraries.forEach((b, j) => {
        if (b.departUtc >= a.arriveUtc + 120 * 60_000) {
          pairs.push({
            key: `${i}/${j}`,
            p: a.totalCents + b.totalCents,
            d: a.durationMinutes + b.durationMinutes,
            t: a.transfers + b.transfers,
          });
        }
      }),
    );
    const pareto = pairs.filter(
      (c) =>
        !pairs.some((d) => d.p <= c.p && d.d <= c.d && d.t <= c.t && (d.p < c.p || d.d < c.d || d.t < c.t)),
    );
    expect(r.combinations.map((c) => c.itineraries.join('/')).sort()).toEqual(
      pareto.map((c) => c.key).sort(),
    );
    // Same-day return works when the times allow it.
    const sameDay = search({
      slices: [
        { origin: 'TAS', destination: 'SKD', date: '2026-12-15' },
        { origin: 'SKD', destination: 'TAS', date: '2026-12-15' },
      ],
      maxConnections: 0,
    });
    for (const c of sameDay.combinations) {
      const out = sameDay.slices[0]!.itineraries[c.itineraries[0]!]!;
      const back = sameDay.slices[1]!.itineraries[c.itineraries[1]!]!;
      expect(back.departUtc).toBeGreaterThan(out.arriveUtc);
    }
  });

  test('sorting: cheapest, fastest, best', () => {
    const list = search({
      slices: [{ origin: 'LON', destination: 'TAS', date: '2026-12-15' }],
    }).slices[0]!.itineraries.slice();
    const cheapest = engine.sort(list.slice(), 'cheapest');
    for (let i = 1; i < cheapest.length; i++)
      expect(cheapest[i]!.totalCents).toBeGreaterThanOrEqual(cheapest[i - 1]!.totalCents);
    const fastest = engine.sort(list.slice(), 'fastest');
    for (let i = 1; i < fastest.length; i++)
      expect(fastest[i]!.durationMinutes).toBeGreaterThanOrEqual(fastest[i - 1]!.durationMinutes);
    const best = engine.sort(list.slice(), 'best');
    for (let i = 1; i < best.length; i++) expect(best[i]!.score).toBeGreaterThanOrEqual(best[i - 1]!.score);
  });

  test('without dominance pruning: a superset, capped, best first', () => {
    const loose = createSearchEngine(schedule, { dominance: false, maxItinerariesPerSlice: 15 });
    const r = loose.search(request({ slices: [{ origin: 'LON', destination: 'TAS', date: '2026-12-15' }] }));
    const strict = search({ slices: [{ origin: 'LON', destination: 'TAS', date: '2026-12-15' }] });
    if (!r.ok) throw new Error('search failed');
    const list = r.slices[0]!.itineraries;
    expect(list.length).toBeLessThanOrEqual(15);
    expect(list.length).toBeGreaterThanOrEqual(Math.min(15, strict.slices[0]!.itineraries.length));
    for (let i = 1; i < list.length; i++) expect(list[i]!.score).toBeGreaterThanOrEqual(list[i - 1]!.score);
    // The best-scored itinerary is never dominated, so both modes agree on it.
    expect(list[0]!.keys).toEqual(strict.slices[0]!.itineraries[0]!.keys);
  });

  test('determinism: two engines from the same seed give identical results', () => {
    const other = createSearchEngine(
      buildSchedule(buildNetwork(FIXTURE_NETWORK), { seed: 'fixture', frequencyScale: 3 }),
    );
    const req: EngineSearchRequest = {
      slices: [
        { origin: 'SKD', destination: 'NYC', date: '2026-12-15' },
        { origin: 'NYC', destination: 'SKD', date: '2026-12-29' },
      ],
      passengers: { adults: 2, children: 1, infants: 0 },
      cabin: 'economy',
      maxConnections: 2,
      now,
    };
    expect(other.search(req)).toEqual(engine.search(req));
  });

  test('request errors', () => {
    const tasIst15 = { origin: 'TAS', destination: 'IST', date: '2026-12-15' };
    const err = (partial: Partial<EngineSearchRequest>) => {
      const r = engine.search(request({ slices: [tasIst15], ...partial }));
      return r.ok ? 'ok' : `${r.error.code}:${r.error.field}`;
    };
    expect(err({})).toBe('ok');
    // That one slice with one thing changed, and the engine's answer (the horizon runs to 2027-10-15).
    const oneSlice: [Partial<typeof tasIst15>, string][] = [
      [{ origin: 'XXX' }, 'unknown_origin:slices.0.origin'],
      [{ destination: 'XXX' }, 'unknown_destination:slices.0.destination'],
      [{ origin: 'SAW' }, 'same_origin_destination:slices.0.destination'],
      [{ date: '2026-02-30' }, 'invalid_date:slices.0.departure_date'],
      [{ date: '2026-11-19' }, 'date_out_of_range:slices.0.departure_date'],
      [{ date: '2027-10-16' }, 'date_out_of_range:slices.0.departure_date'],
      [{ date: '2027-10-15' }, 'ok'],
    ];
    for (const [change, answer] of oneSlice) {
      expect(err({ slices: [{ ...tasIst15, ...change }] }), JSON.stringify(change)).toBe(answer);
    }
    expect(
      err({
        slices: [tasIst15, { origin: 'IST', destination: 'TAS', date: '2026-12-14' }],
      }),
    ).toBe('return_before_departure:slices.1.departure_date');
    expect(err({ passengers: { adults: 0, children: 1, infants: 0 } })).toBe('no_adults:passengers');
    expect(err({ passengers: { adults: 5, children: 5, infants: 0 } })).toBe(
      'too_many_passengers:passengers',
    );
    expect(err({ passengers: { adults: 1, children: 0, infants: 2 } })).toBe('too_many_infants:passengers');
    expect(err({ maxConnections: 3 })).toBe('invalid_request:max_connections');
    expect(err({ slices: [] })).toBe('invalid_request:slices');
  });

  test('rebuild refuses broken itineraries', () => {
    const it = search({ slices: [{ origin: 'SKD', destination: 'JFK', date: '2026-12-15' }] }).slices[0]!
      .itineraries[0]!;
    const opts = { cabin: 'economy' as const, passengers: one, pricedAt: now };
    expect(engine.rebuild(it.keys, opts)).toMatchObject({ keys: it.keys, totalCents: it.totalCents });
    expect(engine.rebuild([it.keys[1]!, it.keys[0]!], opts)).toBeNull();
    expect(engine.rebuild([it.keys[0]!, it.keys[2]!], opts)).toBeNull();
    expect(engine.rebuild(['XX1-2026-12-15'], opts)).toBeNull();
    expect(engine.rebuild([], opts)).toBeNull();
  });
});
