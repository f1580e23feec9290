import { expect, test } from 'vitest';
import {
  durationMinutes,
  formatInstant,
  formatInstantAtOffset,
  formatLocalDate,
  formatLocalTime,
  wallClock,
} from './local-time.ts';

/** Every space a no-break space: what the formatters write so that Node and the browsers agree. */
const nb = (text: string) => text.replace(/[ \u202f]/g, '\u00a0');

test('flight times are shown as the airport wall clock, whatever the offset and the machine zone', () => {
  expect(wallClock('2026-12-13T23:35:00+05:00')?.toISOString()).toBe('2026-12-13T23:35:00.000Z');
  expect(wallClock('2026-12-13')?.toISOString()).toBe('2026-12-13T00:00:00.000Z');
  expect(wallClock('soon')).toBeNull();
  expect(formatLocalTime('ru', '2026-12-13T23:35:00-03:00')).toBe('23:35');
  expect(formatLocalTime('uz', '2026-12-13T09:50:00+05:00')).toBe('09:50');
  expect(formatLocalTime('en', '2026-12-13T18:05:00+05:00')).toBe('6:05\u00a0PM');
  expect(formatLocalDate('ru', '2026-12-13T23:35:00+14:00')).toBe(nb('13 дек. 2026 г.'));
  expect(formatLocalDate('uz', '2019-02-03')).toBe(nb('3-fev, 2019'));
  expect(formatLocalDate('tr', '2026-12-13T08:00:00+03:00', 'long')).toBe(nb('13 Aralık 2026 Paz'));
  expect(formatLocalTime('en', 'garbage')).toBe('garbage');
});

test('instants are shown in UTC with the zone named', () => {
  // Node writes U+202F in Russian " г., ", Chromium a plain space: hydration broke on the order page.
  expect(formatInstant('ru', '2026-11-23T13:49:12.000Z')).toBe(nb('23 нояб. 2026 г., 13:49 UTC'));
  expect(formatInstant('en', '2026-11-23T12:44:49.143Z')).toBe(nb('Nov 23, 2026, 12:44 PM UTC'));
  expect(formatInstant('en', 'x')).toBe('x');
});

test("instants at the visitor's offset name it, across a day's end and in every language", () => {
  expect(formatInstantAtOffset('en', '2026-11-23T13:49:12.000Z', 300)).toBe(
    nb('Nov 23, 2026, 6:49 PM UTC+5'),
  );
  // Already the next day in Tashkent; Newfoundland is three and a half hours behind.
  expect(formatInstantAtOffset('ru', '2026-11-23T21:10:00.000Z', 300)).toBe(
    nb('24 нояб. 2026 г., 02:10 UTC+5'),
  );
  expect(formatInstantAtOffset('tr', '2026-11-23T02:00:00.000Z', -210)).toBe(
    nb('22 Kas 2026 22:30 UTC-3:30'),
  );
  expect(formatInstantAtOffset('uz', '2026-11-23T13:49:00.000Z', 0)).toBe(
    formatInstant('uz', '2026-11-23T13:49:00.000Z'),
  );
  expect(formatInstantAtOffset('en', 'x', 300)).toBe('x');
});

test('ISO 8601 durations in minutes', () => {
  expect(durationMinutes('PT4H50M')).toBe(290);
  expect(durationMinutes('PT45M')).toBe(45);
  expect(durationMinutes('P1DT2H')).toBe(1560);
  expect(durationMinutes('PT')).toBeNull();
  expect(durationMinutes('4h')).toBeNull();
});
