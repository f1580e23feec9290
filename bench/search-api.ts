/**
 * `POST /v1/flights/search` under load: autocannon, 50 connections, a varied set of queries (one way and
 * round trip, 0–2 transfers, families, business), against the real one-process server. Baseline in the same
 * run: `GET /v1/places` (a small in-memory lookup through the same API stack). Prints figures, asserts nothing.
 * Run: node bench/search-api.ts (needs `npm run build` for the server to start).
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildNetwork, parseNetworkJson } from '../packages/core/src/network.ts';
import { DAY_MS, formatDay } from '../packages/core/src/schedule-time.ts';
import { startSite } from '../e2e/support/server.ts';
import { makeQueries, type BenchQuery } from './search-engine.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TOKEN = 'parvoz-public-anonymous';
const ROOT = path.resolve(import.meta.dirname, '..');

const network = buildNetwork(parseNetworkJson(readFileSync(path.join(ROOT, 'data/network.json'), 'utf8')));
// The engine benchmark's queries, moved to dates from tomorrow on (the server searches from today).
const today = Math.floor(Date.now() / DAY_MS);
const departureDay = (date: string) => today + 1 + ((Date.parse(`${date}T00:00:00Z`) / DAY_MS) % 120);
const queries = makeQueries(network, 300);
const CURRENCIES = ['USD', 'UZS', 'EUR', 'RUB', 'TRY'] as const;
/** Query `i` of the mix, `shift` days later (a different search: nothing of it is cached). */
function searchBody(i: number, shift = 0): string {
  const q: BenchQuery = queries[i % queries.length]!;
  const out = departureDay(q.departureDate) + shift;
  const slices = [{ origin: q.origin, destination: q.destination, departure_date: formatDay(out) }];
  if (i % 3 === 0)
    slices.push({ origin: q.destination, destination: q.origin, departure_date: formatDay(out + 3) });
  const currency = CURRENCIES[i % 5];
  return JSON.stringify({ slices, passengers: q.passengers, cabin_class: q.cabin, currency });
}
export const searchBodies = queries.map((_, i) => searchBody(i));
/** Never the same search twice in a run (300 queries × 200 date shifts): every answer is computed. */
const uniqueBody = (n: number) => searchBody(n % queries.length, Math.floor(n / queries.length) % 200);
/** The popular searches: 20 that repeat (the cache answers all but the first of each per 30 s). */
const popularBodies = searchBodies.slice(0, 20);

async function load(options: autocannon.Options) {
  const result = await autocannon({ connections: 50, duration: DURATION, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    kbPerRequest: Math.round(result.throughput.average / Math.max(1, result.requests.average) / 102.4) / 10,
  };
}

// One load generator is one IP: lift the per-IP limits, or most answers would be 429s.
if (import.meta.main) await main();

async function main() {
  const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000000' });
  try {
    const headers = {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      'accept-encoding': 'gzip',
    };
    const baseline = await load({ url: `${site.url}/v1/places?q=tash&lang=en`, headers });
    let next = 0;
    const search = await load({
      url: `${site.url}/v1/flights/search`,
      method: 'POST',
      headers,
      requests: [{ setupRequest: (req) => ({ ...req, body: uniqueBody(next++) }) }],
    });
    let popular = 0;
    const repeated = await load({
      url: `${site.url}/v1/flights/search`,
      method: 'POST',
      headers,
      requests: [
        { setupRequest: (req) => ({ ...req, body: popularBodies[popular++ % popularBodies.length] }) },
      ],
    });
    console.log(
      `autocannon, 50 connections, ${DURATION} s each, ${queries.length} queries (a third round trips) moved over 200 dates, and 20 popular ones`,
    );
    console.log('| endpoint | requests/s | p50 ms | p99 ms | non-2xx | errors | kB per answer (gzip) |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const [name, r] of [
      ['baseline: GET /v1/places?q=tash', baseline],
      ['POST /v1/flights/search, every search different', search],
      ['POST /v1/flights/search, 20 popular searches repeating', repeated],
    ] as const)
      console.log(
        `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${r.kbPerRequest} |`,
      );
  } finally {
    await site.stop();
  }
}
