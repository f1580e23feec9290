/**
 * Supplier reconciliation (docs/decisions/0017-duffel-supplier.md, docs/suppliers.md): a supplier's order is
 * created BEFORE our transaction records ours (modules/supplier-orders/booking.ts). If that recording fails and giving the order
 * up at the supplier fails too (unreachable at that moment, or the process stopped in between), the supplier holds
 * an order nobody here knows about. This pass lists the supplier's orders that carry our order id or idempotency
 * key (`listOurOrders`) and repairs each one with no order of ours under its id:
 *   recorded    our order row exists (its id carried by the supplier's order), is an order of this supplier
 *               without a supplier order yet and is not cancelled: the supplier's order is put on it
 *   cancelled   otherwise (no row, a cancelled one, or one that has another supplier order): given up there
 *   failed      the supplier or the database refused: tried again on the next run
 * Orders younger than RECONCILE_GRACE_MS are left alone: their booking request may still be recording them (or a
 * retry with the same Idempotency-Key may still find them). Every repair is a log line and a count on /metrics
 * (`parvoz_supplier_reconciliations_total{supplier,outcome}`). Re-running finds nothing more to do: a recorded
 * order now matches, a cancelled one is no longer listed.
 *
 * The same list gives each known order's total at the supplier: where it is not the supplier cost the books recorded
 * at booking (in the supplier's currency, docs/decisions/0030-books.md), the run keeps the two amounts
 * (`supplier_total_differences`) for the console's sales report to list beside its rows. Nothing is changed.
 */
import type { Database } from '@parvoz/db';
import type { OrderSummary, SupplierOrders } from '../../suppliers/orders.ts';
import { fromMajorString, isCurrencyCode } from '@parvoz/core/money';
import { recordFoundSupplierOrder, supplierOrdersOnOurs } from '../orders/index.ts';
import { orderBooksOfOrders } from '../books/index.ts';
import { recordSupplierTotalDifference } from './store.ts';
import { supplierReconciliationsTotal } from '../../metrics.ts';
import { errorText, type ServiceLog } from '../../platform/log.ts';

export interface SupplierReconcileDeps {
  db: Database;
  supplier: Pick<SupplierOrders, 'id' | 'listOurOrders' | 'cancelOrder'>;
  now: () => Date;
  log: ServiceLog;
}

/** A booking request records its order within seconds; five minutes leaves room for a slow one and its retry. */
export const RECONCILE_GRACE_MS = 5 * 60_000;
/** The reconciliation lists the supplier's orders: every few minutes is enough, not on every 30-second pass. */
export const SUPPLIER_RECONCILE_EVERY_MS = 5 * 60_000;
/**
 * How long a paid order's creation may stay unsettled (`pending` or `unknown`) before it is an operator's task: by
 * then a reconciliation has run over it past its grace period (docs/duffel.md, "Idempotency"), and the supplier's webhook
 * for a 202 has had the same time.
 */
export const CREATION_SETTLE_MS = RECONCILE_GRACE_MS + SUPPLIER_RECONCILE_EVERY_MS;
/** How far back to look: longer than any hold lasts unpaid at a supplier and than our idempotency records live. */
export const RECONCILE_LOOKBACK_MS = 3 * 24 * 3600_000;

export type ReconcileOutcome = 'recorded' | 'cancelled' | 'failed';

export async function reconcileSupplierOrders(
  deps: SupplierReconcileDeps,
): Promise<Record<ReconcileOutcome, number>> {
  const now = deps.now();
  const counts: Record<ReconcileOutcome, number> = { recorded: 0, cancelled: 0, failed: 0 };
  const listed = (await deps.supplier.listOurOrders(new Date(now.getTime() - RECONCILE_LOOKBACK_MS))).filter(
    (o) => Date.parse(o.createdAt) <= now.getTime() - RECONCILE_GRACE_MS,
  );
  if (listed.length === 0) return counts;
  const ours = await supplierOrdersOnOurs(
    deps.db,
    deps.supplier.id,
    listed.map((o) => o.orderId),
  );
  const known = new Set(ours.map((o) => o.supplierOrderId));
  await compareTotals(deps, listed, ours, now);
  for (const orphan of listed.filter((o) => !known.has(o.orderId))) {
    const outcome = await repair(deps, orphan, now);
    counts[outcome]++;
    supplierReconciliationsTotal.inc({ supplier: deps.supplier.id, outcome });
  }
  return counts;
}

/** Each known order's total at the supplier against the books' supplier cost: a difference is kept, not changed. */
async function compareTotals(
  deps: SupplierReconcileDeps,
  listed: readonly OrderSummary[],
  ours: readonly { orderId: string; supplierOrderId: string }[],
  now: Date,
): Promise<void> {
  const bySupplierOrder = new Map(listed.map((o) => [o.orderId, o]));
  const books = new Map(
    (
      await orderBooksOfOrders(
        deps.db,
        ours.map((o) => o.orderId),
      )
    ).map((b) => [b.orderId, b]),
  );
  for (const { orderId, supplierOrderId } of ours) {
    const kept = books.get(orderId);
    const listedOrder = bySupplierOrder.get(supplierOrderId);
    if (!kept || !listedOrder || !isCurrencyCode(listedOrder.totalCurrency)) continue;
    const theirs = fromMajorString(listedOrder.totalAmount, listedOrder.totalCurrency)?.amount;
    if (theirs === undefined) continue;
    if (theirs === kept.supplierAmountMinor && listedOrder.totalCurrency === kept.supplierCurrency) continue;
    await recordSupplierTotalDifference(deps.db, {
      orderId,
      supplier: deps.supplier.id,
      supplierOrderId,
      oursMinor: kept.supplierAmountMinor,
      oursCurrency: kept.supplierCurrency,
      theirsMinor: theirs,
      theirsCurrency: listedOrder.totalCurrency,
      at: now,
    });
    deps.log.warn(
      { orderId, supplierOrderId, ours: kept.supplierAmountMinor, theirs },
      'supplier reconciliation: the supplier total is not the books’ supplier cost',
    );
  }
}

async function repair(
  deps: SupplierReconcileDeps,
  orphan: OrderSummary,
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
      // two instances running this at once record it once). An order whose creation had no known outcome is
      // settled by the one found (modules/supplier-orders/order-creation.ts).
      if (await recordFoundSupplierOrder(deps.db, orphan.ourOrderId, deps.supplier.id, orphan, now)) {
        deps.log.warn(about, 'supplier reconciliation: supplier order recorded on our order');
        return 'recorded';
      }
    }
    await deps.supplier.cancelOrder(orphan.orderId);
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
