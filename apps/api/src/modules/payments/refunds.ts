/**
 * Refunds (docs/after-sale.md): money going back to a traveller through the payment provider. A refund is
 * RECORDED (pending) in the transaction of the change that causes it — a paid booking cancelled, or a payment
 * that came after its order had ended — then ASKED of the provider once that transaction has committed, and
 * DONE only when the provider's signed `refund.succeeded` webhook arrives. Each step is safe to repeat:
 * one refund per payment (a unique index), the provider treats a repeated ask as the same refund, and a
 * webhook delivered again changes nothing. A refund the provider never took (it was down) is asked again
 * by a sweep of the order-expiry worker. The order's `refund_status` follows its refunds.
 */
import type { Database } from '@parvoz/db';
import { refundStatusOf } from '@parvoz/core/order-status';
import type { PaymentEvent, PaymentProvider } from '../../payments/provider.ts';
import type { EventScope } from '../../payments/callbacks.ts';
import {
  insertRefund,
  lockRefund,
  lockRefundOfOrder,
  markRefundFailed,
  markRefundSucceeded,
  orderIdOfRefund,
  refundsOfOrder,
  refundWithPaymentRef,
  reopenRefund,
  setRefundProviderRefIfUnset,
  unstartedRefunds,
  type RefundKey,
  type RefundRow,
} from './store/refunds.ts';
import { recordProviderEvent, type PaymentRow } from './store/payments.ts';
import { refundsTotal } from '../../metrics.ts';
import { lockOrder, queueMoneyBackEmail, updateOrder } from '../orders/index.ts';
import { recordRefundBooks, type SupplierRefund } from '../books/index.ts';
import { errorText, type ServiceLog } from '../../platform/log.ts';

export interface RefundDeps {
  db: Database;
  now: () => Date;
  /** The providers by name (a refund goes back through the provider that took the payment). */
  providers: ReadonlyMap<string, PaymentProvider>;
  /** The origin of links in the email of a refund the provider settles at once (`settled`). */
  siteUrl?: () => string;
}

/** A refund recorded this long ago that the provider has not taken is asked again. */
export const REFUND_RETRY_AFTER_MS = 60_000;

/** Keeps `orders.refund_status` in step with the order's refunds (in the transaction that changed them). */
export async function syncRefundStatus(tx: Database, orderId: string, now: Date): Promise<void> {
  const rows = await refundsOfOrder(tx, orderId);
  await updateOrder(tx, orderId, { refundStatus: refundStatusOf(rows), updatedAt: now });
}

/**
 * Records a pending refund of `payment` in the caller's transaction (which holds the order's row lock) and
 * returns its id, to pass to `startRefunds` once committed. One refund per payment: a second one for the
 * same payment is a unique violation that rolls the whole change back.
 */
export async function recordRefund(
  tx: Database,
  input: {
    payment: PaymentRow;
    amountMinor: number;
    reason: 'cancellation' | 'late_payment' | 'supplier_refused';
    cancellationId?: string;
    /** What the supplier gives back (the books); a refund after the supplier refused the sale: all of its cost. */
    supplierRefund?: SupplierRefund;
    now: Date;
  },
): Promise<string> {
  const { payment, now } = input;
  if (
    !Number.isSafeInteger(input.amountMinor) ||
    input.amountMinor <= 0 ||
    input.amountMinor > payment.amountMinor
  )
    throw new RangeError(`refund of ${input.amountMinor} for a payment of ${payment.amountMinor}`);
  const refundId = await insertRefund(tx, {
    orderId: payment.orderId,
    paymentId: payment.id,
    cancellationId: input.cancellationId ?? null,
    provider: payment.provider,
    reason: input.reason,
    status: 'pending',
    amountMinor: input.amountMinor,
    currency: payment.currency,
    createdAt: now,
    updatedAt: now,
  });
  // The books keep what a sale gives back and keeps; a late payment was never a sale (docs/operations.md).
  if (input.reason !== 'late_payment')
    await recordRefundBooks(tx, {
      refundId,
      orderId: payment.orderId,
      at: now,
      currency: payment.currency,
      paidMinor: payment.amountMinor,
      givenBackMinor: input.amountMinor,
      ...(input.reason === 'supplier_refused'
        ? { supplierRefund: 'refused' as const }
        : input.supplierRefund
          ? { supplierRefund: input.supplierRefund }
          : {}),
    });
  await syncRefundStatus(tx, payment.orderId, now);
  refundsTotal.inc({ status: 'requested' });
  return refundId;
}

