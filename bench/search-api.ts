/**
 * `POST /v1/flights/search` under load: autocannon, 50 connections, a varied set of queries (one way and
 * round trip, 0–2 transfers, families, business), against the real one-process server. Baseline in the same
 * run: `GET /v1/places` (a small in-memory lookup through the same API stack). Prints figures, asserts nothing.
 * Run: node bench/search-api.ts (needs `npm run build` for the server to start).
 */
import type autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildNetwork, parseNetworkJson } from '../packages/core/src/network.ts';
import { DAY_MS, formatDay } from '../packages/core/src/schedule-time.ts';
import { startSite } from '../e2e/support/server.ts';
import { LOAD_SECONDS as DURATION, loadFigures, runLoad } from './load.ts';
import { makeQueries, type BenchQuery } from './search-engine.ts';

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
export const uniqueBody = (n: number) => searchBody(n % queries.length, Math.floor(n / queries.length) % 200);
/** The popular searches: 20 that repeat (the cache answers all but the first of each per 30 s). */
export const popularBodies = searchBodies.slice(0, 20);

async function load(options: autocannon.Options) {
  const result = await runLoad(options);
  return {
    ...loadFigures(result),
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
    await answerSizes(site.url, headers);
    await stripCost(site.url, headers);
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

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}

/**
 * Bytes of JSON (before gzip) of round-trip answers (ADR 0015): the mix's first 60 round trips, and the busy
 * TAS⇄IST pair that fills all 100 offers.
 */
async function answerSizes(url: string, headers: Record<string, string>) {
  const plain = { ...headers, 'accept-encoding': 'identity' };
  const sizes: { bytes: number; offers: number }[] = [];
  const ask = async (body: string) => {
    const r = await fetch(`${url}/v1/flights/search`, { method: 'POST', headers: plain, body });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`${r.status} ${text}`);
    return {
      bytes: Buffer.byteLength(text),
      offers: (JSON.parse(text) as { data: { offers: unknown[] } }).data.offers.length,
    };
  };
  for (let i = 0; sizes.length < 60; i += 3) sizes.push(await ask(searchBody(i, 50)));
  const day = formatDay(today + 30);
  const back = formatDay(today + 37);
  const busy = await ask(
    JSON.stringify({
      slices: [
        { origin: 'TAS', destination: 'IST', departure_date: day },
        { origin: 'IST', destination: 'TAS', departure_date: back },
      ],
      passengers: { adults: 1 },
      cabin_class: 'economy',
      currency: 'UZS',
    }),
  );
  const full = sizes.filter((s) => s.offers >= 100);
  const kb = (b: number) => (b / 1000).toFixed(1);
  console.log('JSON bytes of round-trip answers (before gzip):');
  console.log(`| answers | offers (median) | kB median | kB max |`);
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| 60 round trips of the mix | ${median(sizes.map((s) => s.offers))} | ${kb(median(sizes.map((s) => s.bytes)))} | ${kb(Math.max(...sizes.map((s) => s.bytes)))} |`,
  );
  if (full.length)
    console.log(
      `| those with 100 offers (${full.length}) | 100 | ${kb(median(full.map((s) => s.bytes)))} | ${kb(Math.max(...full.map((s) => s.bytes)))} |`,
    );
  console.log(`| TAS⇄IST, +30/+37 days | ${busy.offers} | ${kb(busy.bytes)} | |`);
}

/**
 * The results page's ±3-day strip, one page at a time: six searches (as the page asked before ADR 0015) against
 * one calendar call for the same days, travellers and trip length. Distinct dates each time (no cache).
 */
async function stripCost(url: string, headers: Record<string, string>) {
  const six: number[] = [];
  const one: number[] = [];
  let calendarOk = 0;
  for (let n = 0; n < 30; n++) {
    const q: BenchQuery = queries[n]!;
    const out = departureDay(q.departureDate) + 5 + (n % 7);
    const stay = n % 2 === 0 ? 4 : null;
    const body = (shift: number) => {
      const slices = [
        { origin: q.origin, destination: q.destination, departure_date: formatDay(out + shift) },
      ];
      if (stay !== null)
        slices.push({
          origin: q.destination,
          destination: q.origin,
          departure_date: formatDay(out + shift + stay),
        });
      return JSON.stringify({ slices, passengers: q.passengers, cabin_class: q.cabin, currency: 'EUR' });
    };
    let t = performance.now();
    await Promise.all(
      [-3, -2, -1, 1, 2, 3].map((shift) =>
        fetch(`${url}/v1/flights/search`, { method: 'POST', headers, body: body(shift + 100) }).then((r) =>
          r.arrayBuffer(),
        ),
      ),
    );
    six.push(performance.now() - t);
    const p = q.passengers;
    const query = new URLSearchParams({
      origin: q.origin,
      destination: q.destination,
      from: formatDay(out + 100 - 3),
      days: '7',
      cabin_class: q.cabin,
      currency: 'EUR',
      adults: String(p.adults),
      children: String(p.children ?? 0),
      infants: String(p.infants ?? 0),
      ...(stay !== null ? { return_after: String(stay) } : {}),
    });
    t = performance.now();
    const r = await fetch(`${url}/v1/flights/calendar?${query}`, { headers });
    await r.arrayBuffer();
    one.push(performance.now() - t);
    if (r.status === 200) calendarOk++;
  }
  console.log(
    `±3-day strip, 30 pages (half round trips), ms per page: six searches median ${median(six).toFixed(1)} (max ${Math.max(...six).toFixed(1)}), ` +
      `one calendar call median ${median(one).toFixed(1)} (max ${Math.max(...one).toFixed(1)}; ${calendarOk}/30 answered 200)`,
  );
}
