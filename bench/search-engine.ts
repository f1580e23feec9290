/**
 * Search engine benchmark: `node bench/search-engine.ts` (prints figures, asserts nothing).
 *
 * A fixed, seeded set of 1,000 queries — a third each needing 0, 1 and 2 transfers on the static
 * route graph, airports picked in proportion to their number of routes — is run one-way and as
 * round trips. Reports network load + build time, RSS after build, and p50/p99 latencies.
 * Targets: one-way p99 ≤ 20 ms, round trip p99 ≤ 50 ms, start ≤ 2 s, RSS ≤ 500 MB.
 *
 * `runQueries(searchFn, queries)` is the reusable hook (e.g. for the SQL baseline): it runs every
 * query through `searchFn` and returns the latency percentiles.
 *
 * Options: `--dominance=duration` or `--dominance=off` to measure the other result-pruning modes
 * (the default, `interval`, is what the API runs: apps/api/src/modules/search/service.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildNetwork, parseNetworkJson, type Network } from '../packages/core/src/network.ts';
import { buildSchedule } from '../packages/core/src/schedule.ts';
import { createSearchEngine, type SearchEngine } from '../packages/core/src/search.ts';
import { createBuiltinSupplier } from '../packages/core/src/supplier.ts';
import { prng } from '../packages/core/src/schedule-random.ts';
import { DAY_MS, formatDay } from '../packages/core/src/schedule-time.ts';
import type { FlightSearchRequest } from '../packages/core/src/search-types.ts';

export interface BenchQuery {
  origin: string;
  destination: string;
  /** Static minimum number of transfers (0, 1 or 2). */
  transfers: number;
  departureDate: string;
  returnDate: string;
  passengers: { adults: number; children: number; infants: number };
  cabin: 'economy' | 'business';
}

export interface LatencyStats {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  /** Queries that returned at least one result (when searchFn returns a number of results). */
  withResults: number;
  /** Median and 90th percentile of the number of results (when searchFn returns a number). */
  resultsP50: number;
  resultsP90: number;
}

/** The fixed time "now" of the benchmark (so that dates and prices are reproducible). */
export const BENCH_NOW = Date.UTC(2026, 0, 15, 9, 0);

/** How many results the engine gives a query (0 when it refuses it): one way, or a round trip; ≤ 2 connections. */
export function engineResults(engine: SearchEngine, q: BenchQuery, roundTrip: boolean): number {
  const out = { origin: q.origin, destination: q.destination, date: q.departureDate };
  const r = engine.search({
    slices: roundTrip ? [out, { origin: q.destination, destination: q.origin, date: q.returnDate }] : [out],
    passengers: q.passengers,
    cabin: q.cabin,
    maxConnections: 2,
    now: BENCH_NOW,
  });
  return r.ok ? r.combinations.length : 0;
}

