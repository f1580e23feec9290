/**
 * An operator's two ways out of a paid order the supplier would not ticket (modules/supplier-orders/ticketing.ts,
 * `orders.ticketing_problem`), from the console's order page:
 *  - retry: the problem is cleared (e.g. the balance was topped up), the supplier pass tries again at once;
 *  - cancel and refund: the supplier's unpaid hold is given up there (nothing was paid for it), the order
 *    cancelled here and the traveller's whole payment refunded, with the email saying so
 *    (modules/supplier-orders/payments.ts `refusePaidOrder`).
 * Each is recorded in the audit log with the operator who did it.
 *
 * A paid order whose supplier order was asked for with no known outcome (`outcome_unknown` with no supplier order,
 * ./order-creation.ts) may exist at the supplier, paid from our balance (docs/duffel.md, "An instant order with no
 * known outcome"): retry only looks it up again by its key (the creation is never asked twice); cancel and refund
 * looks it up first and refunds ours only when none is found (one found is put on ours and ticketed instead); only
 * an operator who checked the supplier's dashboard and confirms there is none lets it be created again
 * (`allowNewCreation`).
 */
import type { Database } from '@parvoz/db';
import type { SupplierOrders } from '../../suppliers/orders.ts';
import { ApiFailure } from '../../errors.ts';
import {
  lockOrder,
  orderRow,
  recordFoundSupplierOrder,
  updateOrder,
  type OrderRow,
} from '../orders/index.ts';
import { paidOrderIdempotencyKey } from './booking.ts';
import { refusePaidOrder } from './payments.ts';
import { recordAudit, type Actor } from '../ops/index.ts';
import type { ServiceLog } from '../../platform/log.ts';

export interface TicketingTaskDeps {
  db: Database;
  now: () => Date;
  log: ServiceLog;
  /** The supplier of the order (by `orders.supplier`), or undefined when it is not configured now. */
  supplierOf: (id: string) => SupplierOrders | undefined;
  siteUrl: () => string;
  startRefunds: (refundIds: string[]) => Promise<void>;
  kickSupplierPayments: () => void;
  kickOutbox: () => void;
}

const noTask = () =>
  new ApiFailure('unprocessable', 'This order has no ticketing problem to settle.', {
    reason: 'no_ticketing_problem',
  });

const noSuchOrder = () => new ApiFailure('not_found', 'No such order.');

/** The order, or the API's 404 for an unknown one. */
async function existingOrder(db: Database, orderId: string): Promise<OrderRow> {
  const order = await orderRow(db, orderId);
  if (!order) throw noSuchOrder();
  return order;
}

/** The order's ticketing problem cleared: the supplier pass pays and tickets it again now. */
export async function retryTicketing(deps: TicketingTaskDeps, orderId: string, actor: Actor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw noSuchOrder();
    if (!order.ticketingProblem || order.bookingStatus !== 'new' || order.paymentStatus !== 'paid')
      throw noTask();
    await updateOrder(tx, orderId, {
      ticketingProblem: null,
      // An unsettled creation's task keeps its first answer (the request id) for when it is raised again.
      ticketingProblemDetail: order.supplierOrderId ? null : order.ticketingProblemDetail,
      ticketingProblemAt: null,
      // Its look-up now, not when the last pass's claim lapses: the creation was asked for long ago (the task
      // comes CREATION_SETTLE_MS later), so no call of it is still running, and a pass only looks it up again.
      ...(unsettledCreation(order) ? { supplierBookingClaimedAt: null } : {}),
      updatedAt: deps.now(),
    });
    await recordAudit(tx, {
      actor,
      action: 'order.ticketing_retried',
      targetType: 'order',
      targetId: orderId,
      details: { problem: order.ticketingProblem },
      at: deps.now(),
    });
  });
  deps.kickSupplierPayments();
}

/**
 * The supplier's hold given up and the traveller refunded in full. Only while the supplier has not been paid for
 * it (once paid there, the order is cancelled the ordinary way, with the supplier's own refund quote).
 */
