/**
 * Chromium ships no Uzbek formatting data: it prints "UZS 1,234,567" where Node prints "1 234 567 soʻm". /uz
 * pages install FormatJS polyfills with Uzbek data before hydration, so the browser formats exactly like the
 * server did (docs/design.md §8). In every browser, without asking first: asking (formatting a price and a
 * month natively) was a /uz page's costliest Intl call, ~17 ms of loading the browser's own locale data, and
 * a browser that has Uzbek data may not write it as Node does, while the polyfills' output is what the tests
 * hold to the server's.
 */

/**
 * Only what the pages format with: plural rules, numbers (prices) and dates, each with its Uzbek data. Every
 * date the site prints is formatted in UTC or at a fixed offset ("+05:00"; local-time.ts, format.ts), which the
 * date polyfill handles without a time-zone database, so the IANA data (add-golden-tz, 133 kB gzip and most of
 * /uz's blocking time) is never loaded. Intl.Locale and Intl.getCanonicalLocales are only polyfilled in a
 * browser that lacks them (the modules are ~145 kB gzip; Chromium, Firefox and Safari ship both).
 */
export async function installUzbekIntl(): Promise<void> {
  const [{ shouldPolyfill: lacksCanonicalLocales }, { shouldPolyfill: lacksLocale }] = await Promise.all([
    import('@formatjs/intl-getcanonicallocales/should-polyfill.js'),
    import('@formatjs/intl-locale/should-polyfill.js'),
  ]);
  if (lacksCanonicalLocales()) await import('@formatjs/intl-getcanonicallocales/polyfill-force.js');
  if (lacksLocale()) await import('@formatjs/intl-locale/polyfill-force.js');
  // The three polyfills download in parallel; each installs before its locale data registers with it.
  await Promise.all([
    import('@formatjs/intl-pluralrules/polyfill-force.js').then(
      () => import('@formatjs/intl-pluralrules/locale-data/uz.js'),
    ),
    import('@formatjs/intl-numberformat/polyfill-force.js').then(
      () => import('@formatjs/intl-numberformat/locale-data/uz.js'),
    ),
    import('@formatjs/intl-datetimeformat/polyfill-force.js').then(
      () => import('@formatjs/intl-datetimeformat/locale-data/uz.js'),
    ),
  ]);
}
