/**
 * CPU cost of POST /v1/flights/search through the whole API stack in one process (Fastify `inject`: routing,
 * rate limit, body validation, the service and its cache, the contract serializer, gzip), for the
 * search-api benchmark's mix. Counts CPU time of this process, not wall time: on a shared machine autocannon's
 * requests per second mostly measure the other processes (bench/search-api.ts), CPU time per search much less.
 * Prints ms of CPU per search and the rate one core would give; asserts nothing.
 *
 * Run: node bench/profile-search-api.ts [searches=1200]  (PGlite; no build needed)
 */
import { cpuUsage } from 'node:process';
import { createTestDatabase } from '../packages/db/src/testing.ts';
import { buildTestApi, TEST_ANONYMOUS_TOKEN } from '../apps/api/src/testing/api.ts';
import { holdSeats, type SeatRequest } from '../packages/db/src/index.ts';
import { searchEngineFor } from '../apps/api/src/modules/search/index.ts';
import { searchBodies, uniqueBody } from './search-api.ts';

const COUNT = Number(process.argv[2] ?? 1200);
const cpuMs = (): number => {
  const { user, system } = cpuUsage();
  return (user + system) / 1000;
};

const database = await createTestDatabase();
const app = await buildTestApi(database.db, { rateLimitScale: 1_000_000 });
const soldFlights = await seedSales(COUNT);
const headers = {
  authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}`,
  'content-type': 'application/json',
  'accept-encoding': 'gzip',
};
async function ask(body: string): Promise<void> {
  const r = await app.inject({ method: 'POST', url: '/v1/flights/search', headers, payload: body });
  if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body.slice(0, 300)}`);
}

/** CPU ms per search of `count` searches, `concurrency` at a time (as connections would). */
async function run(count: number, body: (n: number) => string, concurrency = 10): Promise<number> {
  let next = 0;
  const t = cpuMs();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await ask(body(next++));
    }),
  );
  return (cpuMs() - t) / count;
}

/**
 * A busy agency: a seat sold on every SOLD_EVERY-th flight leaving the searched airports on the searched
 * dates (0: none), so a search meets flights with sales as it would in service.
 */
async function seedSales(count: number): Promise<number> {
  const every = Number(process.env.SOLD_EVERY ?? 4);
  if (every <= 0) return 0;
  const { schedule } = searchEngineFor('parvoz'); // the default SCHEDULE_SEED, as buildTestApi uses
  const requests = new Map<string, SeatRequest>();
  for (let n = 0; n < count; n++) {
    const body = JSON.parse(uniqueBody(n)) as { slices: { origin: string; departure_date: string }[] };
    for (const slice of body.slices)
      schedule.departuresOn(slice.origin, slice.departure_date).forEach((f, i) => {
        if (i % every === 0)
          requests.set(f.key, { flightKey: f.key, cabin: 'economy', seats: 1, capacity: f.capacity.economy });
      });
  }
  const all = [...requests.values()];
  for (let i = 0; i < all.length; i += 500) await holdSeats(database.db, all.slice(i, i + 500));
  return all.length;
}

try {
  // Warm-up on dates the measured searches do not use.
  await run(300, (n) => uniqueBody(n + 300 * 150));
  const uncached = await run(COUNT, uniqueBody);
  const popular = await run(COUNT * 5, (n) => searchBodies[n % 20]!);
  console.log(
    `POST /v1/flights/search through inject, CPU time of the process (NODE_ENV ${process.env.NODE_ENV ?? 'unset'}, ${soldFlights} flights with a seat sold):`,
  );
  console.log(
    `every search different: ${uncached.toFixed(3)} ms per search (${Math.round(1000 / uncached)}/s on one core)`,
  );
  console.log(
    `20 popular repeating:   ${popular.toFixed(3)} ms per search (${Math.round(1000 / popular)}/s on one core)`,
  );
} finally {
  await app.close();
  await database.close();
}
