import { sql } from 'drizzle-orm';
import type { Database } from '@parvoz/db';

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one event in a fixed window shared by every instance (the `rate_limits` table): one atomic
 * upsert, so concurrent requests on several instances never both slip under the limit.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<RateLimitResult> {
  const resetAt = new Date(now.getTime() + windowMs);
  const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${resetAt.toISOString()})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${now.toISOString()} THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${now.toISOString()} THEN EXCLUDED.reset_at
                 ELSE rate_limits.reset_at END
    RETURNING count, reset_at`);
  const row = result.rows[0]!;
  const count = Number(row.count);
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - now.getTime()) / 1000));
  return { allowed: count <= limit, count, retryAfterSeconds };
}

/**
 * Claims up to `want` events of a window at once (one atomic upsert, like `hitRateLimit`): an instance
 * then spends them without asking the database again (apps/api/src/rate-limit.ts). The count grows by
 * `want` even when less is granted, so a claim never hands out more than `limit` in all.
 */
export async function claimRateLimit(
  db: Database,
  key: string,
  want: number,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<{ granted: number; resetAt: number }> {
  const resetAt = new Date(now.getTime() + windowMs);
  const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, ${want}, ${resetAt.toISOString()})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= ${now.toISOString()} THEN ${want} ELSE rate_limits.count + ${want} END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${now.toISOString()} THEN EXCLUDED.reset_at
                 ELSE rate_limits.reset_at END
    RETURNING count, reset_at`);
  const row = result.rows[0]!;
  // The count before this claim is what it is now less `want` (a fresh window started at 0).
  const before = Number(row.count) - want;
  return {
    granted: Math.max(0, Math.min(want, limit - before)),
    resetAt: new Date(row.reset_at).getTime(),
  };
}

/** The current count of a window (0 when absent or over). */
export async function readRateLimit(db: Database, key: string, now: Date): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`SELECT count FROM rate_limits WHERE key = ${key} AND reset_at > ${now.toISOString()}`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Housekeeping: drops windows that ended before `before`. */
export async function purgeRateLimits(db: Database, before: Date): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < ${before.toISOString()}`);
}
