/**
 * The payments' tables (docs/design.md §4, docs/payment-providers.md), re-exported by schema.ts: the payment
 * attempts, refunds, the UZS providers' transactions, the reconciliation runs and the webhooks already handled.
 * Owned by apps/api/src/modules/payments/ (docs/architecture.md).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, oneOf, tsNullable, updatedAt, uuidId } from './schema-columns.ts';
import { orderCancellations } from './schema-after-sale.ts';
import { orderRef } from './schema-orders.ts';

// Value lists (each one is also a CHECK constraint in the database)
export const PROVIDER_PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'cancelled',
] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];
/** A refund waits for the provider, went through, or was refused by it (an operator asks again: docs/after-sale.md). */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundRowStatus = (typeof REFUND_STATUSES)[number];
/**
 * Why money goes back: a cancelled paid booking, a payment that came after the order had ended, or a paid
 * order the supplier then refused to book (docs/duffel.md: a Duffel offer booked at pay time).
 */
export const REFUND_REASONS = ['cancellation', 'late_payment', 'supplier_refused'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The payment attempt a row settles (`payment_id`). */
function paymentRef() {
  return uuid('payment_id')
    .notNull()
    .references(() => payments.id);
}

/** A payment attempt at a provider. */
export const payments = pgTable(
  'payments',
  {
    id: uuidId(),
    orderId: orderRef(),
    provider: text('provider').notNull(),
    /** The provider's id for this payment; null until the provider has answered. */
    providerRef: text('provider_ref'),
    status: text('status', { enum: PROVIDER_PAYMENT_STATUSES }).notNull().default('pending'),
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull(),
    redirectUrl: text('redirect_url'),
    /**
     * Where the provider's page sends the browser back (a site path, never with an access token) and the
     * language it is shown in: kept here so that the page's URL names only the session (null before kept).
     */
    returnPath: text('return_path'),
    lang: text('lang'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_order_id_idx').on(t.orderId),
    check('payments_status', oneOf('status', PROVIDER_PAYMENT_STATUSES)),
    check('payments_amount_nonnegative', sql`"amount_minor" >= 0`),
  ],
);

/**
 * Money going back to a traveller through the payment provider (docs/after-sale.md): started when a paid
 * booking is cancelled or a payment arrives for an order that can no longer take it, done when the provider's
 * signed `refund.succeeded` webhook says so. At most ONE refund per payment (a unique index): two
 * cancellations of the same order at once can never refund twice.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuidId(),
    orderId: orderRef(),
    paymentId: paymentRef(),
    cancellationId: text('cancellation_id').references(() => orderCancellations.id),
    provider: text('provider').notNull(),
    /** The provider's id of the refund; null until it has answered (then a sweep asks again). */
    providerRef: text('provider_ref'),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    succeededAt: tsNullable('succeeded_at'),
    /** Why the provider refused it (its words), when it did. */
    failureReason: text('failure_reason'),
    /** How often an operator asked again after a refusal (a new request at the provider each time). */
    retries: integer('retries').notNull().default(0),
  },
  (t) => [
    uniqueIndex('refunds_payment_id_key').on(t.paymentId),
    uniqueIndex('refunds_provider_ref_key').on(t.provider, t.providerRef),
    index('refunds_order_id_idx').on(t.orderId),
    index('refunds_pending_created_idx')
      .on(t.createdAt)
      .where(sql`"status" = 'pending'`),
    check('refunds_status', oneOf('status', REFUND_STATUSES)),
    check('refunds_reason', oneOf('reason', REFUND_REASONS)),
    check('refunds_amount_positive', sql`"amount_minor" > 0`),
  ],
);

/**
 * Payme's and Click's transactions (docs/payment-providers.md): those providers call us (JSON-RPC,
 * Prepare/Complete) rather than sign webhooks, and their protocols have transactions of their own with their
 * own states. Each one belongs to one `payments` row (its success, failure or refund is that payment's), so a
 * second transaction that succeeds for an order already paid is a payment of its own, refunded like any late
 * payment. `state` is Payme's: 1 created, 2 performed, -1 cancelled before, -2 cancelled after performing
 * (refunded); Click's transactions use 1 prepared, 2 completed, -1 cancelled.
 */
export const PROVIDER_TRANSACTION_STATES = [1, 2, -1, -2] as const;
export const providerTransactions = pgTable(
  'provider_transactions',
  {
    id: uuidId(),
    /** Our number of the transaction: Payme's `transaction`, Click's merchant_prepare_id and merchant_confirm_id. */
    number: bigserial('number', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    /** The provider's id: Payme's transaction id, Click's click_trans_id. */
    externalId: text('external_id').notNull(),
    paymentId: paymentRef(),
    orderId: orderRef(),
    amountMinor: money('amount_minor').notNull(),
    currency: text('currency').notNull(),
    state: smallint('state').notNull(),
    /** Payme's cancel reason (1–5, 10); null until cancelled. */
    reason: smallint('reason'),
    /** When the provider created it (Payme's `time`; GetStatement selects by it). */
    providerTime: timestamp('provider_time', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    performedAt: tsNullable('performed_at'),
    cancelledAt: tsNullable('cancelled_at'),
    /** What else the provider sent that a later call needs (Click's click_paydoc_id for a reversal). */
    details: jsonb('details'),
  },
  (t) => [
    uniqueIndex('provider_transactions_external_key').on(t.provider, t.externalId),
    uniqueIndex('provider_transactions_number_key').on(t.number),
    index('provider_transactions_payment_idx').on(t.paymentId),
    index('provider_transactions_time_idx').on(t.provider, t.providerTime),
    // Payme's order is a one-time account: one transaction at a time may be open or performed for it.
    uniqueIndex('provider_transactions_one_live_payme')
      .on(t.orderId)
      .where(sql`"provider" = 'payme' AND "state" IN (1, 2)`),
    check('provider_transactions_state', sql`"state" IN (1, 2, -1, -2)`),
    check('provider_transactions_amount_positive', sql`"amount_minor" > 0`),
  ],
);

/** Each run of the reconciliation job (docs/payment-providers.md): our payments against a provider's statement. */
export const paymentReconciliations = pgTable(
  'payment_reconciliations',
  {
    id: uuidId(),
    provider: text('provider').notNull(),
    windowFrom: timestamp('window_from', { withTimezone: true }).notNull(),
    windowTo: timestamp('window_to', { withTimezone: true }).notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    differences: integer('differences').notNull(),
    /** The differences found (kind, ids, amounts), for an operator to follow up. */
    details: jsonb('details').notNull(),
  },
  (t) => [index('payment_reconciliations_provider_ran_idx').on(t.provider, t.ranAt)],
);

/** Provider webhook events already handled (replay safety: insert first, skip on conflict). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    payload: jsonb('payload'),
  },
  (t) => [
    primaryKey({ name: 'webhook_events_pkey', columns: [t.provider, t.eventId] }),
    // The console's order history finds an order's webhooks by the provider's reference.
    index('webhook_events_provider_ref_idx').on(sql`("payload"->>'providerRef')`),
  ],
);
