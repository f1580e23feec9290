import { expect, test } from 'vitest';
import { keptText } from './kept-texts.ts';
import { formatDate } from './local-time.ts';

test('a text is made once and then kept; a full store starts again rather than growing', () => {
  let made = 0;
  const make = () => `text ${++made}`;
  expect(keptText('kept-test|a', make)).toBe('text 1');
  expect(keptText('kept-test|a', make)).toBe('text 1');
  expect(made).toBe(1);
  for (let i = 0; i < 1000; i++) keptText(`kept-test|filler ${i}`, () => 'x');
  expect(keptText('kept-test|a', make)).toBe('text 2');
});

test('formatDate writes what Intl writes, per language, format, time zone and moment', () => {
  const at = Date.UTC(2026, 11, 13, 18, 35);
  const intl = (locale: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, options).format(at);
  expect(formatDate('en', 'shortDate', at)).toBe(
    intl('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
  );
  expect(formatDate('ru', 'shortDate', at)).toBe(
    intl('ru', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
  );
  expect(formatDate('en', 'mediumDateTime', at, '+05:00')).toBe(
    intl('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: '+05:00' }),
  );
  expect(formatDate('en', 'mediumDateTime', at)).not.toBe(formatDate('en', 'mediumDateTime', at, '+05:00'));
  expect(formatDate('en', 'shortDate', at + 86_400_000)).not.toBe(formatDate('en', 'shortDate', at));
});
