/**
 * `Idempotency-Key` records (docs/design.md §4, §7), shared by all instances through PostgreSQL.
 *
 * Flow for a mutation:
 *   const started = await begin(db, { scope, key, requestHash });
 *   'new'          → do the work; in the same transaction as the change, `complete(tx, …)` with the response
 *                    (or `abandon(db, …)` when nothing was committed, so a retry runs afresh);
 *   { replay }     → answer with the stored status and body;
 *   'in_progress'  → 409 (another request with this key is running);
 *   'mismatch'     → 422/400 (same key, different request).
 * A request that dies while holding a key loses it after `lockMs`; the next retry then takes it over.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../index.ts';
import { idempotencyKeys } from '../schema.ts';

export interface IdempotencyRef {
  /** Who and what, e.g. `user:<id>:POST /v1/orders` or `anon:<client id>:POST /v1/orders`. */
  scope: string;
  key: string;
}

export interface BeginOptions extends IdempotencyRef {
  /** A hash of everything that must be identical on a retry (method, path, body). */
  requestHash: string;
  /** How long the key stays locked by this request before another may take it over (default 60 s). */
  lockMs?: number;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

export type BeginResult = 'new' | 'in_progress' | 'mismatch' | { replay: StoredResponse };

export const DEFAULT_LOCK_MS = 60_000;

function lockedUntil(lockMs: number) {
  if (!Number.isSafeInteger(lockMs) || lockMs < 0)
    throw new RangeError(`lockMs must be a non-negative integer, got ${lockMs}`);
  return sql`now() + ${lockMs}::int * interval '1 millisecond'`;
}

/** Claims the key for this request, or says why not. Call it outside the business transaction. */
export async function begin(db: Database, options: BeginOptions): Promise<BeginResult> {
  const { scope, key, requestHash } = options;
  const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  // A few rounds: the row may vanish (purged) between the insert and the read.
  for (let round = 0; round < 3; round++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, status: 'in_progress', lockedUntil: lockedUntil(lockMs) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return 'new';

    const [row] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.status,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!row) continue;
    if (row.requestHash !== requestHash) return 'mismatch';
    if (row.status === 'done')
      return { replay: { status: row.responseStatus ?? 200, body: row.responseBody } };

    // In progress: take it over only if its holder's lock has run out.
    const taken = await db
      .update(idempotencyKeys)
      .set({ lockedUntil: lockedUntil(lockMs) })
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.status, 'in_progress'),
          eq(idempotencyKeys.requestHash, requestHash),
          sql`${idempotencyKeys.lockedUntil} <= now()`,
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length > 0) return 'new';
    return 'in_progress';
  }
  return 'in_progress';
}

export interface CompleteOptions extends IdempotencyRef {
  responseStatus: number;
  responseBody: unknown;
}

/**
 * Stores the response for replays. Call it in the transaction that commits the change, so that the change
 * and the record commit together. Returns false if the key was not in progress (e.g. purged).
 */
export async function complete(db: Database, options: CompleteOptions): Promise<boolean> {
  const updated = await db
    .update(idempotencyKeys)
    .set({
      status: 'done',
      responseStatus: options.responseStatus,
      responseBody: options.responseBody ?? null,
    })
    .where(
      and(
        eq(idempotencyKeys.scope, options.scope),
        eq(idempotencyKeys.key, options.key),
        eq(idempotencyKeys.status, 'in_progress'),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return updated.length > 0;
}

/** Frees a key whose request failed without committing anything, so that its retry runs afresh. */
export async function abandon(db: Database, ref: IdempotencyRef): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, ref.scope),
        eq(idempotencyKeys.key, ref.key),
        eq(idempotencyKeys.status, 'in_progress'),
      ),
    );
}

/** Deletes records created before `before` (e.g. older than 24 h); returns how many. */
export async function purgeBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