/** 1,000 seeded queries: a third each needing 0, 1 and 2 transfers. */
export function makeQueries(network: Network, count = 1000, seed = 20260115): BenchQuery[] {
  const rand = prng(seed);
  // Airports in proportion to their number of routes (busy airports are searched more).
  const weighted: number[] = [];
  for (const a of network.airports)
    for (let i = 0; i < network.airportDegree[a.index]!; i++) weighted.push(a.index);
  const pick = (): number => weighted[Math.floor(rand() * weighted.length)]!;
  const perClass = [Math.ceil(count / 3), Math.ceil(count / 3), count - 2 * Math.ceil(count / 3)];
  const got = [0, 0, 0];
  const out: BenchQuery[] = [];
  const today = Math.floor(BENCH_NOW / DAY_MS);
  while (out.length < count) {
    const o = pick();
    const d = pick();
    if (o === d || network.airports[o]!.city === network.airports[d]!.city) continue;
    const flights = network.minFlights([o], [d], 3);
    if (flights === null) continue;
    const k = flights - 1;
    if (got[k]! >= perClass[k]!) continue;
    got[k]!++;
    const dep = today + 1 + Math.floor(rand() * 120);
    const ret = dep + 2 + Math.floor(rand() * 12);
    const r = rand();
    const adults = r < 0.7 ? 1 : r < 0.9 ? 2 : 3;
    const children = r > 0.85 ? 1 + Math.floor(rand() * 2) : 0;
    const infants = r > 0.95 ? 1 : 0;
    out.push({
      origin: network.airports[o]!.iata,
      destination: network.airports[d]!.iata,
      transfers: k,
      departureDate: formatDay(dep),
      returnDate: formatDay(ret),
      passengers: { adults, children, infants },
      cabin: rand() < 0.1 ? 'business' : 'economy',
    });
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Runs every query through `searchFn` and measures wall-clock latency per query. If `searchFn`
 * returns a number, it is taken as the number of results (to count queries with results).
 */
export async function runQueries(
  searchFn: (q: BenchQuery) => unknown,
  queries: readonly BenchQuery[],
): Promise<LatencyStats> {
  const times: number[] = [];
  const counts: number[] = [];
  let withResults = 0;
  for (const q of queries) {
    const t0 = performance.now();
    let r = searchFn(q);
    if (r instanceof Promise) r = await r;
    times.push(performance.now() - t0);
    if (typeof r === 'number') {
      counts.push(r);
      if (r > 0) withResults++;
    }
  }
  const sorted = times.slice().sort((a, b) => a - b);
  const sortedCounts = counts.sort((a, b) => a - b);
  return {
    count: times.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    mean: times.reduce((s, t) => s + t, 0) / Math.max(1, times.length),
    withResults,
    resultsP50: percentile(sortedCounts, 50),
    resultsP90: percentile(sortedCounts, 90),
  };
}

const fmt = (s: LatencyStats): string =>
  `p50 ${s.p50.toFixed(2)} ms  p90 ${s.p90.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms  max ${s.max.toFixed(1)} ms  ` +
  `mean ${s.mean.toFixed(2)} ms  (${s.withResults}/${s.count} with results; results p50 ${s.resultsP50}, p90 ${s.resultsP90})`;

async function main(): Promise<void> {
  const arg = process.argv.find((a) => a.startsWith('--dominance='))?.split('=')[1];
  const dominance = arg === 'duration' ? true : arg === 'off' ? false : 'interval';
  const file = path.join(import.meta.dirname, '..', 'data', 'network.json');
  const t0 = performance.now();
  const network = buildNetwork(parseNetworkJson(readFileSync(file, 'utf8')));
  const t1 = performance.now();
  const schedule = buildSchedule(network, { seed: 'parvoz' });
  const engine = createSearchEngine(schedule, { dominance });
  const t2 = performance.now();
  engine.warmUp(BENCH_NOW);
  const t3 = performance.now();
  const supplier = createBuiltinSupplier(network, { seed: 'parvoz', secret: 'bench-secret', engine });
  globalThis.gc?.();
  const rss = process.memoryUsage().rss;
  console.log(
    `network: ${network.airports.length} airports, ${network.airlines.length} airlines, ${network.routeCount} routes; schedule: ${schedule.slotCount} weekly slots`,
  );
  console.log(
    `start: load+parse+network ${(t1 - t0).toFixed(0)} ms, schedule+engine ${(t2 - t1).toFixed(0)} ms, ` +
      `time-zone tables ${(t3 - t2).toFixed(0)} ms, total ${(t3 - t0).toFixed(0)} ms (target ≤ 2000 ms)`,
  );
  console.log(`dominance: ${String(dominance)}`);
  console.log(`RSS after build: ${(rss / 1048576).toFixed(0)} MB (target ≤ 500 MB)`);

  const queries = makeQueries(network);
  const warmup = makeQueries(network, 60, 7);
  const oneWay = (q: BenchQuery) => engineResults(engine, q, false);
  const roundTrip = (q: BenchQuery) => engineResults(engine, q, true);
  const request = (q: BenchQuery, round: boolean): FlightSearchRequest => ({
    slices: [
      { origin: q.origin, destination: q.destination, departure_date: q.departureDate },
      ...(round ? [{ origin: q.destination, destination: q.origin, departure_date: q.returnDate }] : []),
    ],
    passengers: q.passengers,
    cabin_class: q.cabin,
    max_connections: 2,
    currency: 'USD',
  });
  const ctx = { now: BENCH_NOW, soldSeats: () => 0 };
  const supplierSearch = async (q: BenchQuery, round: boolean): Promise<number> => {
    const r = await supplier.search(request(q, round), ctx);
    return r.ok ? r.data.offers.length : 0;
  };

  await runQueries(oneWay, warmup);
  await runQueries(roundTrip, warmup);
  console.log(`\nengine, ${queries.length} queries, max_connections 2:`);
  const ow = await runQueries(oneWay, queries);
  console.log(`  one-way     ${fmt(ow)}   (target p99 ≤ 20 ms)`);
  for (const k of [0, 1, 2]) {
    console.log(
      `    needing ${k} transfer(s): ${fmt(
        await runQueries(
          oneWay,
          queries.filter((q) => q.transfers === k),
        ),
      )}`,
    );
  }
  const rt = await runQueries(roundTrip, queries);
  console.log(`  round trip  ${fmt(rt)}   (target p99 ≤ 50 ms)`);
  console.log(`\nsupplier (engine + offers with signed ids, breakdowns, facets), same queries:`);
  console.log(`  one-way     ${fmt(await runQueries((q) => supplierSearch(q, false), queries))}`);
  console.log(`  round trip  ${fmt(await runQueries((q) => supplierSearch(q, true), queries))}`);
  console.log(`\nRSS at end: ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
}

if (process.argv[1] === import.meta.filename) await main();
