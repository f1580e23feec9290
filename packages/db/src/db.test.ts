import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defineDatabaseSuite } from './db.suite.ts';
import { createDatabase, isMigrated, migrate, schema } from './index.ts';
import { createTestDatabase } from './testing.ts';

// The shared suite on PGlite (DATABASE_URL, if set, is ignored here).
defineDatabaseSuite('PGlite', () => createTestDatabase({ url: null }));

describe('PGlite on disk (the one-process default)', () => {
  it('creates missing parent folders, migrates (also twice at once) and keeps data across restarts', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'parvoz-db-test-'));
    const dataDir = path.join(root, 'var', 'nested', 'pglite');
    try {
      const first = await createDatabase({ dataDir });
      expect(first.kind).toBe('pglite');
      expect(await isMigrated(first.db)).toBe(false);
      await Promise.all([migrate(first.db), migrate(first.db)]);
      expect(await isMigrated(first.db)).toBe(true);
      await first.db.insert(schema.users).values({ email: 'kept@example.com' });
      await first.close();
      await first.close();

      const second = await createDatabase({ dataDir });
      try {
        await second.ping();
        expect(await isMigrated(second.db)).toBe(true);
        const rows = await second.db
          .select()
          .from(schema.users)
          .where(eq(schema.users.email, 'kept@example.com'));
        expect(rows).toHaveLength(1);
      } finally {
        await second.close();
      }
      await expect(second.ping()).rejects.toThrow();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('isDatabaseUnavailable', () => {
  it('tells a database outage from other errors, also when Drizzle wraps it', async () => {
    const { isDatabaseUnavailable } = await import('./index.ts');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});
