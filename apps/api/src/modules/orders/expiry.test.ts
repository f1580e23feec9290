/** Housekeeping of the expiry worker: old idempotency records and ended rate-limit windows go. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '@parvoz/db/testing';
import { idempotency, type Database } from '@parvoz/db';
import { purgeExpiredRecords } from './expiry.ts';
import { hitRateLimit, readRateLimit } from '../../platform/rate-limits.ts';

let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  close = database.close;
});
afterAll(async () => close?.());

test('purges idempotency records older than a day and rate-limit windows that ended over an hour ago', async () => {
  const now = new Date();
  await idempotency.begin(db, { scope: 'test', key: 'old-key', requestHash: 'h' });
  await idempotency.begin(db, { scope: 'test', key: 'new-key', requestHash: 'h' });
  await db.execute(
    sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'old-key'`,
  );
  await hitRateLimit(db, 'test:ended', 5, 60_000, new Date(now.getTime() - 3 * 3600_000));
  await hitRateLimit(db, 'test:open', 5, 3600_000, now);

  await purgeExpiredRecords(db, now);

  const keys = await db.execute<{ key: string }>(sql`SELECT key FROM idempotency_keys WHERE scope = 'test'`);
  expect(keys.rows.map((r) => r.key)).toEqual(['new-key']);
  const windows = await db.execute<{ key: string }>(sql`SELECT key FROM rate_limits WHERE key LIKE 'test:%'`);
  expect(windows.rows.map((r) => r.key)).toEqual(['test:open']);
  expect(await readRateLimit(db, 'test:open', now)).toBe(1);
});
