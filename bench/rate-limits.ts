/**
 * What the per-route rate limit costs on the hot path (docs/performance.md#speed-targets): `GET /v1/places`
 * (rate-limited, a small in-memory lookup), repeated searches (rate-limited, answered from the search cache)
 * and an anonymous page (from the page cache) against `GET /health` (no limit, no database) in the same run,
 * one server process, autocannon with 50 connections. Real limits would refuse one load generator (one IP) at
 * once, so they are scaled up (RATE_LIMIT_SCALE) — the bookkeeping per request is the same. Prints figures,
 * asserts nothing.
 * Run: node bench/rate-limits.ts (needs `npm run build`); BENCH_SECONDS (default 10); DATABASE_URL to use
 * PostgreSQL instead of the embedded database.
 */
import autocannon from 'autocannon';
import { startSite } from '../e2e/support/server.ts';
import { LOAD_SECONDS as DURATION, loadUrlWithCpu, runLoadWithCpu } from './load.ts';
import { popularBodies } from './search-api.ts';

const env: Record<string, string> = { LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000000' };
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
const site = await startSite(env);
try {
  const auth = { authorization: 'Bearer parvoz-public-anonymous' };
  // Warm up both paths (JIT, the place index) before measuring.
  await autocannon({ url: `${site.url}/v1/places?q=tash`, connections: 10, duration: 2, headers: auth });
  const pid = site.process.pid!;
  const load = (url: string, headers: Record<string, string> = {}) => loadUrlWithCpu(pid, url, headers);
  const health = await load(`${site.url}/health`);
  const places = await load(`${site.url}/v1/places?q=tash&lang=en`, auth);
  let popular = 0;
  const searches = await runLoadWithCpu(pid, {
    url: `${site.url}/v1/flights/search`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    requests: [
      { setupRequest: (req) => ({ ...req, body: popularBodies[popular++ % popularBodies.length] }) },
    ],
  });
  const page = await load(`${site.url}/en`, { 'accept-encoding': 'gzip' });
  console.log(
    `autocannon, 50 connections, ${DURATION} s each, one process, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  // The shares of the targets are of requests/s; the server's CPU per request says how much of a share is the
  // endpoint's own cost and how much the load generator's, which runs on the same cores.
  console.log(
    '| endpoint | requests/s | p50 ms | p99 ms | non-2xx | share of /health | server CPU µs per request | share of /health by CPU |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, r] of [
    ['baseline: GET /health', health],
    ['GET /v1/places?q=tash (rate-limited; target ≥ 0.50)', places],
    ['POST /v1/flights/search, 20 popular repeating (rate-limited; target ≥ 0.33)', searches],
    ['GET /en, anonymous (page cache; target ≥ 0.14)', page],
  ] as const)
    console.log(
      `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${(r.rps / health.rps).toFixed(2)} | ${r['server CPU µs']} | ${(health['server CPU µs'] / r['server CPU µs']).toFixed(2)} |`,
    );
} finally {
  await site.stop();
}
