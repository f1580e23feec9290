import { runInNewContext } from 'node:vm';
import type { Plugin } from 'vite';

/** The FormatJS date polyfill's locale data files (one per language, registering themselves when run). */
const DATE_DATA = /[\\/]@formatjs[\\/]intl-datetimeformat[\\/]locale-data[\\/][\w-]+\.js$/;

type DateLocaleData = { locale: string; data: { intervalFormats: Record<string, unknown> } };

/**
 * A date polyfill data file without its date-range patterns, which only `formatRange` uses (the site never
 * calls it): 65 of the Uzbek file's 161 kB, and the polyfill prepares every one of them for every date pattern
 * the first time any date is formatted (the first date a /uz page formats took 40–64 ms with them, 18–22 without, on this machine).
 * The fallback pattern stays, so the data still has the shape the polyfill reads. Returns the same kind of
 * file: run, it registers its data.
 */
export function withoutRangePatterns(source: string): string {
  const registered: DateLocaleData[] = [];
  const register = (data: DateLocaleData) => registered.push(data);
  runInNewContext(source, { Intl: { DateTimeFormat: { __addLocaleData: register } }, globalThis: {} });
  if (registered.length === 0) throw new Error('the date data registered nothing');
  return registered
    .map(({ locale, data }) => {
      const { intervalFormatFallback } = data.intervalFormats;
      const trimmed = { data: { ...data, intervalFormats: { intervalFormatFallback } }, locale };
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

/** The browser's copies of the date polyfill's data without range patterns (`withoutRangePatterns`). */
export function trimDatePolyfillData(): Plugin {
  return {
    name: 'parvoz-trim-date-data',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      return DATE_DATA.test(id) ? { code: withoutRangePatterns(code), map: null } : null;
    },
  };
}