/** Asks the provider for each refund it has not taken yet; a failure is logged and left to the sweep. */
export async function startRefunds(
  deps: RefundDeps,
  refundIds: readonly string[],
  log: ServiceLog,
): Promise<void> {
  for (const refundId of refundIds) {
    const row = await refundWithPaymentRef(deps.db, refundId);
    if (!row || row.refund.providerRef !== null || row.refund.status !== 'pending') continue;
    const provider = deps.providers.get(row.refund.provider);
    if (!provider || !row.paymentRef) {
      log.error({ refundId, provider: row.refund.provider }, 'refund: no provider or payment reference');
      continue;
    }
    try {
      const asked = await provider.refund({
        refundId,
        attempt: row.refund.retries,
        paymentProviderRef: row.paymentRef,
        amountMinor: row.refund.amountMinor,
        currency: row.refund.currency,
      });
      if (asked.settled) {
        await settleRefund(deps, provider.name, row.refund, asked.providerRef, log);
      } else {
        await setRefundProviderRefIfUnset(deps.db, refundId, asked.providerRef, deps.now());
      }
    } catch (error) {
      log.error(
        { refundId, err: errorText(error) },
        'refund: the provider did not take it (asked again later)',
      );
    }
  }
}

/**
 * A refund the provider's own answer confirmed: done now, in one transaction with its provider id, by the
 * same state change its webhook would make (recorded as an event: settling twice changes nothing).
 */
async function settleRefund(
  deps: RefundDeps,
  provider: string,
  refund: RefundRow,
  providerRef: string,
  log: ServiceLog,
): Promise<void> {
  const event: PaymentEvent = {
    id: `refund-settled:${refund.id}`,
    type: 'refund.succeeded',
    providerRef,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    refundId: refund.id,
  };
  const siteUrl = deps.siteUrl?.() ?? 'http://localhost';
  await deps.db.transaction(async (tx) => {
    await setRefundProviderRefIfUnset(tx, refund.id, providerRef, deps.now());
    if (await recordProviderEvent(tx, provider, event, deps.now()))
      await applyRefundEvent({ tx, provider, siteUrl, now: deps.now(), log }, event);
  });
}

