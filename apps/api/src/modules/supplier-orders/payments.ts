/**
 * Paying the supplier (docs/decisions/0017-duffel-supplier.md, docs/suppliers.md): an order booked at a supplier
 * is a `hold` order there; once the traveller has paid us (any PaymentProvider of payments/registry.ts, or the sandbox), it
 * is paid from our balance at the supplier (`payOrder`) and ticketed only once the airline has issued its tickets
 * (modules/supplier-orders/ticketing.ts). Run after every payment that paid an order, and on every
 * pass of the order-expiry worker for what a failed or interrupted run left; `supplier_paid_at` says it is done.
 * Paying twice is impossible on the supplier's side too: an order no longer awaiting payment is not paid again.
 * Each pass serves one supplier (`deps.supplier`): its orders are those whose `orders.supplier` is its id.
 * The same pass gives up the holds of orders that expired unpaid here (`supplier_cancelled_at`).
 */
import type { Database } from '@parvoz/db';
import type { BookedOrder, SupplierOrders } from '../../suppliers/orders.ts';
import { supplierPaymentsTotal } from '../../metrics.ts';
import { queueMoneyBackEmail } from '../orders/index.ts';
import {
  claimSupplierBooking,
  lapsedHoldsAtSupplier,
  loadOrder,
  lockOrder,
  paidOrdersToBookAtSupplier,
  releaseSupplierBookingClaim,
  statusAfter,
  updateOrder,
} from '../orders/index.ts';
import { heldOff, supplierPaused, ticketPaidOrders } from './ticketing.ts';
import { recordRefund, succeededPaymentsWithRefund } from '../payments/index.ts';
import { bookPaidAtSupplier, paidOrderIdempotencyKey } from './booking.ts';
import { bookPaidOnce, taskIfUnsettled } from './order-creation.ts';
import { SUPPLIER_RECONCILE_EVERY_MS, reconcileSupplierOrders } from './reconciliation.ts';
import { syncAirlineChanges, type AirlineChangeDeps } from '../after-sale/index.ts';
import { errorText, type ServiceLog } from '../../platform/log.ts';
import { oneAtATime } from '../../platform/worker-pass.ts';

export interface SupplierPaymentDeps {
  db: Database;
  supplier: SupplierOrders;
  now: () => Date;
  log: ServiceLog;
  /** The site's origin for the links in the emails of orders booked at pay time. */
  siteUrl?: () => string;
  /** Asks the providers for refunds once recorded (modules/payments/refunds.ts); without it the refund sweep does. */
  startRefunds?: (refundIds: string[]) => Promise<void>;
  /** Sends the queued emails now. */
  kickOutbox?: () => void;
}

/**
 * How long a claim on a paid order to book at the supplier keeps other passes (and instances) away: longer than
 * a booking can take with the supplier's timeouts (a minute more than its `bookMaxMs`), so that no second pass
 * creates an order while the first one's call may still be running; a worker that died with it lets the next one
 * try (which finds a booking made meanwhile by its key).
 */
export const bookingClaimMs = (supplier: Pick<SupplierOrders, 'bookMaxMs'>): number =>
  supplier.bookMaxMs + 60_000;

const BATCH = 20;
/** How soon an unsettled creation is looked up again before its task (the pass's own interval). */
const LOOK_AGAIN_MS = 30_000;

/**
 * Pays the supplier for every order paid by its traveller and not yet paid at the supplier, and tickets those the
 * airline has ticketed (modules/supplier-orders/ticketing.ts); returns how many were paid there.
 */
export const paySuppliers = (deps: SupplierPaymentDeps): Promise<number> => ticketPaidOrders(deps);

/**
 * Orders booked at the supplier only once paid (an offer that requires instant payment, or one booked with extra
 * bags): each paid one still waiting (`new` / `paid`) is claimed (one pass at a time, across instances), booked at
 * the supplier as an `instant` order paid from the balance, with its bags (bookPaidAtSupplier: at most once per
 * order, by its key), then either kept here — the supplier's order and booking reference, the order still
 * ticketing until the airline's tickets are read (modules/supplier-orders/ticketing.ts) — or, when the supplier refuses (the offer or a bag is gone, sold out, or at
 * another price), cancelled with the whole payment refunded and the traveller told. Supplier unreachable: the claim
 * is let go and the next pass tries again. Returns how many were settled either way.
 */
