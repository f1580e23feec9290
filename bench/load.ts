/**
 * The load the HTTP benchmarks put on the site: autocannon with 50 connections for BENCH_SECONDS each run (10
 * by default), and the figures their tables print.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

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

/** CPU ms a process has used so far, user and system, all threads (Linux /proc; clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * A run's figures with the server's CPU per request (µs, all its threads). When that is far below the time per
 * request, the load generator (sharing the machine) is what the rate measures as much as the server.
 */
export async function runLoadWithCpu(pid: number, options: autocannon.Options) {
  const before = processCpuMs(pid);
  const result = await runLoad(options);
  const used = processCpuMs(pid) - before;
  return { ...loadFigures(result), 'server CPU µs': Math.round((used * 1000) / result.requests.total) };
}

/** `loadUrl`, with the server's CPU per request. */
export const loadUrlWithCpu = (pid: number, url: string, headers: Record<string, string> = {}) =>
  runLoadWithCpu(pid, { url, headers });
