/**
 * The shared database suite on a real PostgreSQL server, plus what only a server with many connections
 * can show: no overselling under concurrency, and concurrent migrations.
 * Needs env DATABASE_URL (e.g. `DATABASE_URL=$(bash packages/db/scripts/pg-test-server.sh start)`).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineDatabaseSuite } from './db.suite.ts';
import { createDatabase, isMigrated, migrate, type DatabaseHandle } from './index.ts';
import { holdSeats, soldSeats, SoldOutError } from './repositories/seat-inventory.ts';
import { createTestDatabase, withAdmin, withDatabaseName, type TestDatabase } from './testing.ts';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) {
  throw new Error(
    'The pg suite needs a PostgreSQL server: set DATABASE_URL, e.g. DATABASE_URL=$(bash packages/db/scripts/pg-test-server.sh start)',
  );
}
const serverUrl: string = DATABASE_URL;

defineDatabaseSuite('PostgreSQL', () => createTestDatabase({ url: serverUrl }));

const admin = <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => withAdmin(serverUrl, work);

/** Connections this test may open: 200, fewer on a server configured with fewer. */
async function connectionBudget(): Promise<number> {
  return admin(async (client) => {
    const { rows } = await client.query<{ max: string; reserved: string; used: string }>(
      `SELECT current_setting('max_connections') AS max, current_setting('superuser_reserved_connections') AS reserved,
              (SELECT count(*) FROM pg_stat_activity)::text AS used`,
    );
    const row = rows[0]!;
    return Math.max(2, Math.min(200, Number(row.max) - Number(row.reserved) - Number(row.used) - 20));
  });
}

describe('PostgreSQL under concurrency', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase({ url: serverUrl });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('200 concurrent holds for the last 9 seats: exactly 9 succeed, sold = capacity', async () => {
    const poolSize = await connectionBudget();
    const many = await createDatabase({ url: test.url!, poolSize });
    try {
      const flightKey = `HY601-${randomBytes(4).toString('hex')}`;
      const capacity = 150;
      await holdSeats(many.db, [{ flightKey, cabin: 'economy', seats: capacity - 9, capacity }]);
      // Open the connections first, so the holds really run side by side.
      await Promise.all(Array.from({ length: poolSize }, () => many.db.execute(sql`SELECT pg_sleep(0.05)`)));

      const results = await Promise.allSettled(
        Array.from({ length: 200 }, () =>
          holdSeats(many.db, [{ flightKey, cabin: 'economy', seats: 1, capacity }]),
        ),
      );
      const succeeded = results.filter((r) => r.status === 'fulfilled').length;
      const refused = results.filter(
        (r) => r.status === 'rejected' && r.reason instanceof SoldOutError,
      ).length;
      const otherErrors = results.filter(
        (r) => r.status === 'rejected' && !(r.reason instanceof SoldOutError),
      );
      expect(otherErrors.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      expect(succeeded).toBe(9);
      expect(refused).toBe(191);
      expect((await soldSeats(many.db, [flightKey])).get(flightKey)?.economy).toBe(capacity);
      expect(poolSize, 'the server allowed enough connections for real concurrency').toBeGreaterThanOrEqual(
        50,
      );
    } finally {
      await many.close();
    }
  });

  it('concurrent holds over several flights in any order neither deadlock nor oversell', async () => {
    const many = await createDatabase({ url: test.url!, poolSize: Math.min(50, await connectionBudget()) });
    try {
      const a = `HY601-${randomBytes(4).toString('hex')}`;
      const b = `TK371-${randomBytes(4).toString('hex')}`;
      const capacity = 40;
      const results = await Promise.allSettled(
        Array.from({ length: 120 }, (_, i) => {
          const legs = [
            { flightKey: a, cabin: 'economy' as const, seats: 1, capacity },
            { flightKey: b, cabin: 'economy' as const, seats: 1, capacity },
          ];
          return holdSeats(many.db, i % 2 ? legs : legs.reverse());
        }),
      );
      const otherErrors = results.filter(
        (r) => r.status === 'rejected' && !(r.reason instanceof SoldOutError),
      );
      expect(otherErrors.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(capacity);
      const sold = await soldSeats(many.db, [a, b]);
      expect(sold.get(a)?.economy).toBe(capacity);
      expect(sold.get(b)?.economy).toBe(capacity);
    } finally {
      await many.close();
    }
  });
});

describe('PostgreSQL migrations and test databases', () => {
  it('two processes migrating an empty database at once both succeed', async () => {
    const name = `parvoz_test_${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE "${name}"`));
    const handles: DatabaseHandle[] = [];
    try {
      const url = withDatabaseName(serverUrl, name);
      handles.push(
        await createDatabase({ url }),
        await createDatabase({ url }),
        await createDatabase({ url }),
      );
      expect(await isMigrated(handles[0]!.db)).toBe(false);
      await Promise.all(handles.map((h) => migrate(h.db)));
      for (const h of handles) expect(await isMigrated(h.db)).toBe(true);
      const { rows } = await handles[0]!.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      const files = await handles[0]!.db.execute<{ n: number }>(
        sql`SELECT count(DISTINCT hash)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      expect(rows[0]?.n).toBe(files.rows[0]?.n);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    }
  });

  it('createTestDatabase gives separate databases, also when called at once, and drops them on close', async () => {
    const dbs = await Promise.all(Array.from({ length: 4 }, () => createTestDatabase({ url: serverUrl })));
    const names = dbs.map((d) => new URL(d.url!).pathname.slice(1));
    expect(new Set(names).size).toBe(4);
    for (const d of dbs) expect(await isMigrated(d.db)).toBe(true);
    await Promise.all(dbs.map((d) => d.close()));
    const left = await admin((client) =>
      client.query(`SELECT datname FROM pg_database WHERE datname = ANY($1::text[])`, [names]),
    );
    expect(left.rows).toEqual([]);
  });
});
