/**
 * Route budgets shared by instances (docs/performance.md#speed-targets) on a real PostgreSQL server: two
 * instances (two connection pools, each with its own claimed chunks) under concurrent load never let more
 * than the limit through, and refuse at most (instances − 1) × (chunk − 1) early.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createDatabase } from '@parvoz/db';
import { createTestDatabase, type TestDatabase } from '@parvoz/db/testing';
import { buildTestApi } from '../testing/api.ts';
import { ROUTE_LIMITS } from '../rate-limit.ts';

let database: TestDatabase;
let second: Awaited<ReturnType<typeof createDatabase>>;
let a: FastifyInstance;
let b: FastifyInstance;
const clock = new Date('2030-01-10T10:00:00Z');

beforeAll(async () => {
  if (!process.env.DATABASE_URL) throw new Error('needs DATABASE_URL');
  database = await createTestDatabase();
  second = await createDatabase({ url: database.url! });
  a = await buildTestApi(database.db, {}, { now: () => clock });
  b = await buildTestApi(second.db, {}, { now: () => clock });
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await second?.close();
  await database?.close();
});

test('two instances hammering one budget: never over the limit, at most (N − 1) × (chunk − 1) refused early', async () => {
  const { limit } = ROUTE_LIMITS.places; // 600: chunks of 50
  const chunk = 50;
  const lookup = (app: FastifyInstance) =>
    app
      .inject({ method: 'GET', url: '/v1/places?q=ist', remoteAddress: '203.0.113.99' })
      .then((r) => r.statusCode);
  const statuses: number[] = [];
  // 900 lookups, 30 at a time, alternating instances.
  for (let round = 0; round < 30; round++) {
    statuses.push(...(await Promise.all(Array.from({ length: 30 }, (_, i) => lookup(i % 2 ? a : b)))));
  }
  const passed = statuses.filter((s) => s === 200).length;
  expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  expect(passed).toBeLessThanOrEqual(limit);
  expect(passed).toBeGreaterThanOrEqual(limit - (2 - 1) * (chunk - 1));
});