export async function bookPaidOrders(deps: SupplierPaymentDeps): Promise<number> {
  if (await supplierPaused(deps)) return 0;
  // Those booked there already (by this pass or the reconciliation) are not listed: the ticketing pass's.
  const due = await paidOrdersToBookAtSupplier(deps.db, deps.supplier.id, BATCH);
  let settled = 0;
  for (const { id } of due) {
    const claimedAt = deps.now();
    const staleBefore = new Date(claimedAt.getTime() - bookingClaimMs(deps.supplier));
    if (!(await claimSupplierBooking(deps.db, id, claimedAt, staleBefore))) continue;
    try {
      if (await bookPaidOrder(deps, id, claimedAt)) settled++;
    } catch (error) {
      // A rate limit (wait for its reset) or our credentials refused (an alarm): the order stays as it is.
      const notNow = await heldOff(deps, error, id);
      if (!notNow) {
        supplierPaymentsTotal.inc({ supplier: deps.supplier.id, status: 'unreachable' });
        deps.log.warn(
          { orderId: id, err: errorText(error) },
          'paid order not booked at the supplier: tried again on the next pass',
        );
      }
      await releaseSupplierBookingClaim(deps.db, id, claimedAt);
      if (notNow) break;
    }
  }
  return settled;
}

/** One claimed order: booked at the supplier and confirmed here, or refused and refunded; throws when it is down. */
async function bookPaidOrder(deps: SupplierPaymentDeps, id: string, claimedAt: Date): Promise<boolean> {
  const loaded = await loadOrder(deps.db, id);
  if (!loaded) return false;
  const { row } = loaded;
  // The reconciliation may have put the order the supplier booked on ours already: confirm it as it is.
  if (row.supplierOrderId)
    return confirmPaidOrder(deps, id, {
      orderId: row.supplierOrderId,
      bookingReference: row.supplierBookingReference ?? '',
      totalAmount: row.supplierTotalAmount ?? '',
      totalCurrency: row.supplierCurrency ?? '',
    });
  // Asked for once; afterwards only looked up (./supplier-order-creation.ts).
  const result = await bookPaidOnce(deps, id, paidOrderIdempotencyKey(id), () =>
    bookPaidAtSupplier(deps.supplier, {
      id,
      offerId: row.offerId ?? loaded.offer.id,
      supplierTotalAmount: row.supplierTotalAmount,
      contact: { email: row.contactEmail, phone: row.contactPhone },
      passengers: loaded.passengers.map((p) => ({
        type: p.type,
        given_name: p.givenName,
        family_name: p.familyName,
        born_on: p.bornOn,
        gender: p.gender,
        // As at booking: the document is taken as issued by the passenger's country of citizenship.
        document: {
          number: p.documentNumber,
          expires_on: p.documentExpiresOn ?? '',
          issuing_country_code: p.citizenship,
        },
      })),
      paidAt: row.paidAt ?? deps.now(),
      // The bags chosen at booking, as priced then (the supplier's service ids and prices kept in the order's price).
      services: loaded.price.services,
      seats: loaded.price.seats ?? [],
    }),
  );
  if (result.ok) {
    supplierPaymentsTotal.inc({
      supplier: deps.supplier.id,
      status: result.booking.replayed ? 'found_booked' : 'booked',
    });
    return confirmPaidOrder(deps, id, result.booking);
  }
  supplierPaymentsTotal.inc({ supplier: deps.supplier.id, status: `refused_${result.code}` });
  // Not refused: the airline may have the order. Left as paid, for the webhook, an operator and the reconciliation.
  if (result.code === 'outcome_unknown' || result.code === 'pending') {
    // Still not settled once the webhook and a reconciliation had their time: an operator's task, after this
    // pass's own look-up. Until then the claim lapses after LOOK_AGAIN_MS, so a pass that much later looks it up
    // again; once the task is there, the claim keeps the look-ups to one per claim's length.
    const tasked = await taskIfUnsettled(deps, id);
    if (!tasked && !row.ticketingProblem) {
      const lapses = claimedAt.getTime() + LOOK_AGAIN_MS - bookingClaimMs(deps.supplier);
      await releaseSupplierBookingClaim(deps.db, id, claimedAt, new Date(lapses));
    }
    return false;
  }
  deps.log.warn(
    { orderId: id, code: result.code, detail: result.detail },
    'supplier refused to book a paid order: cancelled and refunded in full',
  );
  return refusePaidOrder(deps, id);
}

/**
 * Booked at the supplier: its order there is kept on ours (paid from the balance as it was created); the order stays
 * `new` / `paid` until the airline's tickets are read (modules/supplier-orders/ticketing.ts, run right after this).
 */
async function confirmPaidOrder(
  deps: SupplierPaymentDeps,
  id: string,
  booking: Pick<BookedOrder, 'orderId' | 'bookingReference' | 'totalAmount' | 'totalCurrency'>,
): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order || order.bookingStatus !== 'new' || order.paymentStatus !== 'paid') return false;
    await updateOrder(tx, id, {
      supplierOrderId: booking.orderId,
      supplierBookingReference: booking.bookingReference || order.supplierBookingReference,
      supplierTotalAmount: booking.totalAmount || order.supplierTotalAmount,
      supplierCurrency: booking.totalCurrency || order.supplierCurrency,
      // An instant order is paid from the balance as it is created.
      supplierPaidAt: order.supplierPaidAt ?? now,
      supplierBookingClaimedAt: null,
      // Found at last: an operator's task about its unsettled creation (./order-creation.ts) is void.
      ...(order.supplierOrderId
        ? {}
        : { ticketingProblem: null, ticketingProblemDetail: null, ticketingProblemAt: null }),
      updatedAt: now,
    });
    return true;
  });
}

