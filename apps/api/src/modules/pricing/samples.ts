/**
 * What searches showed, kept cheaply for the console's preview of a rule (docs/operations.md, "Pricing rules"):
 * every supplier search the flight service prices hands its cheapest few offers here as the core's `PricingInput`,
 * and each API process writes what it gathered in one insert per flush (every few seconds, before a preview reads
 * them, and when the process stops), as the search counter does (modules/search/search-counter.ts): a search costs
 * no write of its own. The same flush deletes samples older than the preview's 30 days.
 *
 * A flush interval keeps at most `SAMPLES_PER_FLUSH` samples (a uniform sample of those offered, by reservoir), so
 * a busy site keeps a bounded table: at most 17,280 samples a day per process, about 520,000 in 30 days (the preview
 * reads a random 50,000 of them when there are more). A quiet site keeps every search's cheapest offers. A flush
 * that fails keeps its samples for the next one, within the same bound.
 */
import type { Database } from '@parvoz/db';
import type { PricingInput } from '@parvoz/core/price-rules';
import type { Clock } from '../../platform/clock.ts';
import { batchedWrites } from '../../platform/batched-writes.ts';
import { errorText } from '../../platform/log.ts';
import { addPriceSamples, type PriceSampleRow } from './store.ts';

/** The cheapest offers of one supplier search that are sampled. */
export const SAMPLED_OFFERS_PER_SEARCH = 3;
export const SAMPLES_PER_FLUSH = 12;
export const SAMPLE_FLUSH_MS = 60_000;
/** How far back the preview replays, and how long samples are kept. */
export const SAMPLE_DAYS = 30;

/** A sale as stored: the rates are the preview's (today's), the sale time is the row's. */
export type StoredSample = Omit<PricingInput, 'rates' | 'saleAt'>;

export type PriceSampler = ReturnType<typeof createPriceSampler>;

export function createPriceSampler(options: {
  db: Database;
  now: Clock;
  log: { warn: (obj: object, msg: string) => void };
  flushMs?: number;
  /** A number in [0, 1): which offered sample a full interval keeps (tests pass their own). */
  random?: () => number;
}) {
  const { db, now, log } = options;
  const random = options.random ?? Math.random;
  let pending: PriceSampleRow[] = [];
  /** Samples offered since the last flush (the reservoir's count). */
  let offered = 0;

  function keep(row: PriceSampleRow) {
    offered += 1;
    if (pending.length < SAMPLES_PER_FLUSH) pending.push(row);
    else {
      const slot = Math.floor(random() * offered);
      if (slot < SAMPLES_PER_FLUSH) pending[slot] = row;
    }
  }

  async function write(): Promise<void> {
    const batch = pending;
    pending = [];
    offered = 0;
    const at = now();
    try {
      await db.transaction((tx) =>
        addPriceSamples(tx, batch, new Date(at.getTime() - SAMPLE_DAYS * 86_400_000)),
      );
    } catch (error) {
      // Kept for the next flush, within its bound: a passing database error loses no more than the bound.
      for (const row of batch) keep(row);
      log.warn({ err: errorText(error) }, 'price samples not saved');
    }
  }

  return {
    /** The cheapest sales of one supplier search made at `at` (ms), as apply.ts picks them. No I/O. */
    take(sales: readonly PricingInput[], at: number): void {
      for (const sale of sales) {
        const { rates: _rates, saleAt: _saleAt, ...input } = sale;
        keep({ sampledAt: new Date(at), input: { ...input } });
      }
    },
    // What this process sampled so far: one flush at a time, a caller during one waits for the next.
    ...batchedWrites(write, options.flushMs ?? SAMPLE_FLUSH_MS),
  };
}
