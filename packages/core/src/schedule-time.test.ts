import { describe, expect, test } from 'vitest';
import {
  dayFromParts,
  formatDay,
  formatDuration,
  formatLocalIso,
  formatOffset,
  parseDay,
  timeZone,
  weekdayOf,
} from './schedule-time.ts';

/** Offset in minutes straight from Intl, for comparison. */
function intlOffset(zone: string, utc: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(utc)
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

describe('days', () => {
  test('parse/format/weekday', () => {
    const d = parseDay('2026-12-15')!;
    expect(formatDay(d)).toBe('2026-12-15');
    expect(weekdayOf(d)).toBe(1); // Tuesday (Monday = 0)
    expect(weekdayOf(parseDay('1970-01-01')!)).toBe(3);
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('2026-1-01')).toBeNull();
    expect(dayFromParts(2028, 2, 29)).not.toBeNull();
  });
  test('formatting', () => {
    expect(formatOffset(300)).toBe('+05:00');
    expect(formatOffset(-210)).toBe('-03:30');
    expect(formatOffset(0)).toBe('+00:00');
    expect(formatLocalIso(Date.UTC(2026, 11, 15, 3, 40), 300)).toBe('2026-12-15T08:40:00+05:00');
    expect(formatDuration(340)).toBe('PT5H40M');
    expect(formatDuration(45)).toBe('PT45M');
    expect(formatDuration(180)).toBe('PT3H');
  });
});

describe('time zones', () => {
  test('offsets match Intl hour by hour over a year, DST zones included', () => {
    for (const zone of [
      'Europe/London',
      'America/New_York',
      'Australia/Sydney',
      'Asia/Tashkent',
      'America/Santiago',
      'Africa/Casablanca',
    ]) {
      const tz = timeZone(zone);
      for (let h = 0; h < 24 * 365; h += 11) {
        const utc = Date.UTC(2026, 0, 1) + h * 3_600_000 + 1_800_000;
        expect(tz.offsetAt(utc), `${zone} ${new Date(utc).toISOString()}`).toBe(intlOffset(zone, utc));
      }
    }
  });

  test('London transitions: exact instants, gap moves forward, overlap takes the earlier instant', () => {
    const tz = timeZone('Europe/London');
    expect(tz.offsetAt(Date.UTC(2026, 2, 29, 0, 59))).toBe(0);
    expect(tz.offsetAt(Date.UTC(2026, 2, 29, 1, 0))).toBe(60);
    expect(tz.offsetAt(Date.UTC(2026, 9, 25, 0, 59))).toBe(60);
    expect(tz.offsetAt(Date.UTC(2026, 9, 25, 1, 0))).toBe(0);
    // 01:30 on 29 March 2026 does not exist → 02:30 BST (01:30 UTC).
    expect(tz.toUtc(Date.UTC(2026, 2, 29, 1, 30))).toBe(Date.UTC(2026, 2, 29, 1, 30));
    // 01:30 on 25 October 2026 happens twice → the first (BST, 00:30 UTC).
    expect(tz.toUtc(Date.UTC(2026, 9, 25, 1, 30))).toBe(Date.UTC(2026, 9, 25, 0, 30));
    expect(tz.toUtc(Date.UTC(2026, 6, 1, 12, 0))).toBe(Date.UTC(2026, 6, 1, 11, 0));
  });

  test('unknown zone names fall back to UTC', () => {
    expect(timeZone('Mars/Olympus').offsetAt(Date.UTC(2026, 0, 1))).toBe(0);
  });
});