export async function cancelAndRefundTicketing(
  deps: TicketingTaskDeps,
  orderId: string,
  actor: Actor,
): Promise<void> {
  const order = await existingOrder(deps.db, orderId);
  if (!order.ticketingProblem || order.bookingStatus !== 'new' || order.paymentStatus !== 'paid')
    throw noTask();
  if (unsettledCreation(order)) await refuseIfFound(deps, order);
  if (order.supplierPaidAt) throw paidThere();
  if (order.supplierOrderId && !order.supplierCancelledAt && order.ticketingProblem !== 'cancelled') {
    const supplier = order.supplier ? deps.supplierOf(order.supplier) : undefined;
    try {
      if (!supplier) throw new Error(`supplier ${String(order.supplier)} not configured`);
      await supplier.cancelOrder(order.supplierOrderId);
    } catch (error) {
      deps.log.warn(
        { orderId, err: String(error) },
        'supplier hold not given up: the operator may try again',
      );
      throw new ApiFailure('unavailable', 'The supplier cannot be reached now. Try again later.', {
        reason: 'supplier_unavailable',
      });
    }
    await updateOrder(deps.db, orderId, { supplierCancelledAt: deps.now(), updatedAt: deps.now() });
  }
  const done = await refusePaidOrder(
    {
      db: deps.db,
      now: deps.now,
      log: deps.log,
      siteUrl: deps.siteUrl,
      startRefunds: deps.startRefunds,
      kickOutbox: deps.kickOutbox,
    },
    orderId,
    // With no supplier order: refused if one was put on ours meanwhile (a pass found it).
    { heldThere: !unsettledCreation(order) },
  );
  if (!done) throw noTask();
  await recordAudit(deps.db, {
    actor,
    action: 'order.ticketing_refunded',
    targetType: 'order',
    targetId: orderId,
    details: { problem: order.ticketingProblem },
    at: deps.now(),
  });
}

/** A paid order with no supplier order whose creation was asked for and not settled (./order-creation.ts). */
const unsettledCreation = (order: OrderRow) =>
  !order.supplierOrderId &&
  !!order.supplier &&
  (order.supplierBookingOutcome === 'pending' || order.supplierBookingOutcome === 'unknown');

const paidThere = () =>
  new ApiFailure('unprocessable', 'The supplier was paid for this order: cancel it with its quote.', {
    reason: 'paid_at_supplier',
  });

/**
 * The supplier's order looked up by our key before anything is refunded or created again: found, it is put on ours
 * (the ticketing pass tickets it) and the action refused as for any order paid there; not found, the caller goes
 * on. Unreachable: nothing changes, the operator tries again later.
 */
async function refuseIfFound(deps: TicketingTaskDeps, order: OrderRow): Promise<void> {
  const supplier = deps.supplierOf(order.supplier!);
  let found: Awaited<ReturnType<SupplierOrders['findBooking']>>;
  try {
    if (!supplier) throw new Error(`supplier ${String(order.supplier)} not configured`);
    found = await supplier.findBooking(paidOrderIdempotencyKey(order.id));
  } catch (error) {
    deps.log.warn({ orderId: order.id, err: String(error) }, 'supplier order not looked up: try again later');
    throw new ApiFailure('unavailable', 'The supplier cannot be reached now. Try again later.', {
      reason: 'supplier_unavailable',
    });
  }
  if (!found || found === 'unknown' || !found.ok) return;
  await recordFoundSupplierOrder(deps.db, order.id, supplier!.id, found.booking, deps.now());
  deps.kickSupplierPayments();
  throw paidThere();
}

/**
 * The operator checked the supplier (its dashboard, its support with the request id) and confirms it holds no order
 * for this sale: the creation may be asked for again, once, by the next pass (which still looks the key up first).
 * Looked up here too; an order found is put on ours instead.
 */
export async function allowNewCreation(
  deps: TicketingTaskDeps,
  orderId: string,
  actor: Actor,
): Promise<void> {
  const order = await existingOrder(deps.db, orderId);
  if (order.ticketingProblem !== 'outcome_unknown' || !unsettledCreation(order)) throw noTask();
  await refuseIfFound(deps, order);
  const cleared = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked || locked.ticketingProblem !== 'outcome_unknown' || !unsettledCreation(locked)) return false;
    await updateOrder(tx, orderId, {
      supplierBookingAttemptedAt: null,
      supplierBookingOutcome: null,
      supplierBookingClaimedAt: null,
      ticketingProblem: null,
      ticketingProblemDetail: null,
      ticketingProblemAt: null,
      updatedAt: deps.now(),
    });
    await recordAudit(tx, {
      actor,
      action: 'order.ticketing_creation_allowed',
      targetType: 'order',
      targetId: orderId,
      details: { outcome: locked.supplierBookingOutcome, detail: locked.ticketingProblemDetail },
      at: deps.now(),
    });
    return true;
  });
  if (!cleared) throw noTask();
  deps.kickSupplierPayments();
}
