/**
 * Supplier reconciliation (issue 15 §4; docs/decisions/0017-duffel-supplier.md): a Duffel order is created BEFORE
 * our transaction records ours (supplier-booking.ts). If that recording fails and giving the order up at Duffel
 * fails too (Duffel unreachable at that moment, or the process stopped in between), Duffel holds an order nobody
 * here knows about. This pass lists Duffel's orders that carry our metadata (`parvoz_order_id`,
 * `parvoz_idempotency_key`) and repairs each one with no order of ours under its id:
 *   recorded    our order row exists (its id in the metadata), is a Duffel order without a supplier order yet and
 *               is not cancelled: the supplier's order is put on it
 *   cancelled   otherwise (no row, a cancelled one, or one that has another supplier order): given up at Duffel
 *   failed      Duffel or the database refused: tried again on the next run
 * Orders younger than RECONCILE_GRACE_MS are left alone: their booking request may still be recording them (or a
 * retry with the same Idempotency-Key may still find them). Every repair is a log line and a count on /metrics
 * (`parvoz_supplier_reconciliations_total{supplier,outcome}`). Re-running finds nothing more to do: a recorded
 * order now matches, a cancelled one is no longer listed.
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { DuffelOrders, DuffelOrderSummary } from '../suppliers/duffel/orders.ts';
import { supplierReconciliationsTotal } from '../metrics.ts';
import { errorText, type ServiceLog } from './log.ts';

export interface SupplierReconcileDeps {
  db: Database;
  duffel: Pick<DuffelOrders, 'listOurOrders' | 'cancelOrder'>;
  now: () => Date;
  log: ServiceLog;
}

/** A booking request records its order within seconds; five minutes leaves room for a slow one and its retry. */
export const RECONCILE_GRACE_MS = 5 * 60_000;
/** How far back to look: longer than any hold lasts unpaid at Duffel and than our idempotency records live. */
export const RECONCILE_LOOKBACK_MS = 3 * 24 * 3600_000;

export type ReconcileOutcome = 'recorded' | 'cancelled' | 'failed';

export async function reconcileSupplierOrders(
  deps: SupplierReconcileDeps,
): Promise<Record<ReconcileOutcome, number>> {
  const now = deps.now();
  const counts: Record<ReconcileOutcome, number> = { recorded: 0, cancelled: 0, failed: 0 };
  const listed = (await deps.duffel.listOurOrders(new Date(now.getTime() - RECONCILE_LOOKBACK_MS))).filter(
    (o) => Date.parse(o.createdAt) <= now.getTime() - RECONCILE_GRACE_MS,
  );
  if (listed.length === 0) return counts;
  const known = new Set(
    (
      await deps.db
        .select({ supplierOrderId: schema.orders.supplierOrderId })
        .from(schema.orders)
        .where(
          and(
            eq(schema.orders.supplier, 'duffel'),
            inArray(
              schema.orders.supplierOrderId,
              listed.map((o) => o.orderId),
            ),
          ),
        )
    ).map((r) => r.supplierOrderId),
  );
  for (const orphan of listed.filter((o) => !known.has(o.orderId))) {
    const outcome = await repair(deps, orphan, now);
    counts[outcome]++;
    supplierReconciliationsTotal.inc({ supplier: 'duffel', outcome });
  }
  return counts;
}

async function repair(
  deps: SupplierReconcileDeps,
  orphan: DuffelOrderSummary,
  now: Date,
): Promise<ReconcileOutcome> {
  const about = {
    supplierOrderId: orphan.orderId,
    ourOrderId: orphan.ourOrderId,
    createdAt: orphan.createdAt,
    awaitingPayment: orphan.awaitingPayment,
  };
  try {
    if (orphan.ourOrderId) {
      // Only an order of ours still waiting for its supplier order takes it (the condition is in the update, so
      // two instances running this at once record it once).
      const recorded = await deps.db
        .update(schema.orders)
        .set({
          supplierOrderId: orphan.orderId,
          supplierBookingReference: orphan.bookingReference,
          supplierTotalAmount: orphan.totalAmount,
          supplierCurrency: orphan.totalCurrency,
          updatedAt: now,
        })
        .where(
          and(
            eq(schema.orders.id, orphan.ourOrderId),
            eq(schema.orders.supplier, 'duffel'),
            isNull(schema.orders.supplierOrderId),
            ne(schema.orders.bookingStatus, 'cancelled'),
          ),
        )
        .returning({ id: schema.orders.id });
      if (recorded.length > 0) {
        deps.log.warn(about, 'supplier reconciliation: supplier order recorded on our order');
        return 'recorded';
      }
    }
    await deps.duffel.cancelOrder(orphan.orderId);
    // A paid orphan (an instant order) comes back only as its fare conditions allow: for a person to look at.
    const message = 'supplier reconciliation: supplier order without an order of ours cancelled';
    if (orphan.awaitingPayment) deps.log.warn(about, message);
    else deps.log.error(about, message);
    return 'cancelled';
  } catch (error) {
    deps.log.warn(
      { ...about, err: errorText(error) },
      'supplier reconciliation: not repaired, tried again on the next run',
    );
    return 'failed';
  }
}
