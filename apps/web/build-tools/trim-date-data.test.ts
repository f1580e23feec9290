import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { DateTimeFormat } from '@formatjs/intl-datetimeformat';
import { describe, expect, test } from 'vitest';
import { withoutRangePatterns } from './trim-date-data.ts';

const UZBEK = readFileSync(
  createRequire(import.meta.url).resolve('@formatjs/intl-datetimeformat/locale-data/uz.js'),
  'utf8',
);

/**
 * FormatJS's date format (the polyfill's class, without installing it) after running a data file: the file
 * registers its language, replacing what an earlier file gave it.
 */
function polyfilledUzbek(data: string) {
  runInNewContext(data, { Intl: { DateTimeFormat }, globalThis: {} });
  return (options: Intl.DateTimeFormatOptions, at: number): string =>
    new DateTimeFormat('uz', { ...options, timeZone: 'UTC' }).format(at);
}

/** Every kind of date and time a page could ask for: fields alone and together, and the styles. */
const OPTIONS: Intl.DateTimeFormatOptions[] = [
  ...(['numeric', '2-digit', 'short', 'long', 'narrow'] as const).map((month) => ({ month })),
  { weekday: 'short', day: 'numeric', month: 'short' },
  { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  { day: 'numeric', month: 'long' },
  { day: '2-digit', month: '2-digit', year: 'numeric' },
  { month: 'long', year: 'numeric' },
  { hour: 'numeric', minute: '2-digit' },
  { hour: 'numeric', minute: '2-digit', hour12: true },
  { weekday: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  ...(['full', 'long', 'medium', 'short'] as const).flatMap((dateStyle) => [
    { dateStyle },
    { dateStyle, timeStyle: 'short' as const },
  ]),
];
const MOMENTS = [Date.UTC(2026, 0, 1, 0, 5), Date.UTC(2026, 11, 13, 18, 35), Date.UTC(2027, 6, 4, 9, 0)];

describe('the date polyfill data without range patterns', () => {
  test('formats every date and time exactly as the whole data does', () => {
    const pairs = OPTIONS.flatMap((options) => MOMENTS.map((at) => [options, at] as const));
    const whole = polyfilledUzbek(UZBEK);
    const texts = pairs.map(([options, at]) => whole(options, at));
    expect(texts).toContain('13-dekabr, 2026');
    const trimmed = polyfilledUzbek(withoutRangePatterns(UZBEK));
    expect(pairs.map(([options, at]) => trimmed(options, at))).toEqual(texts);
  });

  test('leaves out only the range patterns, and is less than half the size', () => {
    const registered = (data: string) => {
      const all: Array<{ locale: string; data: Record<string, unknown> }> = [];
      runInNewContext(data, { Intl: { DateTimeFormat: { __addLocaleData: (d: never) => all.push(d) } } });
      return all;
    };
    const [whole] = registered(UZBEK);
    const trimmed = withoutRangePatterns(UZBEK);
    const [{ locale, data }] = registered(trimmed) as [NonNullable<typeof whole>];
    const { intervalFormats, ...rest } = whole!.data as { intervalFormats: Record<string, unknown> };
    expect(Object.keys(intervalFormats).length).toBeGreaterThan(100);
    expect(locale).toBe('uz');
    expect(data).toEqual({
      ...rest,
      intervalFormats: { intervalFormatFallback: intervalFormats.intervalFormatFallback },
    });
    expect(trimmed.length).toBeLessThan(UZBEK.length / 2);
  });

  test('a file that registers nothing is refused (a new package layout must not ship empty data)', () => {
    expect(() => withoutRangePatterns('/* nothing */')).toThrow('registered nothing');
  });
});
