import { expect, test } from 'vitest';
import { dayDifference, formatShortDate, formatTime } from './format.ts';

test('flight times are the airport’s wall clock, with two hour digits on a 24-hour clock', () => {
  expect(formatTime('en', '2026-12-15T02:25:00+05:00')).toBe('2:25\u00a0AM');
  expect(formatTime('ru', '2026-12-15T02:25:00+05:00')).toBe('02:25');
  expect(formatTime('uz', '2026-12-15T02:25:00+05:00')).toBe('02:25');
  expect(formatTime('tr', '2026-12-15T17:05:00-08:00')).toBe('17:05');
  expect(formatShortDate('en', '2026-12-15T23:30:00-10:00')).toBe('Tue, Dec 15');
});

test('"+1 day" counts local calendar dates', () => {
  expect(dayDifference('2026-12-15T23:30:00+05:00', '2026-12-16T01:10:00+03:00')).toBe(1);
  expect(dayDifference('2026-12-15T08:00:00+05:00', '2026-12-15T07:00:00-08:00')).toBe(0);
  expect(dayDifference('2026-12-31T22:00:00+05:00', '2027-01-02T06:00:00+09:00')).toBe(2);
});
