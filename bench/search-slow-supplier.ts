/**
 * Many searches at once while a supplier is slow: `node bench/search-slow-supplier.ts` (needs `npm run build`).
 * SEARCHES (200) different `POST /v1/flights/search` (TAS → IST, one per day, so no search joins or reuses
 * another) sent together to the real one-process site, with Duffel configured at the Duffel test server
 * answering BENCH_DUFFEL_DELAY_MS (3 s) late; the same-run baseline is the same searches to a site without
 * Duffel. Records each answer's time from its send, whether Duffel's offer is in it, and the site's peak
 * resident memory (VmRSS of its process, read every 20 ms). The target (docs/duffel.md, "Many searches while Duffel is slow"): p99 within
 * the search budget (DUFFEL_TIME_BUDGET_MS, 8 s by default) plus 300 ms, RSS under 1 GB. Asserts nothing.
 */
import { readFileSync } from 'node:fs';
import type { RunningSite } from '../e2e/support/server.ts';
import { DUFFEL_DEFAULT_BUDGET_MS } from '../apps/api/src/suppliers/duffel/settings.ts';
import { percentile, searchBurst, startSitesBesideLateDuffel } from './search-burst.ts';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);
const DELAY_MS = Number(process.env.BENCH_DUFFEL_DELAY_MS ?? 3_000);

/** The site's resident memory, the highest read every 20 ms while `work` runs. */
async function peakRss<T>(site: RunningSite, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = 0;
  const read = () => {
    const status = readFileSync(`/proc/${site.process.pid}/status`, 'utf8');
    peak = Math.max(peak, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
  };
  read();
  const timer = setInterval(read, 20);
  try {
    const result = await work();
    read();
    return { result, peakMb: Math.round(peak / 1024) };
  } finally {
    clearInterval(timer);
  }
}

/** `count` searches sent at once, each on its own day from `firstDay` days ahead. */
async function burst(site: RunningSite, firstDay: number, count = SEARCHES) {
  return peakRss(site, async () =>
    (await searchBurst(site.url, firstDay, count)).map(({ ms, status, text }) => ({
      ms,
      status,
      // The Duffel test server's flight is QP's (duffelOnlyFlight); the built-in network has no QP.
      withDuffel: text.includes('"QP"'),
      incomplete: text.includes('"incomplete":true'),
    })),
  );
}

const sites = await startSitesBesideLateDuffel(DELAY_MS, { LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000000' });
const { withDuffel, plain } = sites;
try {
  // One search each first: the sites' first answers warm caches that every later search shares.
  await Promise.all([burst(withDuffel, 300, 1), burst(plain, 300, 1)]);
  console.log(
    `${SEARCHES} different searches sent at once to one site process; Duffel test server ${DELAY_MS} ms late; budget ${DUFFEL_DEFAULT_BUDGET_MS} ms`,
  );
  console.log(
    '| site | p50 ms | p95 ms | p99 ms | worst ms | non-200 | with Duffel’s offer | incomplete | peak RSS MB |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, site, firstDay] of [
    ['baseline: no Duffel', plain, 10],
    [`Duffel ${DELAY_MS} ms late`, withDuffel, 10],
  ] as const) {
    const { result, peakMb } = await burst(site, firstDay);
    const ms = result.map((r) => r.ms).sort((a, b) => a - b);
    const row = [
      name,
      Math.round(percentile(ms, 50)),
      Math.round(percentile(ms, 95)),
      Math.round(percentile(ms, 99)),
      Math.round(ms.at(-1)!),
      result.filter((r) => r.status !== 200).length,
      result.filter((r) => r.withDuffel).length,
      result.filter((r) => r.incomplete).length,
      peakMb,
    ];
    console.log(`| ${row.join(' | ')} |`);
  }
} finally {
  await sites.stop();
}
