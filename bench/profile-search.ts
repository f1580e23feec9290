/**
 * In-process cost of the API's uncached searches (docs/performance.md#speed-targets): the search-api
 * benchmark's mix (300 queries, a third round trips, five currencies) moved over dates, run through the
 * built-in supplier and folded into the wire form exactly as POST /v1/flights/search does
 * (apps/api/src/modules/search/service.ts), without HTTP. Prints ms per search split into the engine's
 * search, building the offers (of which signing their ids) and the wire form, and a fingerprint of every
 * answer (offers, order, prices, ids): a change that must not alter results must leave it unchanged. Times
 * are CPU time of this process (the machine is shared: wall time would count the other processes' turns).
 * Asserts nothing.
 *
 * Run: node bench/profile-search.ts [searches=1200]
 * Profile: node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-search.ts
 */
import { createHash } from 'node:crypto';
import { cpuUsage } from 'node:process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildNetwork, parseNetworkJson } from '../packages/core/src/network.ts';
import { encodeOffer } from '../packages/core/src/offers.ts';
import { buildSchedule } from '../packages/core/src/schedule.ts';
import { DAY_MS, formatDay } from '../packages/core/src/schedule-time.ts';
import { compactSearch } from '../packages/core/src/search-answer.ts';
import { createSearchEngine } from '../packages/core/src/search.ts';
import type { FlightSearchRequest } from '../packages/core/src/search-types.ts';
import { createBuiltinSupplier } from '../packages/core/src/supplier.ts';
import { BENCH_NOW, makeQueries } from './search-engine.ts';

const COUNT = Number(process.argv[2] ?? 1200);
const ROOT = path.resolve(import.meta.dirname, '..');
const CURRENCIES = ['USD', 'UZS', 'EUR', 'RUB', 'TRY'] as const;

const network = buildNetwork(parseNetworkJson(readFileSync(path.join(ROOT, 'data/network.json'), 'utf8')));
// As the API: the default seed, interval dominance (apps/api/src/modules/search/service.ts ENGINE_OPTIONS).
const engine = createSearchEngine(buildSchedule(network, { seed: 'parvoz' }), { dominance: 'interval' });
engine.warmUp(BENCH_NOW);
const secret = 'a-profile-secret-of-32-characters!';
const supplier = createBuiltinSupplier(network, { seed: 'parvoz', secret, engine });
const queries = makeQueries(network, 300);
const today = Math.floor(BENCH_NOW / DAY_MS);
/** CPU time of the process (user and system), ms. */
const cpuMs = (): number => {
  const { user, system } = cpuUsage();
  return (user + system) / 1000;
};

/** Search `n` of the run, as bench/search-api.ts builds its n-th uncached body (fixed clock here). */
function request(n: number): FlightSearchRequest {
  const i = n % queries.length;
  const shift = Math.floor(n / queries.length) % 200;
  const q = queries[i]!;
  const out = today + 1 + ((Date.parse(`${q.departureDate}T00:00:00Z`) / DAY_MS) % 120) + shift;
  const slices = [{ origin: q.origin, destination: q.destination, departure_date: formatDay(out) }];
  if (i % 3 === 0)
    slices.push({ origin: q.destination, destination: q.origin, departure_date: formatDay(out + 3) });
  return { slices, passengers: q.passengers, cabin_class: q.cabin, currency: CURRENCIES[i % 5] };
}

// Warm-up (compiled code, per-destination caches) on other dates, then the engine's part alone (the same
// searches, outside the supplier), then the whole supplier search.
for (let n = 0; n < 300; n++) await supplier.search(request(n + 300 * 150), { now: BENCH_NOW });
const requests = Array.from({ length: COUNT }, (_, n) => request(n));
let t = cpuMs();
for (const r of requests)
  engine.search({
    slices: r.slices.map((s) => ({ origin: s.origin, destination: s.destination, date: s.departure_date })),
    passengers: {
      adults: r.passengers.adults,
      children: r.passengers.children ?? 0,
      infants: r.passengers.infants ?? 0,
    },
    cabin: r.cabin_class ?? 'economy',
    maxConnections: 2,
    now: BENCH_NOW,
  });
const engineMs = cpuMs() - t;

const digest = createHash('sha256');
let offers = 0;
let supplierMs = 0;
let wireMs = 0;
for (const r of requests) {
  t = cpuMs();
  const found = await supplier.search(r, { now: BENCH_NOW });
  supplierMs += cpuMs() - t;
  if (!found.ok) {
    digest.update(JSON.stringify(found.error));
    continue;
  }
  t = cpuMs();
  const wire = compactSearch(found.data);
  wireMs += cpuMs() - t;
  offers += found.data.offers.length;
  digest.update(JSON.stringify(wire));
}

// Signing alone: two ids per offer (the offer's family and the cabin's other one), as buildOffer does.
const payload = {
  slices: [['HY601-2026-12-15'], ['TK368-2026-12-20', 'TK1234-2026-12-20']],
  cabin: 'economy' as const,
  passengers: { adults: 1, children: 0, infants: 0 },
  fareFamily: 'light' as const,
  searchedAt: BENCH_NOW,
  expiresAt: BENCH_NOW + 1_200_000,
  currency: 'USD' as const,
};
const SIGNS = 100_000;
t = cpuMs();
for (let i = 0; i < SIGNS; i++) encodeOffer({ ...payload, searchedAt: BENCH_NOW + i }, secret);
const signUs = ((cpuMs() - t) * 1000) / SIGNS;

const per = (ms: number) => (ms / COUNT).toFixed(3);
console.log(
  `${COUNT} searches (the search-api mix), ${offers} offers (${(offers / COUNT).toFixed(1)} per search)`,
);
console.log(`engine search alone        ${per(engineMs)} ms per search`);
console.log(`supplier search (+offers)  ${per(supplierMs)} ms per search`);
console.log(`  of which offers          ~${per(supplierMs - engineMs)} ms per search`);
console.log(
  `  signing an offer id      ${signUs.toFixed(2)} µs each (~${((2 * signUs * offers) / COUNT / 1000).toFixed(3)} ms per search)`,
);
console.log(`wire form (compactSearch)  ${per(wireMs)} ms per search`);
console.log(
  `total                      ${per(supplierMs + wireMs)} ms per search → ${Math.round((1000 * COUNT) / (supplierMs + wireMs))} searches/s`,
);
console.log(`answers fingerprint        ${digest.digest('hex').slice(0, 16)}`);
