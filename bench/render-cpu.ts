/**
 * What a rendered (not cached) page costs the server, by the encoding the visitor takes: the one-way and round-trip
 * results pages (their searches cached after the first, so this is the page itself) at 50 connections, with the
 * server's CPU time over all its threads (compression runs on libuv's) read from /proc. Baseline in the same run:
 * the same page uncompressed. Prints figures, asserts nothing.
 * Run: node bench/render-cpu.ts (needs `npm run build`; Linux, for /proc); BENCH_SECONDS (default 10).
 */
import autocannon from 'autocannon';
import { startSite } from '../e2e/support/server.ts';
import { LOAD_SECONDS as DURATION, loadFigures, processCpuMs, runLoad } from './load.ts';
import { day, tasIstSegment } from './results-timing.ts';

const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000000' });
try {
  const pid = site.process.pid!;
  console.log(`Rendered pages, autocannon, 50 connections, ${DURATION} s each, one process`);
  console.log('| page | encoding asked | pages/s | p50 ms | p99 ms | server CPU ms per page |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name, path] of [
    ['results, one way', `/en/flight/${tasIstSegment(day(30))}`],
    ['results, round trip', `/en/flight/${tasIstSegment(day(30), day(37))}`],
  ] as const) {
    // Chromium over HTTPS, then over plain HTTP, then none (the baseline).
    for (const encoding of ['gzip, deflate, br, zstd', 'gzip, deflate', 'identity']) {
      const url = `${site.url}${path}`;
      const headers = { 'accept-encoding': encoding };
      await autocannon({ url, headers, connections: 10, duration: 2 });
      const before = processCpuMs(pid);
      const result = await runLoad({ url, headers });
      const used = processCpuMs(pid) - before;
      const { rps, p50, p99, non2xx } = loadFigures(result);
      const perPage = (used / result.requests.total).toFixed(1);
      console.log(
        `| ${name} | ${encoding} | ${rps} | ${p50} | ${p99} | ${perPage}${non2xx ? ` (${non2xx} non-2xx)` : ''} |`,
      );
    }
  }
} finally {
  await site.stop();
}
