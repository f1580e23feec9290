/**
 * What the per-route rate limit costs on the hot path (issue 16 §3): `GET /v1/places` (rate-limited, a small
 * in-memory lookup) against `GET /health` (no limit, no database) in the same run, one server process,
 * autocannon with 50 connections. Real limits would refuse one load generator (one IP) at once, so they are
 * scaled up (RATE_LIMIT_SCALE) — the bookkeeping per request is the same. Prints figures, asserts nothing.
 * Run: node bench/rate-limits.ts (needs `npm run build`); BENCH_SECONDS (default 10); DATABASE_URL to use
 * PostgreSQL instead of the embedded database.
 */
import autocannon from 'autocannon';
import { startSite } from '../e2e/support/server.ts';
import { LOAD_SECONDS as DURATION, loadUrl as load } from './load.ts';

const env: Record<string, string> = { LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000000' };
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
const site = await startSite(env);
try {
  const auth = { authorization: 'Bearer parvoz-public-anonymous' };
  // Warm up both paths (JIT, the place index) before measuring.
  await autocannon({ url: `${site.url}/v1/places?q=tash`, connections: 10, duration: 2, headers: auth });
  const health = await load(`${site.url}/health`);
  const places = await load(`${site.url}/v1/places?q=tash&lang=en`, auth);
  console.log(
    `autocannon, 50 connections, ${DURATION} s each, one process, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  console.log('| endpoint | requests/s | p50 ms | p99 ms | non-2xx | share of /health |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name, r] of [
    ['baseline: GET /health', health],
    ['GET /v1/places?q=tash (rate-limited)', places],
  ] as const)
    console.log(
      `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${(r.rps / health.rps).toFixed(2)} |`,
    );
} finally {
  await site.stop();
}
