import { describe, expect, test } from 'vitest';
import { buildNetwork } from './network.ts';
import { FIXTURE_NETWORK } from './network.fixture.ts';
import { HORIZON_DAYS, blockMinutes, buildSchedule, minBlockMinutes } from './schedule.ts';
import { AIRCRAFT_CLASSES, aircraftClass } from './schedule-aircraft.ts';
import { DAY_MS, MINUTE_MS, formatLocalIso, parseDay, timeZone } from './schedule-time.ts';

const net = buildNetwork(FIXTURE_NETWORK);
const schedule = buildSchedule(net, { seed: 'test' });

/** Local ISO string → epoch ms. */
const instant = (iso: string): number => Date.parse(iso);

describe('aircraft', () => {
  test('classes and capacities', () => {
    expect(aircraftClass('77W')).toBe('wide');
    expect(aircraftClass('320')).toBe('narrow');
    expect(aircraftClass('CR9')).toBe('regional');
    expect(aircraftClass('AT7')).toBe('turboprop');
    expect(aircraftClass('???')).toBe('narrow'); // unknown → A320-like
    expect(AIRCRAFT_CLASSES.wide.business).toBeGreaterThan(AIRCRAFT_CLASSES.narrow.business);
  });
  test('block time grows with distance, is slower for turboprops and bounded below', () => {
    expect(blockMinutes(5000, 'wide')).toBeGreaterThan(blockMinutes(1000, 'wide'));
    expect(blockMinutes(500, 'turboprop')).toBeGreaterThan(blockMinutes(500, 'narrow'));
    for (const d of [0, 100, 800, 3000, 12000]) {
      for (const cls of ['wide', 'narrow', 'regional', 'turboprop'] as const) {
        for (const v of [0, 0.5, 0.999])
          expect(blockMinutes(d, cls, v)).toBeGreaterThanOrEqual(minBlockMinutes(d));
      }
    }
    expect(blockMinutes(5540, 'wide') / 60).toBeGreaterThan(6.5);
    expect(blockMinutes(5540, 'wide') / 60).toBeLessThan(8);
  });
});

describe('schedule', () => {
  test('deterministic from the seed', () => {
    const again = buildSchedule(buildNetwork(FIXTURE_NETWORK), { seed: 'test' });
    expect(again.departuresOn('TAS', '2026-12-15')).toEqual(schedule.departuresOn('TAS', '2026-12-15'));
    const other = buildSchedule(net, { seed: 'other' });
    expect(other.departuresOn('TAS', '2026-12-15')).not.toEqual(schedule.departuresOn('TAS', '2026-12-15'));
  });

  test('every route flies at least 3 times a week; busy short routes more often', () => {
    for (let r = 0; r < net.routeCount; r++) {
      let weekly = 0;
      for (let s = schedule.routeSlotStart[r]!; s < schedule.routeSlotStart[r + 1]!; s++) {
        weekly += [...Array(7).keys()].filter((w) => schedule.slotDays[s]! & (1 << w)).length;
      }
      expect(weekly).toBeGreaterThanOrEqual(3);
    }
  });

  test('flight numbers are unique per airline and keys round-trip', () => {
    const seen = new Set<string>();
    for (let s = 0; s < schedule.slotCount; s++) {
      const al = net.airlines[net.routeAirline[schedule.slotRoute[s]!]!]!.iata;
      const key = `${al}${schedule.slotNumber[s]}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      expect(schedule.slotNumber[s]).toBeGreaterThanOrEqual(1);
      expect(schedule.slotNumber[s]).toBeLessThanOrEqual(9999);
    }
    for (const f of schedule.departuresOn('IST', '2026-07-01')) {
      expect(f.key).toBe(`${f.carrier}${f.number}-2026-07-01`);
      expect(schedule.flightByKey(f.key)).toEqual(f);
    }
    expect(schedule.flightByKey('XX1-2026-07-01')).toBeNull();
    expect(schedule.flightByKey('TK0-2026-07-01')).toBeNull();
    expect(schedule.flightByKey('garbage')).toBeNull();
    expect(schedule.flightByKey('TK1-2026-02-30')).toBeNull();
  });

  test('flight instances are consistent: local times, offsets, block time, capacity', () => {
    for (const date of ['2026-01-10', '2026-07-10', '2027-03-28', '2027-10-31']) {
      for (const code of ['TAS', 'LHR', 'JFK', 'IST']) {
        const board = schedule.departuresOn(code, date);
        expect(board.length).toBeGreaterThan(0);
        for (const f of board) {
          expect(f.origin).toBe(code);
          expect(f.departLocal.slice(0, 10)).toBe(date);
          expect(instant(f.departLocal)).toBe(f.departUtc);
          expect(instant(f.arriveLocal)).toBe(f.arriveUtc);
          expect(f.arriveUtc - f.departUtc).toBe(f.durationMinutes * MINUTE_MS);
          const oz = timeZone(net.airport(f.origin)!.tz);
          const dz = timeZone(net.airport(f.destination)!.tz);
          expect(f.departLocal).toBe(formatLocalIso(f.departUtc, oz.offsetAt(f.departUtc)));
          expect(f.arriveLocal).toBe(formatLocalIso(f.arriveUtc, dz.offsetAt(f.arriveUtc)));
          expect(f.capacity.economy).toBeGreaterThan(f.capacity.business);
          expect(f.capacity.business).toBeGreaterThan(0);
        }
        for (let i = 1; i < board.length; i++)
          expect(board[i]!.departUtc).toBeGreaterThanOrEqual(board[i - 1]!.departUtc);
      }
    }
  });

  test('London flights around the DST changes carry the right offsets', () => {
    // Spring forward: Sunday 29 March 2026, 01:00 UTC. Fall back: Sunday 25 October 2026, 01:00 UTC.
    for (const [before, after, offBefore, offAfter] of [
      ['2026-03-28', '2026-03-29', '+00:00', '+01:00'],
      ['2026-10-24', '2026-10-25', '+01:00', '+00:00'],
    ] as const) {
      for (const f of schedule.departuresOn('LHR', before))
        expect(f.departLocal.endsWith(offBefore)).toBe(true);
      for (const f of schedule.departuresOn('LHR', after)) {
        const expected = f.departUtc >= Date.parse(`${after}T01:00:00Z`) ? offAfter : offBefore;
        expect(f.departLocal.endsWith(expected), f.departLocal).toBe(true);
      }
      // Flights into London that land after the change show the new offset even if they left before it.
      const day = parseDay(before)!;
      for (const from of ['JFK', 'IST', 'DXB', 'SVO']) {
        for (const f of schedule.departuresOn(from, before)) {
          if (!['LHR', 'LGW'].includes(f.destination)) continue;
          const expected = f.arriveUtc >= Date.parse(`${after}T01:00:00Z`) ? offAfter : offBefore;
          expect(f.arriveLocal.endsWith(expected), `${f.key} ${f.arriveLocal}`).toBe(true);
          expect(f.departUtc).toBeGreaterThan(day * DAY_MS - DAY_MS);
        }
      }
    }
  });

  test('expansion is lazy and per airport-day (no up-front materialisation)', () => {
    // 330 days × all routes would be ~ slots × 330 instances; the schedule only keeps weekly slots.
    expect(schedule.slotCount).toBeLessThan(net.routeCount * 6);
    expect(HORIZON_DAYS).toBe(330);
  });
});
