/**
 * Cancelling an order (issues 11 and 13; contract: packages/contracts/src/order-cancellations.ts), in two
 * steps, as suppliers do it: a QUOTE (a pending cancellation, valid 10 minutes) that says what comes back by the
 * order's fare rules (packages/core/src/fare-rules.ts), then its CONFIRMATION, which in ONE transaction
 * cancels the order, releases its seats, closes its open payment sessions and — for a paid order — voids
 * its tickets and records the refund of the quoted amount. The refund is asked of the payment provider once
 * that transaction has committed (modules/payments/refunds.ts). Only the order's signed-in owner or the holder of
 * one of its live access tokens may do either; anyone else gets the 404 of a missing order.
 */
import { randomBytes } from 'node:crypto';
import { releaseOrderHolds, type Database } from '@parvoz/db';
import { releasePromoUses } from '../promo-codes/index.ts';
import type { OrderCancellation } from '@parvoz/contracts/order-cancellations';
import { quoteRefund } from '@parvoz/core/fare-rules';
import { isCurrencyCode } from '@parvoz/core/money';
import type { OrderPrice } from '@parvoz/core/order-pricing';
import { canTransition } from '@parvoz/core/order-status';
import type { Offer } from '@parvoz/core/search-types';
import type { Caller } from '../accounts/index.ts';
import { ApiFailure } from '../../errors.ts';
import { orderConditions } from '../orders/index.ts';
import {
  currentOrder,
  departsAtOf,
  loadOrderFor,
  lockOrder,
  majorOf,
  statusAfter,
  serviceFeeMinorOf,
  statusOf,
  taxMinorOf,
  updateOrder,
  type StaffAccess,
  type OrderRow,
} from '../orders/index.ts';
import { cancelOpenPayments, latestSucceededPayment, recordRefund } from '../payments/index.ts';
import { orderLink } from '../orders/index.ts';
import { queueAfterSaleEmail } from '../orders/index.ts';
import { SupplierOutcomeUnknown, SupplierRefused } from '../../suppliers/orders.ts';
import { refused, supplierQuote, supplierUnreachable } from './supplier-quote.ts';
import type { ServiceLog } from '../../platform/log.ts';
import type { SupplierRegistry } from '../../suppliers/registry.ts';
import {
  claimSupplierConfirm,
  expireCancellation,
  findCancellation,
  releaseSupplierConfirm,
  insertCancellation,
  lockCancellation,
  markCancellationConfirmed,
  type CancellationRow,
} from './store.ts';

/** How long a quote may be confirmed. */
export const CANCELLATION_VALID_MS = 10 * 60_000;
/** Longer than a supplier's confirmation call may take (130 s at most: docs/duffel.md, "Timeouts"). */
const SUPPLIER_CONFIRM_CLAIM_MS = 3 * 60_000;
/** How long a second request waits for the first one's confirmation at the supplier before saying "try again". */
const CONFIRM_WAIT_MS = 15_000;
const CONFIRM_POLL_MS = 100;

export interface CancellationDeps {
  db: Database;
  now: () => Date;
  /** Orders booked at a supplier are cancelled there, with its quote (only where that supplier is configured). */
  suppliers?: SupplierRegistry | undefined;
  /** Where a cancellation whose outcome at the supplier is unknown raises its alarm. */
  log?: Pick<ServiceLog, 'error'> | undefined;
}

function newCancellationId(): string {
  return `ocn_${randomBytes(18).toString('base64url')}`;
}

const notFound = () => new ApiFailure('not_found', 'No such order cancellation.');