/** The sweep: refunds recorded over a minute ago that no provider has taken are asked again. */
export async function retryUnstartedRefunds(deps: RefundDeps, log: ServiceLog): Promise<number> {
  const due = await unstartedRefunds(deps.db, new Date(deps.now().getTime() - REFUND_RETRY_AFTER_MS));
  await startRefunds(
    deps,
    due.map((r) => r.id),
    log,
  );
  return due.length;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The refund a `refund.*` event names, locked (order first, then refund: the order every writer uses): by our
 * refund id, which the provider sends back, or by the provider's refund id. Null (logged) when unknown.
 */
async function lockRefundOfEvent({ tx, provider, log }: EventScope, event: PaymentEvent) {
  const byId = event.refundId !== undefined && UUID.test(event.refundId);
  const key: RefundKey = byId
    ? { id: event.refundId!, provider }
    : { provider, providerRef: event.providerRef };
  const orderId = await orderIdOfRefund(tx, key);
  if (!orderId) {
    log.warn({ provider, providerRef: event.providerRef }, 'refund webhook for an unknown refund');
    return null;
  }
  await lockOrder(tx, orderId);
  return (await lockRefund(tx, key)) ?? null;
}

/**
 * A verified `refund.succeeded` or `refund.failed` event, in the webhook's transaction (which has recorded the
 * event id), applied to the refund it names: by our refund id (which the provider sends back) or by the
 * provider's refund id.
 */
export async function applyRefundEvent(
  scope: EventScope,
  event: PaymentEvent,
): Promise<'refunded' | 'refund_failed' | 'ignored' | 'unknown_refund'> {
  const refund = await lockRefundOfEvent(scope, event);
  if (!refund) return 'unknown_refund';
  return event.type === 'refund.succeeded'
    ? refundSucceeded(scope, event, refund)
    : refundFailed(scope, event, refund);
}

/** The refund is done, the order's refund status follows, and the traveller is told once. */
async function refundSucceeded(
  { tx, siteUrl, now, log }: EventScope,
  event: PaymentEvent,
  refund: RefundRow,
): Promise<'refunded' | 'ignored'> {
  if (
    event.amountMinor !== refund.amountMinor ||
    event.currency !== refund.currency ||
    (refund.providerRef !== null && refund.providerRef !== event.providerRef)
  ) {
    log.error({ refundId: refund.id, eventId: event.id }, 'refund webhook differs from the refund: ignored');
    return 'ignored';
  }
  if (refund.status === 'succeeded') return 'ignored';
  await markRefundSucceeded(tx, refund.id, event.providerRef, now);
  await syncRefundStatus(tx, refund.orderId, now);
  refundsTotal.inc({ status: 'succeeded' });
  await queueMoneyBackEmail(tx, 'refund-completed', {
    orderId: refund.orderId,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    siteUrl,
    now,
    dedupeKey: `refund-completed:${refund.id}`,
  });
  return 'refunded';
}

/**
 * The provider refused a refund it had taken (a closed card). The money is still owed: the refund becomes
 * `failed` with the provider's reason, the order's refund status stays pending, and an operator asks again
 * from the console (`retryRefund`).
 */
async function refundFailed(
  { tx, provider, now, log }: EventScope,
  event: PaymentEvent,
  refund: RefundRow,
): Promise<'refund_failed' | 'ignored'> {
  // Only a refund still waiting can fail; one that went through or already failed stays as it is.
  if (
    refund.status !== 'pending' ||
    (refund.providerRef !== null && refund.providerRef !== event.providerRef)
  )
    return 'ignored';
  await markRefundFailed(
    tx,
    refund.id,
    event.providerRef,
    (event.failureReason ?? 'failed').slice(0, 200),
    now,
  );
  await syncRefundStatus(tx, refund.orderId, now);
  refundsTotal.inc({ status: 'failed' });
  log.error(
    { refundId: refund.id, orderId: refund.orderId, provider, reason: event.failureReason },
    'refund: refused by the provider (an operator must ask again)',
  );
  return 'refund_failed';
}

/**
 * An operator asks again for a refund the provider refused (in the caller's transaction, with its audit
 * entry): it is pending again with no provider id, so `startRefunds` (once committed) and the sweep ask
 * the provider afresh. Null when the refund is not the order's or has not failed.
 */
export async function reopenFailedRefund(
  tx: Database,
  input: { orderId: string; refundId: string; now: Date },
): Promise<RefundRow | null> {
  if (!UUID.test(input.refundId)) return null;
  await lockOrder(tx, input.orderId);
  const refund = await lockRefundOfOrder(tx, input.orderId, input.refundId);
  if (!refund || refund.status !== 'failed') return null;
  await reopenRefund(tx, refund.id, refund.retries + 1, input.now);
  await syncRefundStatus(tx, refund.orderId, input.now);
  return refund;
}

/**
 * A payment that succeeded for an order that cannot take it — expired, cancelled, or paid already — in the
 * webhook's transaction (the payment row is marked succeeded): the whole amount goes back, automatically,
 * and the traveller is told. Returns the refund to start once committed.
 */
export async function refundLatePayment(
  tx: Database,
  payment: PaymentRow,
  siteUrl: string,
  now: Date,
): Promise<string> {
  const refundId = await recordRefund(tx, {
    payment,
    amountMinor: payment.amountMinor,
    reason: 'late_payment',
    now,
  });
  await queueMoneyBackEmail(tx, 'late-payment-refund', {
    orderId: payment.orderId,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    siteUrl,
    now,
    dedupeKey: `late-payment-refund:${payment.id}`,
  });
  return refundId;
}
