import { describe, expect, test } from 'vitest';
import { buildNetwork } from './network.ts';
import { FIXTURE_NETWORK } from './network.fixture.ts';
import { buildSchedule, type Cabin } from './schedule.ts';
import { createSearchEngine } from './search.ts';

const engine = createSearchEngine(buildSchedule(buildNetwork(FIXTURE_NETWORK), { seed: 'fixture' }));
const now = Date.UTC(2026, 10, 20, 8, 0);
const one = { adults: 1, children: 0, infants: 0 };

/** The cheapest total of a full search (what the results page's "cheapest" order shows first). */
function fullSearchMin(origin: string, destination: string, date: string, cabin: Cabin, max: number) {
  const r = engine.search({
    slices: [{ origin, destination, date }],
    passengers: one,
    cabin,
    maxConnections: max,
    now,
  });
  if (!r.ok) throw new Error(r.error.code);
  const totals = r.slices[0]!.itineraries.map((it) => it.totalCents);
  return totals.length ? Math.min(...totals) : null;
}

describe('lowest fares per day', () => {
  const sample: [string, string, Cabin, number][] = [
    ['TAS', 'LON', 'economy', 2],
    ['TAS', 'IST', 'economy', 1],
    ['SKD', 'NYC', 'economy', 2],
    ['MOW', 'FRA', 'business', 2],
    ['IST', 'JFK', 'economy', 0],
  ];
  test.each(sample)(
    '%s → %s (%s, ≤%i connections) agrees with full searches day by day',
    (o, d, cabin, max) => {
      const r = engine.lowestFares({
        origin: o,
        destination: d,
        from: '2026-12-01',
        days: 10,
        passengers: one,
        cabin,
        maxConnections: max,
        now,
      });
      if (!r.ok) throw new Error(r.error.code);
      expect(r.connected).toBe(true);
      expect(r.days.map((x) => x.date)[0]).toBe('2026-12-01');
      expect(r.days).toHaveLength(10);
      for (const day of r.days) expect(day.cents).toBe(fullSearchMin(o, d, day.date, cabin, max));
      expect(r.days.some((x) => x.cents !== null)).toBe(true);
    },
  );

  test('unconnected places: no days, not connected', () => {
    const r = engine.lowestFares({
      origin: 'SKD',
      destination: 'NYC',
      from: '2026-12-01',
      days: 30,
      passengers: one,
      cabin: 'economy',
      maxConnections: 1,
      now,
    });
    expect(r).toEqual({ ok: true, connected: false, days: [] });
  });

  test('days past the horizon are left out; bad input is an error', () => {
    const base = {
      origin: 'TAS',
      destination: 'IST',
      passengers: one,
      cabin: 'economy' as const,
      maxConnections: 1,
      now,
    };
    const before = engine.lowestFares({ ...base, from: '2026-11-18', days: 5 });
    expect(before.ok && before.days.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(engine.lowestFares({ ...base, from: '2026-13-01', days: 5 })).toMatchObject({ ok: false });
    expect(engine.lowestFares({ ...base, from: '2026-12-01', days: 0 })).toMatchObject({ ok: false });
    expect(engine.lowestFares({ ...base, origin: 'XXX', from: '2026-12-01', days: 3 })).toMatchObject({
      ok: false,
      error: { code: 'unknown_origin' },
    });
  });
});
