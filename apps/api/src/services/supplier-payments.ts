/**
 * Paying the supplier (issue 15; docs/decisions/0017-duffel-supplier.md): an order booked at Duffel is a `hold`
 * order there; once the traveller has paid us (any PaymentProvider: sandbox, cards, Payme, Click), it is paid from
 * our Duffel balance (`POST /air/payments`, `type: balance`). Run after every payment that paid an order, and on
 * every pass of the order-expiry worker for what a failed or interrupted run left; `supplier_paid_at` says it
 * is done. Paying twice is impossible on Duffel's side too: an order no longer awaiting payment is not paid again.
 * The same pass gives up the holds of orders that expired unpaid here (`supplier_cancelled_at`).
 */
import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { DuffelOrders } from '../suppliers/duffel/orders.ts';
import { supplierPaymentsTotal } from '../metrics.ts';
import { reconcileSupplierOrders } from './supplier-reconciliation.ts';
import { syncAirlineChanges, type AirlineChangeDeps } from './airline-changes.ts';

export interface SupplierPaymentDeps {
  db: Database;
  duffel: DuffelOrders;
  now: () => Date;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

const BATCH = 20;

/** Pays the supplier for every order paid by its traveller and not yet paid at the supplier; returns how many. */
export async function paySuppliers(deps: SupplierPaymentDeps): Promise<number> {
  const due = await deps.db
    .select({
      id: schema.orders.id,
      supplierOrderId: schema.orders.supplierOrderId,
      amount: schema.orders.supplierTotalAmount,
      currency: schema.orders.supplierCurrency,
    })
    .from(schema.orders)
    .where(
      and(
        eq(schema.orders.supplier, 'duffel'),
        isNotNull(schema.orders.paidAt),
        isNull(schema.orders.supplierPaidAt),
        isNotNull(schema.orders.supplierOrderId),
        ne(schema.orders.bookingStatus, 'cancelled'),
      ),
    )
    .orderBy(asc(schema.orders.paidAt))
    .limit(BATCH);
  let paid = 0;
  for (const order of due) {
    try {
      const result = await deps.duffel.payOrder(
        order.supplierOrderId!,
        order.amount && order.currency ? { amount: order.amount, currency: order.currency } : undefined,
      );
      if (!result.ok) {
        supplierPaymentsTotal.inc({ supplier: 'duffel', status: result.code });
        deps.log.error(
          {
            orderId: order.id,
            supplierOrderId: order.supplierOrderId,
            code: result.code,
            detail: result.detail,
          },
          'supplier refused the payment of a paid order: to settle by hand',
        );
        continue;
      }
      await deps.db
        .update(schema.orders)
        .set({ supplierPaidAt: deps.now(), updatedAt: deps.now() })
        .where(and(eq(schema.orders.id, order.id), isNull(schema.orders.supplierPaidAt)));
      supplierPaymentsTotal.inc({ supplier: 'duffel', status: result.replayed ? 'found_paid' : 'paid' });
      paid++;
    } catch (error) {
      supplierPaymentsTotal.inc({ supplier: 'duffel', status: 'unreachable' });
      deps.log.warn(
        { orderId: order.id, err: error instanceof Error ? error.message : String(error) },
        'supplier payment not made: tried again on the next pass',
      );
    }
  }
  return paid;
}

/**
 * Holds at the supplier of orders cancelled here unpaid (the payment window ended) are given up there, so the
 * airline's seats go back on sale at once rather than at the hold's own deadline; returns how many.
 */
export async function releaseLapsedHolds(deps: SupplierPaymentDeps): Promise<number> {
  const due = await deps.db
    .select({ id: schema.orders.id, supplierOrderId: schema.orders.supplierOrderId })
    .from(schema.orders)
    .where(
      and(
        eq(schema.orders.supplier, 'duffel'),
        eq(schema.orders.bookingStatus, 'cancelled'),
        isNull(schema.orders.paidAt),
        isNull(schema.orders.supplierPaidAt),
        isNull(schema.orders.supplierCancelledAt),
        isNotNull(schema.orders.supplierOrderId),
      ),
    )
    .limit(BATCH);
  let released = 0;
  for (const order of due) {
    try {
      await deps.duffel.cancelOrder(order.supplierOrderId!);
      await deps.db
        .update(schema.orders)
        .set({ supplierCancelledAt: deps.now(), updatedAt: deps.now() })
        .where(eq(schema.orders.id, order.id));
      released++;
    } catch (error) {
      deps.log.warn(
        { orderId: order.id, err: error instanceof Error ? error.message : String(error) },
        'supplier hold not released: tried again on the next pass',
      );
    }
  }
  return released;
}

/** The reconciliation lists Duffel's orders: every few minutes is enough, not on every 30-second pass. */
export const SUPPLIER_RECONCILE_EVERY_MS = 5 * 60_000;

/**
 * One run at a time per process; `kick` after a payment, `runOnce` from the periodic pass and tests. A run also
 * reconciles (services/supplier-reconciliation.ts) and reads the airlines' changes (services/airline-changes.ts)
 * when `reconcileEveryMs` has passed since the last time.
 */
export function createSupplierPaymentWorker(
  deps: SupplierPaymentDeps &
    Pick<AirlineChangeDeps, 'network' | 'siteUrl' | 'kickOutbox'> & { reconcileEveryMs?: number },
) {
  let running: Promise<number> | undefined;
  let again = false;
  let reconciledAt = -Infinity;
  const reconcileIfDue = async () => {
    const at = deps.now().getTime();
    if (at - reconciledAt < (deps.reconcileEveryMs ?? SUPPLIER_RECONCILE_EVERY_MS)) return;
    reconciledAt = at;
    try {
      await reconcileSupplierOrders(deps);
    } catch (error) {
      // Duffel's order list could not be read: the next due run tries again.
      deps.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'supplier reconciliation not run: tried again later',
      );
    }
    // At the same pace: the airlines' changes of our live orders (each order's failure is its own).
    await syncAirlineChanges(deps);
  };
  const runOnce = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = paySuppliers(deps)
      .then(async (paid) => {
        await releaseLapsedHolds(deps);
        await reconcileIfDue();
        return paid;
      })
      .catch((error: unknown) => {
        deps.log.error(
          { err: error instanceof Error ? error.message : String(error) },
          'supplier payment pass failed',
        );
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void runOnce();
        }
      });
    return running;
  };
  return {
    runOnce,
    kick: () => void runOnce(),
    async stop() {
      again = false;
      await running;
    },
  };
}
export type SupplierPaymentWorker = ReturnType<typeof createSupplierPaymentWorker>;
