/**
 * On real PostgreSQL: several API instances (each with its own pool) count searches in memory and flush them
 * at the same moments; the upsert adds every batch, so the stored count per day is exact. A flush that fails
 * keeps its counts for the next one.
 */
import { expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createDatabase, schema } from '@parvoz/db';
import { useTestDatabase } from '../../testing/started.ts';
import { createSearchCounter } from './search-counter.ts';

const database = useTestDatabase();
const log = { warn: () => undefined };

const stored = async (day: string) =>
  (await database.db.select().from(schema.searchCounts).where(eq(schema.searchCounts.day, day)))[0]
    ?.searches ?? 0;

test('three instances flushing at once: every search of every day is counted once', async () => {
  const instances = await Promise.all(
    [1, 2, 3].map(() => createDatabase({ url: database.url!, poolSize: 2 })),
  );
  let clock = Date.UTC(2026, 10, 20, 23, 59);
  const counters = instances.map((i) => createSearchCounter({ db: i.db, now: () => new Date(clock), log }));
  try {
    for (let round = 0; round < 5; round++) {
      counters.forEach((counter, i) => {
        for (let n = 0; n <= i; n++) counter.count(); // 1 + 2 + 3 = 6 searches per round
      });
      await Promise.all(counters.flatMap((c) => [c.flush(), c.flush()]));
    }
    clock += 120_000; // past midnight UTC: the next day's row
    for (const counter of counters) counter.count();
    await Promise.all(counters.map((c) => c.stop()));
    expect(await stored('2026-11-20')).toBe(30);
    expect(await stored('2026-11-21')).toBe(3);
  } finally {
    await Promise.all(instances.map((i) => i.close()));
  }
});

test('a failed flush keeps its counts for the next one', async () => {
  const counter = createSearchCounter({
    db: database.db,
    now: () => new Date('2026-11-22T10:00:00Z'),
    log,
  });
  counter.count();
  counter.count();
  // The table is away for a moment (as during a failover): the write fails, the counts stay in memory.
  await database.db.execute(sql`ALTER TABLE search_counts RENAME TO search_counts_away`);
  try {
    await counter.flush();
  } finally {
    await database.db.execute(sql`ALTER TABLE search_counts_away RENAME TO search_counts`);
  }
  expect(await stored('2026-11-22')).toBe(0);
  counter.count();
  await counter.flush();
  expect(await stored('2026-11-22')).toBe(3);
});
