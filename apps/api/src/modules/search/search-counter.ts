/**
 * Flight searches per UTC day for the console's overview (docs/decisions/0014-ops-overview.md), counted without
 * a database write per search: each API process adds to an in-memory count per day and writes the sums to
 * `search_counts` (through store.ts) in one upsert per flush (every few seconds, before the overview is read,
 * and when the process stops). A flush that fails keeps its counts for the next one; a crash loses at most one
 * interval of one process's counts.
 */
import type { Database } from '@parvoz/db';
import type { Clock } from '../../platform/clock.ts';
import { batchedWrites } from '../../platform/batched-writes.ts';
import { errorText } from '../../platform/log.ts';
import { addSearchCounts } from './store.ts';

export const SEARCH_COUNT_FLUSH_MS = 15_000;

export type SearchCounter = ReturnType<typeof createSearchCounter>;

export function createSearchCounter(options: {
  db: Database;
  now: Clock;
  log: { warn: (obj: object, msg: string) => void };
  flushMs?: number;
}) {
  const { db, now, log } = options;
  let pending = new Map<string, number>();

  async function write(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await addSearchCounts(db, batch);
    } catch (error) {
      // Kept for the next flush: counts are never dropped on a passing database error.
      for (const [day, n] of batch) pending.set(day, (pending.get(day) ?? 0) + n);
      log.warn({ err: errorText(error) }, 'search counts not saved');
    }
  }

  return {
    /** One search, on the day it is made (UTC). No I/O. */
    count(): void {
      const day = now().toISOString().slice(0, 10);
      pending.set(day, (pending.get(day) ?? 0) + 1);
    },
    // What this process counted so far: one flush at a time, a caller during one waits for the next.
    ...batchedWrites(write, options.flushMs ?? SEARCH_COUNT_FLUSH_MS),
  };
}
