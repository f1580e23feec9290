/**
 * Ends the payment window (docs/design.md §4): unpaid orders past their deadline are cancelled and their
 * seats released. Rows are claimed with `FOR UPDATE SKIP LOCKED`, so several API instances can run the worker
 * at once without touching an order twice; each status change goes through core's transition table.
 */
import { idempotency, releaseOrderHolds, type Database } from '@parvoz/db';
import { purgeRateLimits } from '../../platform/rate-limits.ts';
import { bookingsTotal } from '../../metrics.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ServiceLog } from '../../platform/log.ts';
import { statusAfter } from './view.ts';
import { claimDueUnpaidOrders } from './store/expiry.ts';
import { updateOrder } from './store/orders.ts';
import { oneAtATime } from '../../platform/worker-pass.ts';
import { releasePromoUses } from '../promo-codes/index.ts';

export const ORDER_EXPIRY_INTERVAL_MS = 30_000;
const BATCH = 50;

/** One pass: cancels due orders in batches; returns how many it cancelled. */
export async function expireUnpaidOrders(db: Database, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const cancelled = await db.transaction(async (tx) => {
      const due = await claimDueUnpaidOrders(tx, now, BATCH);
      for (const order of due) {
        await updateOrder(tx, order.id, {
          ...statusAfter(order, 'payment_window_expired'),
          cancelledAt: now,
          updatedAt: now,
        });
      }
      // One release for the whole batch: seats are then locked in (flight, cabin) order (no deadlock
      // with another worker's batch).
      await releaseOrderHolds(
        tx,
        due.map((order) => order.id),
      );
      // Their promo codes' uses too (docs/decisions/0029-promo-codes.md), after the seats as a booking takes them.
      await releasePromoUses(
        tx,
        due.map((order) => order.id),
        now,
      );
      return due.length;
    });
    total += cancelled;
    if (cancelled < BATCH) return total;
  }
}

/** Idempotency records are kept a day: far longer than any client retries the same action. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600_000;
/** Housekeeping runs on every tenth pass (about every 5 minutes). */
const HOUSEKEEPING_EVERY = 10;

/** Deletes idempotency records older than a day and rate-limit windows that ended an hour ago. */
export async function purgeExpiredRecords(db: Database, now: Date): Promise<void> {
  await idempotency.purgeBefore(db, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS));
  await purgeRateLimits(db, new Date(now.getTime() - 3600_000));
}

export function createOrderExpiryWorker(options: {
  db: Database;
  now: Clock;
  log: Pick<ServiceLog, 'error'>;
  onExpired?: (count: number) => void;
  /** More work on every pass (the refund sweep); its failure is logged like the pass's. */
  afterPass?: () => Promise<unknown>;
  intervalMs?: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let passes = 0;
  const pass = oneAtATime(
    async (): Promise<number> => {
      const housekeeping = passes++ % HOUSEKEEPING_EVERY === 0;
      const count = await expireUnpaidOrders(options.db, options.now());
      if (housekeeping) await purgeExpiredRecords(options.db, options.now());
      await options.afterPass?.();
      if (count > 0) {
        bookingsTotal.inc({ status: 'expired' }, count);
        options.onExpired?.(count);
      }
      return count;
    },
    { log: options.log, failure: 'order expiry pass failed', fallback: 0 },
  );
  const runOnce = pass.run;
  return {
    runOnce,
    start() {
      timer = setInterval(() => void runOnce(), options.intervalMs ?? ORDER_EXPIRY_INTERVAL_MS);
      timer.unref();
      void runOnce();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await pass.settle();
    },
  };
}

export type OrderExpiryWorker = ReturnType<typeof createOrderExpiryWorker>;
