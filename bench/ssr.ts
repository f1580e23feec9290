/**
 * SSR throughput of the home page (autocannon on loopback) with a baseline measured in the same run
 * (a small static file from the same server), the server's CPU per page (all its threads, from /proc: with
 * autocannon on the same cores, a cached page's rate is the load generator's as much as the server's), and the
 * gzip kB of JavaScript each route loads.
 * Prints figures; asserts nothing. Run: node bench/ssr.ts
 */
import { startSite } from '../e2e/support/server.ts';
import { measurePageWeights } from '../scripts/page-weight.ts';
import { LOAD_SECONDS as DURATION, loadUrl, loadUrlWithCpu } from './load.ts';

/** The gzip kB of each page's JavaScript (scripts/page-weight.ts, the same figures the page-weight guard keeps). */
function jsPerPage(): Record<string, number> {
  return Object.fromEntries(
    Object.entries(measurePageWeights()).map(([page, bytes]) => [page, Math.round(bytes / 102.4) / 10]),
  );
}

if (import.meta.main) {
  // Every request comes from one address: per-visitor limits (the home page asks for its destinations) must not
  // refuse the benchmark's own load.
  const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' });
  try {
    const load = (url: string, headers: Record<string, string> = {}) =>
      loadUrlWithCpu(site.process.pid!, url, headers);
    await loadUrl(`${site.url}/en`); // warm-up
    const gzip = { 'accept-encoding': 'gzip' };
    const baseline = await load(`${site.url}/favicon.svg`);
    // Anonymous pages of every kind the page cache keeps (home, information, tours, a tour, settings), in
    // several languages and display currencies; one figure per URL.
    const pages: Array<[string, string, Record<string, string>]> = [
      ['SSR /en (home)', '/en', gzip],
      ['SSR /ru (home, currency=USD)', '/ru', { ...gzip, cookie: 'currency=USD' }],
      ['SSR /uz/info/help', '/uz/info/help', gzip],
      ['SSR /tr/tours', '/tr/tours', gzip],
      ['SSR /en/tours/antalya-lara-from-tashkent', '/en/tours/antalya-lara-from-tashkent', gzip],
      ['SSR /ru/settings', '/ru/settings', gzip],
    ];
    const rows: Record<string, Awaited<ReturnType<typeof load>>> = {
      'baseline: static /favicon.svg': baseline,
    };
    for (const [label, url, headers] of pages) rows[label] = await load(`${site.url}${url}`, headers);
    console.log(`SSR over loopback, 50 connections, ${DURATION}s each, 1 process`);
    console.table(
      Object.fromEntries(
        Object.entries(rows).map(([label, row]) => [
          label,
          {
            ...row,
            'of static': `${Math.round((row.rps / baseline.rps) * 100)} %`,
            // What one core of the server alone could answer: the load generator runs on the same machine.
            'server pages/s per core': Math.round(1e6 / row['server CPU µs']),
          },
        ]),
      ),
    );
    console.log("JavaScript each route loads, and each language's messages file (gzip kB, build manifest):");
    console.table(jsPerPage());
  } finally {
    await site.stop();
  }
}