/**
 * Refused by the supplier: nothing was booked, so the order is cancelled (still paid, spec's two values) and every
 * payment of it that succeeded is refunded in full (a refund per payment, recorded with the change), and the
 * traveller is told by email and on the order page.
 */
export async function refusePaidOrder(
  deps: Omit<SupplierPaymentDeps, 'supplier'>,
  id: string,
  options: { heldThere?: boolean } = {},
): Promise<boolean> {
  const now = deps.now();
  const siteUrl = deps.siteUrl?.() ?? 'http://localhost';
  const refundIds = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    // An order with a supplier's order is refused only by an operator who gave that order up (`heldThere`).
    if (
      !order ||
      order.bookingStatus !== 'new' ||
      order.paymentStatus !== 'paid' ||
      (order.supplierOrderId && !options.heldThere)
    )
      return null;
    await updateOrder(tx, id, {
      ...statusAfter(order, 'supplier_refused'),
      cancelledAt: now,
      supplierBookingClaimedAt: null,
      ticketingProblem: null,
      updatedAt: now,
    });
    const paid = await succeededPaymentsWithRefund(tx, id);
    const ids: string[] = [];
    let amountMinor = 0;
    let currency = order.currency;
    for (const { payment, refundId } of paid) {
      // A later payment refunded already (a late one) keeps its own refund.
      if (refundId) continue;
      ids.push(
        await recordRefund(tx, {
          payment,
          amountMinor: payment.amountMinor,
          reason: 'supplier_refused',
          now,
        }),
      );
      amountMinor += payment.amountMinor;
      currency = payment.currency;
    }
    await queueMoneyBackEmail(tx, 'supplier-refused-refund', {
      orderId: id,
      amountMinor,
      currency,
      siteUrl,
      now,
      dedupeKey: `supplier-refused-refund:${id}`,
    });
    return ids;
  });
  if (refundIds === null) return false;
  if (refundIds.length > 0) await deps.startRefunds?.(refundIds);
  deps.kickOutbox?.();
  return true;
}

/**
 * Holds at the supplier of orders cancelled here unpaid (the payment window ended) are given up there, so the
 * airline's seats go back on sale at once rather than at the hold's own deadline; returns how many.
 */
export async function releaseLapsedHolds(deps: SupplierPaymentDeps): Promise<number> {
  const due = await lapsedHoldsAtSupplier(deps.db, deps.supplier.id, BATCH);
  let released = 0;
  for (const order of due) {
    try {
      await deps.supplier.cancelOrder(order.supplierOrderId!);
      await updateOrder(deps.db, order.id, { supplierCancelledAt: deps.now(), updatedAt: deps.now() });
      released++;
    } catch (error) {
      deps.log.warn(
        { orderId: order.id, err: errorText(error) },
        'supplier hold not released: tried again on the next pass',
      );
    }
  }
  return released;
}

export { SUPPLIER_RECONCILE_EVERY_MS } from './reconciliation.ts';

/**
 * One run at a time per process; `kick` after a payment, `runOnce` from the periodic pass and tests. A run also
 * reconciles (modules/supplier-orders/reconciliation.ts) and reads the airlines' changes (modules/after-sale/airline-changes.ts)
 * when `reconcileEveryMs` has passed since the last time.
 */
export function createSupplierPaymentWorker(
  deps: SupplierPaymentDeps &
    Pick<AirlineChangeDeps, 'network' | 'siteUrl' | 'kickOutbox'> & { reconcileEveryMs?: number },
) {
  let reconciledAt = -Infinity;
  const reconcileIfDue = async () => {
    const at = deps.now().getTime();
    if (at - reconciledAt < (deps.reconcileEveryMs ?? SUPPLIER_RECONCILE_EVERY_MS)) return;
    reconciledAt = at;
    try {
      await reconcileSupplierOrders(deps);
    } catch (error) {
      // The supplier's order list could not be read: the next due run tries again.
      deps.log.warn({ err: errorText(error) }, 'supplier reconciliation not run: tried again later');
    }
    // At the same pace: the airlines' changes of our live orders (each order's failure is its own).
    await syncAirlineChanges(deps);
  };
  const pass = oneAtATime(
    async (): Promise<number> => {
      await bookPaidOrders(deps);
      const paid = await paySuppliers(deps);
      await releaseLapsedHolds(deps);
      await reconcileIfDue();
      return paid;
    },
    { log: deps.log, failure: 'supplier payment pass failed', fallback: 0, rerun: true },
  );
  return {
    runOnce: pass.run,
    kick: () => void pass.run(),
    stop: pass.settle,
  };
}
export type SupplierPaymentWorker = ReturnType<typeof createSupplierPaymentWorker>;
