/**
 * The search engine beside a straightforward SQL search on PostgreSQL, same queries, same run:
 * `node bench/search-sql.ts` (uses DATABASE_URL, else starts the test server of packages/db).
 *
 * The SQL side gets the built-in schedule's flights for the dates the queries need, in a `flights` table
 * with the obvious indexes, and answers each one-way query with self-joins (direct, one and two
 * transfers; the same minimum and maximum connection times; no airport twice), cheapest 50 first. The
 * query set is the engine benchmark's fixed 1,000 queries, keeping those departing in the first
 * BENCH_SQL_DAYS days (the flights of ~110 days would be ten million rows). Prints figures, asserts nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { benchDatabaseUrl } from './postgres.ts';
import { buildNetwork, parseNetworkJson } from '../packages/core/src/network.ts';
import { buildSchedule } from '../packages/core/src/schedule.ts';
import { createSearchEngine } from '../packages/core/src/search.ts';
import { DAY_MS, formatDay } from '../packages/core/src/schedule-time.ts';
import {
  BENCH_NOW,
  engineResults,
  makeQueries,
  runQueries,
  type BenchQuery,
  type LatencyStats,
} from './search-engine.ts';

const DAYS = Number(process.env.BENCH_SQL_DAYS ?? 10);
const ROOT = path.resolve(import.meta.dirname, '..');

const SEARCH_SQL = `
WITH direct AS (
  SELECT f1.price AS price, f1.arr - f1.dep AS minutes, 0 AS transfers
  FROM bench_flights f1
  WHERE f1.origin = $1 AND f1.dest = $2 AND f1.dep_day = $3
), one AS (
  SELECT f1.price + f2.price, f2.arr - f1.dep, 1
  FROM bench_flights f1
  JOIN bench_flights f2 ON f2.origin = f1.dest
    AND f2.dep >= f1.arr + CASE WHEN f2.carrier = f1.carrier THEN 60 ELSE 90 END
    AND f2.dep <= f1.arr + 1440
  WHERE f1.origin = $1 AND f1.dep_day = $3 AND f1.dest <> $2 AND f2.dest = $2
), two AS (
  SELECT f1.price + f2.price + f3.price, f3.arr - f1.dep, 2
  FROM bench_flights f1
  JOIN bench_flights f2 ON f2.origin = f1.dest
    AND f2.dep >= f1.arr + CASE WHEN f2.carrier = f1.carrier THEN 60 ELSE 90 END
    AND f2.dep <= f1.arr + 1440
  JOIN bench_flights f3 ON f3.origin = f2.dest
    AND f3.dep >= f2.arr + CASE WHEN f3.carrier = f2.carrier THEN 60 ELSE 90 END
    AND f3.dep <= f2.arr + 1440
  WHERE f1.origin = $1 AND f1.dep_day = $3 AND f3.dest = $2
    AND f1.dest <> $2 AND f2.dest NOT IN ($1, $2)
)
SELECT * FROM (SELECT * FROM direct UNION ALL SELECT * FROM one UNION ALL SELECT * FROM two) AS itineraries
ORDER BY price LIMIT 50`;

const fmt = (s: LatencyStats): string =>
  `p50 ${s.p50.toFixed(2)} ms  p90 ${s.p90.toFixed(2)} ms  p99 ${s.p99.toFixed(1)} ms  max ${s.max.toFixed(0)} ms  ` +
  `(${s.withResults}/${s.count} with results)`;

async function main(): Promise<void> {
  const network = buildNetwork(parseNetworkJson(readFileSync(path.join(ROOT, 'data/network.json'), 'utf8')));
  const schedule = buildSchedule(network, { seed: 'parvoz' });
  const engine = createSearchEngine(schedule, { dominance: 'interval' });
  engine.warmUp(BENCH_NOW);

  const today = Math.floor(BENCH_NOW / DAY_MS);
  const lastDeparture = formatDay(today + DAYS);
  const queries = makeQueries(network).filter((q) => q.departureDate <= lastDeparture);

  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  await client.connect();
  await client.query('SET statement_timeout = 30000');
  await client.query('DROP TABLE IF EXISTS bench_flights');
  await client.query(`CREATE UNLOGGED TABLE bench_flights (
    origin smallint NOT NULL, dest smallint NOT NULL, carrier smallint NOT NULL,
    dep_day integer NOT NULL, dep integer NOT NULL, arr integer NOT NULL, price integer NOT NULL)`);

  // Flights departing on the query days and the three after (two transfers of up to 24 h each).
  const t0 = performance.now();
  let rows = 0;
  const columns: number[][] = [[], [], [], [], [], [], []];
  const flush = async () => {
    if (columns[0]!.length === 0) return;
    await client.query(
      `INSERT INTO bench_flights SELECT * FROM unnest($1::smallint[], $2::smallint[], $3::smallint[],
        $4::int[], $5::int[], $6::int[], $7::int[])`,
      columns,
    );
    rows += columns[0]!.length;
    for (const c of columns) c.length = 0;
  };
  for (let day = today; day <= today + DAYS + 3; day++) {
    for (let slot = 0; slot < schedule.slotCount; slot++) {
      const dep = schedule.departUtc(slot, day);
      if (Number.isNaN(dep)) continue;
      const route = schedule.slotRoute[slot]!;
      const block = schedule.slotBlock[slot]!;
      const depMinute = Math.round(dep / 60_000);
      columns[0]!.push(network.routeOrigin[route]!);
      columns[1]!.push(network.routeDestination[route]!);
      columns[2]!.push(network.routeAirline[route]!);
      columns[3]!.push(day);
      columns[4]!.push(depMinute);
      columns[5]!.push(depMinute + block);
      // A distance-based fare: the SQL side ranks by price like the engine, without its pricing model.
      columns[6]!.push(Math.round(40 + network.routeDistanceKm[route]! * 0.08));
      if (columns[0]!.length >= 50_000) await flush();
    }
  }
  await flush();
  await client.query('CREATE INDEX ON bench_flights (origin, dep_day)');
  await client.query('CREATE INDEX ON bench_flights (origin, dep)');
  await client.query('CREATE INDEX ON bench_flights (origin, dest, dep)');
  await client.query('ANALYZE bench_flights');
  const loadMs = performance.now() - t0;
  console.log(
    `flights table: ${rows} flights over ${DAYS + 4} days, loaded and indexed in ${(loadMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `queries: ${queries.length} of the 1,000 engine-benchmark queries (those departing within ${DAYS} days)`,
  );

  const airport = (code: string) => network.airportIndex(code)!;
  const dayOf = (q: BenchQuery) => Math.floor(Date.parse(`${q.departureDate}T00:00:00Z`) / DAY_MS);
  const sqlSearch = async (q: BenchQuery): Promise<number> => {
    try {
      const result = await client.query(SEARCH_SQL, [airport(q.origin), airport(q.destination), dayOf(q)]);
      return result.rowCount ?? 0;
    } catch (error) {
      if ((error as { code?: string }).code === '57014') return -1; // statement timeout
      throw error;
    }
  };
  const engineSearch = (q: BenchQuery) => engineResults(engine, q, false);

  await runQueries(engineSearch, queries.slice(0, 20));
  await runQueries(sqlSearch, queries.slice(0, 5));
  const engineStats = await runQueries(engineSearch, queries);
  const sqlStats = await runQueries(sqlSearch, queries);
  console.log(`\none-way, max 2 transfers, same queries:`);
  console.log(`  engine  ${fmt(engineStats)}`);
  console.log(`  SQL     ${fmt(sqlStats)}`);
  console.log(
    `  engine faster at p50: ${(sqlStats.p50 / engineStats.p50).toFixed(0)}×, at p99: ${(sqlStats.p99 / engineStats.p99).toFixed(0)}× (target ≥ 50× at p50)`,
  );
  for (const k of [0, 1, 2]) {
    const subset = queries.filter((q) => q.transfers === k);
    const e = await runQueries(engineSearch, subset);
    const s = await runQueries(sqlSearch, subset);
    console.log(
      `    needing ${k}: engine p50 ${e.p50.toFixed(2)} ms, SQL p50 ${s.p50.toFixed(1)} ms (${subset.length} queries)`,
    );
  }
  await client.query('DROP TABLE bench_flights');
  await client.end();
}

await main();
