import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { DateTimeFormat } from '@formatjs/intl-datetimeformat';
import { describe, expect, test } from 'vitest';
import { DATE_FORMATS } from '../app/lib/date-formats.ts';
import { registeredBy, trimmedDateData } from './trim-date-data.ts';

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

/** Dates and times of every kind, beyond what the site uses: fields alone and together, and the styles. */
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
  DATE_FORMATS.instant,
  ...(['full', 'long', 'medium', 'short'] as const).flatMap((dateStyle) => [
    { dateStyle },
    { dateStyle, timeStyle: 'short' as const },
  ]),
];
/** A moment in every month, on every weekday, at night, in the morning and in the evening. */
const MOMENTS = [
  Date.UTC(2026, 11, 13, 18, 35),
  ...Array.from({ length: 12 }, (_, month) =>
    Date.UTC(2026 + (month % 2), month, 1 + month * 2, month * 2, month * 5),
  ),
];

/** Each format at each moment with the whole data and with the trimmed one. */
function compare(formats: readonly Intl.DateTimeFormatOptions[], trimmedData: string) {
  const pairs = formats.flatMap((options) => MOMENTS.map((at) => [options, at] as const));
  const whole = polyfilledUzbek(UZBEK);
  const expected = pairs.map(([options, at]) => whole(options, at));
  const trimmed = polyfilledUzbek(trimmedData);
  return { expected, actual: pairs.map(([options, at]) => trimmed(options, at)) };
}

describe('the date polyfill data the browser gets', () => {
  test("formats each of the site's dates and times exactly as the whole data does", () => {
    const { expected, actual } = compare(Object.values(DATE_FORMATS), trimmedDateData(UZBEK));
    expect(expected).toContain('yakshanba, 13-dekabr, 2026');
    expect(actual).toEqual(expected);
  });

  test('keeps exactly what the formats it is given pick, whatever they are', () => {
    const { expected, actual } = compare(OPTIONS, trimmedDateData(UZBEK, OPTIONS));
    expect(expected).toContain('13-dekabr, 2026');
    expect(actual).toEqual(expected);
  });

  test('leaves out the range patterns and the date patterns no format picks, nothing else', () => {
    const [whole] = registeredBy(UZBEK);
    const trimmed = trimmedDateData(UZBEK);
    const [{ locale, data }] = registeredBy(trimmed) as [NonNullable<typeof whole>];
    const { intervalFormats, formats, ...rest } = whole!.data;
    expect(Object.keys(intervalFormats).length).toBeGreaterThan(100);
    expect(Object.keys(formats.gregory!).length).toBeGreaterThan(600);
    expect(locale).toBe('uz');
    const { formats: kept, ...keptRest } = data;
    expect(keptRest).toEqual({
      ...rest,
      intervalFormats: { intervalFormatFallback: intervalFormats.intervalFormatFallback },
    });
    const picked = Object.entries(kept.gregory!);
    expect(picked.length).toBeLessThanOrEqual(Object.keys(DATE_FORMATS).length);
    for (const [skeleton, pattern] of picked) expect(formats.gregory![skeleton]).toBe(pattern);
    expect(trimmed.length).toBeLessThan(UZBEK.length / 3);
  });

  test('leaves the polyfill with the whole data once it has picked', () => {
    polyfilledUzbek(UZBEK);
    trimmedDateData(UZBEK);
    const wide = { weekday: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
    expect(new DateTimeFormat('uz', { ...wide, timeZone: 'UTC' }).format(MOMENTS[3])).not.toMatch(/@\d+@/);
  });

  test('a file that registers nothing is refused (a new package layout must not ship empty data)', () => {
    expect(() => trimmedDateData('/* nothing */')).toThrow('registered nothing');
  });
});
