import { runInNewContext } from 'node:vm';
import { DateTimeFormat } from '@formatjs/intl-datetimeformat';
import type { Plugin } from 'vite';
import { DATE_FORMATS } from '../app/lib/date-formats.ts';

/** The FormatJS date polyfill's locale data files (one per language, registering themselves when run). */
const DATE_DATA = /[\\/]@formatjs[\\/]intl-datetimeformat[\\/]locale-data[\\/][\w-]+\.js$/;

/** What a data file registers (the package does not export the type). */
type DateLocaleData = Parameters<typeof DateTimeFormat.__addLocaleData>[0];

/** The calendar every page formats in (no page names another). */
const CALENDAR = 'gregory';

/**
 * A date polyfill data file with only what the site formats with. The polyfill prepares every pattern of a
 * language's data the first time any date is formatted; a /uz page paid 40–64 ms for that on this machine.
 * - No date-range patterns: only `formatRange` uses them, and the site never calls it (65 of the Uzbek file's
 *   161 kB). The fallback pattern stays, so the data keeps the shape the polyfill reads.
 * - Of the calendar's date patterns (640 for Uzbek: every field combination, and each again with each time
 *   style), only those the site's formats (`DATE_FORMATS`) pick. The polyfill picks one pattern per format, the
 *   first of those scoring best; keeping only picked ones, in their order, leaves every pick as it was.
 * Returns the same kind of file: run, it registers its data.
 */
export function trimmedDateData(
  source: string,
  formats: readonly Intl.DateTimeFormatOptions[] = Object.values(DATE_FORMATS),
): string {
  return registeredBy(source)
    .map(({ locale, data }) => {
      const { intervalFormatFallback } = data.intervalFormats;
      const patterns = data.formats[CALENDAR];
      const kept = patterns ? pickedPatterns({ locale, data }, formats) : undefined;
      const trimmed = {
        data: {
          ...data,
          intervalFormats: { intervalFormatFallback },
          formats: kept ? { ...data.formats, [CALENDAR]: kept } : data.formats,
        },
        locale,
      };
      // The package's own wrapper, and JSON.parse of a string (faster to load than an object literal).
      return `(function (data) {
    if (Intl.DateTimeFormat && typeof Intl.DateTimeFormat["__addLocaleData"] === "function") {
        Intl.DateTimeFormat["__addLocaleData"](data);
    }
    else {
        (globalThis["__FORMATJS_DATETIMEFORMAT_DATA__"] = globalThis["__FORMATJS_DATETIMEFORMAT_DATA__"] || []).push(data);
    }
})(JSON.parse(${JSON.stringify(JSON.stringify(trimmed))}));\n`;
    })
    .join('');
}

/** The data a polyfill data file registers when run. */
export function registeredBy(source: string): DateLocaleData[] {
  const registered: DateLocaleData[] = [];
  const register = (data: DateLocaleData) => registered.push(data);
  runInNewContext(source, { Intl: { DateTimeFormat: { __addLocaleData: register } }, globalThis: {} });
  if (registered.length === 0) throw new Error('the date data registered nothing');
  return registered;
}

/**
 * The calendar's patterns that `formats` pick, in the data's order. Found by asking the polyfill itself: each
 * pattern is replaced by a marker naming it (`@7@`, digits and signs are literal text in a pattern), and each
 * format prints the marker of the one it picked. A format built from the language's date and time styles
 * prints no marker and needs none. The polyfill is left with the data as it was.
 */
function pickedPatterns(
  { locale, data }: DateLocaleData,
  formats: readonly Intl.DateTimeFormatOptions[],
): Record<string, string> {
  const patterns = data.formats[CALENDAR]!;
  const keys = Object.keys(patterns);
  const marked = Object.fromEntries(keys.map((key, i) => [key, `@${i}@`]));
  const picked = new Set<number>();
  DateTimeFormat.__addLocaleData({
    locale,
    data: { ...data, formats: { ...data.formats, [CALENDAR]: marked } },
  });
  try {
    for (const options of formats) {
      const text = new DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(
        Date.UTC(2026, 11, 13, 18, 35),
      );
      for (const [, i] of text.matchAll(/@(\d+)@/g)) picked.add(Number(i));
    }
  } finally {
    DateTimeFormat.__addLocaleData({ locale, data });
  }
  return Object.fromEntries(keys.filter((_, i) => picked.has(i)).map((key) => [key, patterns[key]!]));
}

/** The browser's copies of the date polyfill's data, trimmed to what the site formats with (`trimmedDateData`). */
export function trimDatePolyfillData(): Plugin {
  return {
    name: 'parvoz-trim-date-data',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      return DATE_DATA.test(id) ? { code: trimmedDateData(code), map: null } : null;
    },
  };
}
