/**
 * The load the HTTP benchmarks put on the site: autocannon with 50 connections for BENCH_SECONDS each run (10
 * by default), and the figures their tables print.
 */
import autocannon from 'autocannon';

export const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export function runLoad(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ connections: 50, duration: LOAD_SECONDS, ...options });
}

/** Requests per second, latency p50 and p99 (ms), and the answers other than 2xx. */
export function loadFigures(result: autocannon.Result) {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** The figures of a run of GETs of one URL. */
export async function loadUrl(url: string, headers: Record<string, string> = {}) {
  return loadFigures(await runLoad({ url, headers }));
}
