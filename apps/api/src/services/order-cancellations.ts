/**
 * Cancelling an unpaid order (issue 11; contract: packages/contracts/src/order-cancellations.ts). A
 * traveller who is over the hold caps is told to pay or cancel the order they have; cancelling gives its
 * seats back at once instead of at the end of the payment window. Two steps, Duffel-style: a pending
 * cancellation (valid 10 minutes), then its confirmation, which cancels the order, releases its seats and
 * closes its open payment sessions in ONE transaction. Only the order's signed-in owner or the holder of
 * one of its live access tokens may do either; anyone else gets the 404 of a missing order.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { releaseOrderHolds, schema, type Database } from '@parvoz/db';
import type { OrderCancellation } from '@parvoz/contracts/order-cancellations';
import { isCurrencyCode, toMajorString, zeroMoney } from '@parvoz/core/money';
import { transition } from '@parvoz/core/order-status';
import type { Caller } from '../auth.ts';
import { ApiFailure } from '../errors.ts';
import { loadOrderFor, type OrderRow } from './order-view.ts';

/** How long a pending cancellation may be confirmed. */
export const CANCELLATION_VALID_MS = 10 * 60_000;

type CancellationRow = typeof schema.orderCancellations.$inferSelect;

export interface CancellationDeps {
  db: Database;
  now: () => Date;
}

function newCancellationId(): string {
  return `ocn_${randomBytes(18).toString('base64url')}`;
}

const notFound = () => new ApiFailure('not_found', 'No such order cancellation.');

/** Refuses an order that is not new and unpaid (the only kind that can be cancelled here). */
function assertCancellable(order: Pick<OrderRow, 'bookingStatus' | 'paymentStatus'>): void {
  if (order.paymentStatus === 'paid')
    throw new ApiFailure('unprocessable', 'A paid order cannot be cancelled here.', {
      reason: 'already_paid',
    });
  if (order.bookingStatus === 'cancelled')
    throw new ApiFailure('unprocessable', 'This order is already cancelled.', {
      reason: 'already_cancelled',
    });
}

function present(row: CancellationRow, currency: string): OrderCancellation {
  return {
    id: row.id,
    order_id: row.orderId,
    // Nothing was paid, so nothing goes back.
    refund_amount: isCurrencyCode(currency) ? toMajorString(zeroMoney(currency)) : '0',
    refund_currency: currency,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    confirmed_at: row.confirmedAt ? row.confirmedAt.toISOString() : null,
  };
}

/** POST /v1/order_cancellations: a pending cancellation of an unpaid order. */
export async function createCancellation(
  deps: CancellationDeps,
  caller: Caller,
  orderId: string,
  accessToken: string | undefined,
): Promise<OrderCancellation> {
  const order = await loadOrderFor(deps.db, orderId, caller, accessToken);
  assertCancellable(order.row);
  const now = deps.now();
  const [row] = await deps.db
    .insert(schema.orderCancellations)
    .values({
      id: newCancellationId(),
      orderId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CANCELLATION_VALID_MS),
    })
    .returning();
  return present(row!, order.row.currency);
}

/**
 * POST /v1/order_cancellations/:id/actions/confirm: cancels the order and releases its seats. Confirming
 * a confirmed cancellation again answers it as it is.
 */
export async function confirmCancellation(
  deps: CancellationDeps,
  caller: Caller,
  cancellationId: string,
  accessToken: string | undefined,
): Promise<{ cancellation: OrderCancellation; cancelled: boolean }> {
  const [found] = await deps.db
    .select()
    .from(schema.orderCancellations)
    .where(eq(schema.orderCancellations.id, cancellationId));
  if (!found) throw notFound();
  // Who may read the order may confirm its cancellation; anyone else learns nothing (same 404).
  const order = await loadOrderFor(deps.db, found.orderId, caller, accessToken).catch((error: unknown) => {
    throw error instanceof ApiFailure && error.code === 'not_found' ? notFound() : error;
  });
  if (found.confirmedAt) return { cancellation: present(found, order.row.currency), cancelled: false };
  const now = deps.now();
  if (found.expiresAt.getTime() <= now.getTime())
    throw new ApiFailure('unprocessable', 'This cancellation has expired: ask for a new one.', {
      reason: 'cancellation_expired',
    });

  return deps.db.transaction(async (tx) => {
    // Lock order first (the order every writer uses), then read the cancellation again: of two confirms
    // at once, the second finds the first one's work done.
    const [locked] = await tx
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, found.orderId))
      .for('update');
    const [current] = await tx
      .select()
      .from(schema.orderCancellations)
      .where(eq(schema.orderCancellations.id, cancellationId))
      .for('update');
    if (!locked || !current) throw notFound();
    if (current.confirmedAt) return { cancellation: present(current, locked.currency), cancelled: false };
    assertCancellable(locked);
    const next = transition(
      { booking_status: locked.bookingStatus, payment_status: locked.paymentStatus },
      'cancelled',
    );
    await tx
      .update(schema.orders)
      .set({
        bookingStatus: next.booking_status,
        paymentStatus: next.payment_status,
        cancelledAt: now,
        updatedAt: now,
      })
      .where(eq(schema.orders.id, locked.id));
    await releaseOrderHolds(tx, locked.id);
    // Its card page must not take a payment any more (a late success webhook is logged for a refund).
    await tx
      .update(schema.payments)
      .set({ status: 'cancelled', updatedAt: now })
      .where(
        and(
          eq(schema.payments.orderId, locked.id),
          inArray(schema.payments.status, ['pending', 'requires_action']),
        ),
      );
    const [confirmed] = await tx
      .update(schema.orderCancellations)
      .set({ confirmedAt: now })
      .where(eq(schema.orderCancellations.id, cancellationId))
      .returning();
    return { cancellation: present(confirmed!, locked.currency), cancelled: true };
  });
}
