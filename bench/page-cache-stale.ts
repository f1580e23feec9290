/**
 * What serving an expired page stale while one background render replaces it (PAGE_CACHE_STALE_SECONDS,
 * docs/decisions/0018-page-cache.md) does under load: the home page with a short TTL, so that it expires
 * several times during the run, on a site that waits for each re-render (stale 0) and on one that serves
 * stale (stale 60), against a static file of each site in the same run. Prints figures; asserts nothing.
 * Run: node bench/page-cache-stale.ts (needs `npm run build`).
 */
import autocannon from 'autocannon';
import { startSite } from '../e2e/support/server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 12);
const TTL_SECONDS = '2';

async function load(url: string) {
  const result = await autocannon({
    url,
    connections: 50,
    duration: DURATION,
    headers: { 'accept-encoding': 'gzip' },
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

const rows: Record<string, Awaited<ReturnType<typeof load>>> = {};
for (const stale of ['0', '60']) {
  const site = await startSite({
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    PAGE_CACHE_TTL_SECONDS: TTL_SECONDS,
    PAGE_CACHE_STALE_SECONDS: stale,
  });
  try {
    await load(`${site.url}/en`); // warm-up
    rows[`stale ${stale}: static /favicon.svg`] = await load(`${site.url}/favicon.svg`);
    rows[`stale ${stale}: /en (TTL ${TTL_SECONDS} s)`] = await load(`${site.url}/en`);
  } finally {
    await site.stop();
  }
}
console.log(`Home page with a ${TTL_SECONDS} s TTL, 50 connections, ${DURATION} s each, 1 process`);
console.table(rows);
