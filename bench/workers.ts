/**
 * One process against one per core (docs/performance.md#speed-targets): pages/s (`/en`, the home page) and
 * searches/s (the varied bodies of bench/search-api.ts) at 50 connections, and the memory of each worker, for
 * PARVOZ_WORKERS=1 and =cores, back to back on the same PostgreSQL server. Prints figures, asserts nothing.
 * Run: node bench/workers.ts (needs `npm run build`; DATABASE_URL, else it starts the test server of
 * packages/db); BENCH_SECONDS (default 10).
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { startSite } from '../e2e/support/server.ts';
import { LOAD_SECONDS as DURATION, loadFigures, runLoad } from './load.ts';
import { benchDatabaseUrl } from './postgres.ts';
import { searchBodies } from './search-api.ts';

// Several processes need PostgreSQL: DATABASE_URL, else the test server of packages/db.
const url = benchDatabaseUrl();
/** The API's calls carry the anonymous credential; pages are asked as a browser asks them (no Authorization,
 * which would also keep them out of the page cache: apps/host/src/page-cache.ts). */
const apiHeaders = {
  authorization: 'Bearer parvoz-public-anonymous',
  'content-type': 'application/json',
  'accept-encoding': 'gzip',
};
const pageHeaders = { 'accept-encoding': 'gzip' };

async function rate(options: autocannon.Options) {
  const { rps, p99 } = loadFigures(await runLoad(options));
  return { rps, p99 };
}

/** Resident memory (MB) of the processes that serve: the workers, or the one process. */
function workerMemory(pid: number, workers: number): number[] {
  const list = (args: string[]) =>
    execFileSync('ps', args, { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((kb) => Math.round(Number(kb) / 1024));
  return workers > 1 ? list(['--ppid', String(pid), '-o', 'rss=']) : list(['-p', String(pid), '-o', 'rss=']);
}

const rows: string[] = [];
for (const workers of [1, availableParallelism()]) {
  const site = await startSite({
    DATABASE_URL: url,
    PARVOZ_WORKERS: String(workers),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000000',
  });
  try {
    const deadline = Date.now() + 60_000;
    while (
      site.logs.filter((l) => l.includes('Parvoz listening on')).length < workers &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    await autocannon({ url: `${site.url}/en`, headers: pageHeaders, connections: 10, duration: 2 });
    const pages = await rate({ url: `${site.url}/en`, headers: pageHeaders });
    let next = 0;
    const searches = await rate({
      url: `${site.url}/v1/flights/search`,
      method: 'POST',
      headers: apiHeaders,
      requests: [{ setupRequest: (req) => ({ ...req, body: searchBodies[next++ % searchBodies.length] }) }],
    });
    const memory = workerMemory(site.process.pid!, workers);
    rows.push(
      `| ${workers} | ${pages.rps} | ${pages.p99} | ${searches.rps} | ${searches.p99} | ${memory.join(', ')} |`,
    );
  } finally {
    await site.stop();
  }
}
console.log(`autocannon, 50 connections, ${DURATION} s each, PostgreSQL, ${availableParallelism()} cores`);
console.log('| workers | home pages/s | p99 ms | searches/s | p99 ms | RSS per worker (MB) |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
