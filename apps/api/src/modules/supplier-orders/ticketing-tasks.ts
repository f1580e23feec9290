/**
 * An operator's two ways out of a paid order the supplier would not ticket (modules/supplier-orders/ticketing.ts,
 * `orders.ticketing_problem`), from the console's order page:
 *  - retry: the problem is cleared (e.g. the balance was topped up), the supplier pass tries again at once;
 *  - cancel and refund: the supplier's unpaid hold is given up there (nothing was paid for it), the order
 *    cancelled here and the traveller's whole payment refunded, with the email saying so
 *    (modules/supplier-orders/payments.ts `refusePaidOrder`).
 * Each is recorded in the audit log with the operator who did it.
 */
import type { Database } from '@parvoz/db';
import type { SupplierOrders } from '../../suppliers/orders.ts';
import { ApiFailure } from '../../errors.ts';
import { lockOrder, orderRow, updateOrder } from '../orders/index.ts';
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

/** The order's ticketing problem cleared: the supplier pass pays and tickets it again now. */
export async function retryTicketing(deps: TicketingTaskDeps, orderId: string, actor: Actor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new ApiFailure('not_found', 'No such order.');
    if (!order.ticketingProblem || order.bookingStatus !== 'new' || order.paymentStatus !== 'paid')
      throw noTask();
    await updateOrder(tx, orderId, {
      ticketingProblem: null,
      ticketingProblemDetail: null,
      ticketingProblemAt: null,
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
  const order = await orderRow(deps.db, orderId);
  if (!order) throw new ApiFailure('not_found', 'No such order.');
  if (!order.ticketingProblem || order.bookingStatus !== 'new' || order.paymentStatus !== 'paid')
    throw noTask();
  if (order.supplierPaidAt)
    throw new ApiFailure('unprocessable', 'The supplier was paid for this order: cancel it with its quote.', {
      reason: 'paid_at_supplier',
    });
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
    { heldThere: true },
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