/** What cancelling the order now gives back: null for an unpaid order (nothing was paid); throws when it cannot be cancelled. */
function quoteFor(order: OrderRow, now: Date): { refundMinor: number } | null {
  const status = statusOf(order);
  if (order.bookingStatus === 'cancelled')
    throw refused('already_cancelled', 'This order is already cancelled.');
  if (canTransition(status, 'cancelled')) return null;
  const offer = order.offer as Offer;
  const departsAt = departsAtOf(offer);
  if (
    !canTransition(status, 'cancelled_after_payment') ||
    !isCurrencyCode(order.currency) ||
    departsAt === null
  )
    throw refused('not_cancellable', 'This order cannot be cancelled.');
  const quote = quoteRefund(
    {
      currency: order.currency,
      paidMinor: order.totalMinor,
      taxMinor: taxMinorOf(order.price as OrderPrice),
      serviceFeeMinor: serviceFeeMinorOf(order.price as OrderPrice),
      conditions: orderConditions(order.fareConditions, offer, order.currency),
      departsAt,
    },
    now.getTime(),
  );
  if (!quote.ok)
    throw refused('departed', 'The first flight has departed: this order cannot be cancelled online.');
  return { refundMinor: quote.amount.amount };
}

/** The cancellation once another request has confirmed it, waited for a while; undefined if it has not. */
async function confirmedMeanwhile(db: Database, id: string): Promise<CancellationRow | undefined> {
  const until = Date.now() + CONFIRM_WAIT_MS;
  for (;;) {
    const row = await findCancellation(db, id);
    if (row?.confirmedAt) return row;
    if (!row?.supplierConfirmClaimedAt || Date.now() >= until) return undefined;
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
  }
}

type FeeBack = Pick<OrderCancellation, 'service_fee_amount' | 'service_fee_refunded'>;

/** A paid order's service fee, back only with everything paid (docs/operations.md#cancellations-and-refunds). */
function serviceFeeOf(row: CancellationRow, order: OrderRow): FeeBack {
  const fee = serviceFeeMinorOf(order.price as OrderPrice);
  if (!row.forPaidOrder || fee <= 0) return {};
  return {
    service_fee_amount: majorOf(fee, order.currency),
    service_fee_refunded: row.refundMinor >= order.totalMinor,
  };
}

function present(row: CancellationRow, order: OrderRow): OrderCancellation {
  const conditions = orderConditions(order.fareConditions, order.offer as Offer, order.currency);
  const kept = row.forPaidOrder ? Math.max(0, order.totalMinor - row.refundMinor) : 0;
  return {
    id: row.id,
    order_id: row.orderId,
    refund_amount: majorOf(row.refundMinor, order.currency),
    refund_currency: order.currency,
    refund_rule: !row.forPaidOrder
      ? 'nothing_paid'
      : conditions.refund_before_departure.allowed
        ? 'fare_minus_penalty'
        : 'taxes_only',
    kept_amount: majorOf(kept, order.currency),
    ...serviceFeeOf(row, order),
    ...(row.refundTo === 'voucher' || row.refundTo === 'airline_credits'
      ? {
          refund_to: row.refundTo,
          airline_credits: (row.airlineCredits ?? []).map(({ code, name, amount, currency }) => ({
            code,
            name,
            amount,
            currency,
          })),
        }
      : row.refundTo === 'unknown'
        ? { refund_to: 'unknown' as const }
        : row.forPaidOrder
          ? { refund_to: 'payment' as const }
          : {}),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    confirmed_at: row.confirmedAt ? row.confirmedAt.toISOString() : null,
  };
}

/** POST /v1/order_cancellations: the quote (a pending cancellation). */
export async function createCancellation(
  deps: CancellationDeps,
  caller: Caller | StaffAccess,
  orderId: string,
  accessToken: string | undefined,
): Promise<OrderCancellation> {
  const order = await loadOrderFor(deps.db, orderId, caller, accessToken);
  const now = deps.now();
  const quote = quoteFor(order.row, now);
  // At a supplier the refund is the supplier's quote (its fare rules), confirmed there when ours is.
  const atSupplier = order.row.supplier
    ? await supplierQuote(deps.suppliers, order.row, caller.kind === 'staff')
    : null;
  const row = await insertCancellation(deps.db, {
    id: newCancellationId(),
    orderId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CANCELLATION_VALID_MS),
    refundMinor: quote === null ? 0 : (atSupplier?.refundMinor ?? quote.refundMinor),
    forPaidOrder: quote !== null,
    supplierCancellationId: atSupplier?.id ?? null,
    refundTo: atSupplier?.refundTo ?? null,
    supplierRefundAmount: atSupplier?.returned?.amount ?? null,
    supplierRefundCurrency: atSupplier?.returned?.currency ?? null,
    airlineCredits:
      atSupplier?.refundTo === 'voucher' || atSupplier?.refundTo === 'airline_credits'
        ? atSupplier.credits
        : null,
  });
  return present(row, order.row);
}

export interface ConfirmedCancellation {
  cancellation: OrderCancellation;
  /** True when this call cancelled the order (not a repeat). */
  cancelled: boolean;
  /** Refunds to ask the provider for, now that the transaction has committed. */
  refundIds: string[];
}

/** What the console adds to a confirmation (docs/after-sale.md §6). */
export interface ConfirmOptions {
  /** An admin's override: refund this (minor units of the order currency) instead of the quote. */
  refundOverrideMinor?: number;
  /** Writes the cancellation to the audit log in its transaction (called only when this call cancels). */
  audit?: (tx: Database, details: Record<string, unknown>) => Promise<void>;
}

/**
 * POST /v1/order_cancellations/:id/actions/confirm: cancels the order as quoted. Confirming a confirmed
 * cancellation again answers it as it is. `siteUrl` is the origin of the link in the email.
 */
export async function confirmCancellation(
  deps: CancellationDeps,
  caller: Caller | StaffAccess,
  cancellationId: string,
  accessToken: string | undefined,
  siteUrl: string,
  options: ConfirmOptions = {},
): Promise<ConfirmedCancellation> {
  const found = await findCancellation(deps.db, cancellationId);
  if (!found) throw notFound();
  // Who may read the order may confirm its cancellation; anyone else learns nothing (same 404).
  const order = await loadOrderFor(deps.db, found.orderId, caller, accessToken).catch((error: unknown) => {
    throw error instanceof ApiFailure && error.code === 'not_found' ? notFound() : error;
  });
  if (found.confirmedAt) return { cancellation: present(found, order.row), cancelled: false, refundIds: [] };
  const now = deps.now();
  if (found.expiresAt.getTime() <= now.getTime())
    throw refused('cancellation_expired', 'This cancellation has expired: ask for a new one.');
  // The supplier's order is cancelled first (HTTP, outside the transaction), by one request only: of two at once
  // (a double submit across instances) the other waits for its outcome, so the supplier is asked once.
  if (found.supplierCancellationId && order.row.bookingStatus !== 'cancelled') {
    const supplier = deps.suppliers?.orders(order.row.supplier);
    if (!supplier) throw refused('not_cancellable', 'This order cannot be cancelled.');
    // Checked before cancelling at the supplier too: a quote outdated here must not cancel it there.
    if ((quoteFor(order.row, now) !== null) !== found.forPaidOrder)
      throw refused('quote_outdated', 'The order has changed since this quote: ask for a new one.');
    const staleBefore = new Date(now.getTime() - SUPPLIER_CONFIRM_CLAIM_MS);
    if (!(await claimSupplierConfirm(deps.db, found.id, now, staleBefore))) {
      const confirmed = await confirmedMeanwhile(deps.db, found.id);
      if (confirmed) return { cancellation: present(confirmed, order.row), cancelled: false, refundIds: [] };
      throw supplierUnreachable();
    }
    try {
      await supplier.confirmCancellation(found.supplierCancellationId);
    } catch (error) {
      // A refusal or an unknown outcome ends this quote; a supplier not reached may be asked again.
      if (!(error instanceof SupplierRefused) && !(error instanceof SupplierOutcomeUnknown))
        await releaseSupplierConfirm(deps.db, found.id);
      if (error instanceof SupplierRefused)
        throw refused('cancellation_expired', 'This cancellation has expired: ask for a new one.');
      if (error instanceof SupplierOutcomeUnknown) {
        // Not to be confirmed again (docs/duffel.md, Cancellation): this quote ends here; a new quote is a new
        // request, which the supplier refuses if it did cancel. An operator checks the order at the supplier.
        await expireCancellation(deps.db, found.id, now);
        deps.log?.error(
          { orderId: found.orderId, cancellationId: found.id, detail: error.detail },
          'supplier cancellation outcome unknown: an operator checks the order at the supplier',
        );
      }
      throw supplierUnreachable();
    }
  }

  return deps.db.transaction(async (tx) => {
    // Lock order first (the order every writer uses), then read the cancellation again: of two confirms
    // at once — this one, another quote's, an operator's — the later ones find the first one's work done.
    const locked = await lockOrder(tx, found.orderId);
    const current = await lockCancellation(tx, cancellationId);
    if (!locked || !current) throw notFound();
    if (current.confirmedAt)
      return { cancellation: present(current, locked), cancelled: false, refundIds: [] };
    const quote = quoteFor(locked, now);
    // A quote of "nothing paid" never cancels an order paid since (nor the other way round): ask again.
    if ((quote !== null) !== current.forPaidOrder)
      throw refused('quote_outdated', 'The order has changed since this quote: ask for a new one.');
    const override = options.refundOverrideMinor;
    // The airline gave no amount: never refunded as 0, only as an admin's override (the amount agreed with it).
    if (current.refundTo === 'unknown' && override === undefined)
      throw refused(
        'not_cancellable',
        'The airline gave no refund amount: an admin confirms it with the amount.',
      );
    if (override !== undefined && quote === null)
      throw refused('nothing_paid', 'Nothing was paid for this order: there is nothing to refund.');
    const refundMinor = override ?? current.refundMinor;
    const event = quote ? 'cancelled_after_payment' : 'cancelled';
    await updateOrder(tx, locked.id, {
      ...statusAfter(locked, event),
      cancelledAt: now,
      updatedAt: now,
      ...(quote ? { ticketsVoidedAt: now } : {}),
      // Confirmed at the supplier before this transaction (above).
      ...(current.supplierCancellationId ? { supplierCancelledAt: now } : {}),
    });
    await releaseOrderHolds(tx, locked.id);
    // Cancelled before payment: its promo code's use is given back (docs/decisions/0029-promo-codes.md).
    if (!quote) await releasePromoUses(tx, locked.id, now);
    // Its card page must not take a payment any more (a late success is refunded: modules/payments/refunds.ts).
    await cancelOpenPayments(tx, locked.id, now);
    const refundIds: string[] = [];
    if (quote && refundMinor > 0) {
      const payment = await latestSucceededPayment(tx, locked.id);
      if (override !== undefined && payment && payment.amountMinor < override)
        throw refused('refund_exceeds_payment', 'The refund cannot be more than was paid.');
      if (!payment || payment.amountMinor < refundMinor)
        throw new Error(`paid order ${locked.id} has no payment to refund ${refundMinor} from`);
      refundIds.push(
        await recordRefund(tx, {
          payment,
          amountMinor: refundMinor,
          reason: 'cancellation',
          cancellationId,
          // The books: what the supplier's quote returns to the agency (none for credits or an amount not given).
          ...(current.supplierCancellationId
            ? {
                supplierRefund:
                  current.supplierRefundAmount && current.supplierRefundCurrency
                    ? { amount: current.supplierRefundAmount, currency: current.supplierRefundCurrency }
                    : ('none' as const),
              }
            : {}),
          now,
        }),
      );
    }
    // The cancellation says what it did give back (an override replaces the quote).
    const confirmed = await markCancellationConfirmed(tx, cancellationId, { confirmedAt: now, refundMinor });
    const view = await currentOrder(tx, locked.id, now);
    await queueAfterSaleEmail(
      tx,
      {
        kind: 'order-cancelled',
        order: view,
        refundAmount: quote ? majorOf(refundMinor, locked.currency) : null,
        credits:
          (current.refundTo === 'voucher' || current.refundTo === 'airline_credits') && override === undefined
            ? (current.airlineCredits ?? [])
            : null,
        link: await orderLink(tx, locked.id, view.lang, siteUrl, now),
      },
      { now, dedupeKey: `order-cancelled:${locked.id}` },
    );
    await options.audit?.(tx, {
      cancellation_id: cancellationId,
      quoted_amount: majorOf(current.refundMinor, locked.currency),
      refund_amount: majorOf(refundMinor, locked.currency),
      currency: locked.currency,
    });
    return { cancellation: present(confirmed!, locked), cancelled: true, refundIds };
  });
}
