/**
 * The database schema (docs/design.md §1, §3–5). Column names are snake_case in SQL and camelCase in
 * TypeScript. Every timestamp is `timestamptz`; money is integer minor units (`bigint`, read as a JS number)
 * plus an ISO 4217 currency code. The SQL stays within PostgreSQL 15 (the server in CI), PGlite being 18.
 *
 * After changing this file run `npm run db:generate` (see packages/db/package.json) and commit the new
 * files under packages/db/migrations/.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  GENDERS,
  money,
  oneOf,
  travellerColumns,
  tsNullable,
  updatedAt,
  uuidId,
} from './schema-columns.ts';
import { users } from './schema-accounts.ts';

export * from './schema-accounts.ts';

export { GENDERS, type Gender } from './schema-columns.ts';

// ---------------------------------------------------------------------------------------------------------
// Value lists (each one is also a CHECK constraint in the database)

export const BOOKING_STATUSES = ['new', 'booked', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = ['not_paid', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PASSENGER_TYPES = ['adult', 'child', 'infant'] as const;
export type PassengerType = (typeof PASSENGER_TYPES)[number];
export const CABINS = ['economy', 'business'] as const;
export type Cabin = (typeof CABINS)[number];
export const PROVIDER_PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'cancelled',
] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];
export const IDEMPOTENCY_STATUSES = ['in_progress', 'done'] as const;
export type IdempotencyStatus = (typeof IDEMPOTENCY_STATUSES)[number];
/** An order's refund status (docs/after-sale.md), shown beside the spec's booking and payment statuses. */
export const ORDER_REFUND_STATUSES = ['none', 'pending', 'refunded'] as const;
export type OrderRefundStatus = (typeof ORDER_REFUND_STATUSES)[number];
/** One refund at the payment provider: asked for, then confirmed by the provider's signed webhook. */
/** A refund waits for the provider, went through, or was refused by it (an operator asks again: docs/after-sale.md). */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundRowStatus = (typeof REFUND_STATUSES)[number];
/**
 * Why money goes back: a cancelled paid booking, a payment that came after the order had ended, or a paid
 * order the supplier then refused to book (docs/duffel.md: a Duffel offer booked at pay time).
 */
export const REFUND_REASONS = ['cancellation', 'late_payment', 'supplier_refused'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

// ---------------------------------------------------------------------------------------------------------
// Accounts and sign-in (docs/design.md §5)

// `users`, `sessions`, `auth_codes` and `saved_travellers` are in schema-accounts.ts: the accounts module's tables
// (docs/architecture.md), which the second factor's tables refer to without a cycle.

// ---------------------------------------------------------------------------------------------------------
// Orders, inventory, payments (docs/design.md §3–4)

/** The order a row is about (`order_id`); `cascade` for rows that mean nothing without their order. */
function orderRef(actions: { onDelete?: 'cascade' } = {}) {
  return text('order_id')
    .notNull()
    .references(() => orders.id, actions);
}

/** The payment attempt a row settles (`payment_id`). */
function paymentRef() {
  return uuid('payment_id')
    .notNull()
    .references(() => payments.id);
}

/** A booking. `offer` is the itinerary snapshot and `price` the breakdown, both as shown to the traveller. */
export const orders = pgTable(
  'orders',
  {
    /** Opaque and unguessable (random), also used in URLs. */
    id: text('id').primaryKey(),
    /** PNR-style: 6 upper-case letters/digits. */
    bookingReference: text('booking_reference').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    contactFullName: text('contact_full_name').notNull(),
    /** Lower-cased, for "where is my ticket" and the owner's order list. */
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    offerId: text('offer_id'),
    offer: jsonb('offer').notNull(),
    price: jsonb('price').notNull(),
    totalMinor: money('total_minor').notNull(),
    currency: text('currency').notNull(),
    bookingStatus: text('booking_status', { enum: BOOKING_STATUSES }).notNull().default('new'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('not_paid'),
    lang: text('lang').notNull(),
    /** The booking client's IP (apps/api/src/client-ip.ts), for the per-IP cap on unpaid holds; null before it was kept. */
    clientIp: text('client_ip'),
    /**
     * The client network key of `clientIp` when booked (apps/api/src/ip-network.ts: IPv4 the address, IPv6 its
     * /64 or IPV6_CLIENT_PREFIX): what the per-IP hold cap counts, so rotating addresses of one network
     * shares one cap. Null when no IP was known.
     */
    clientNetwork: text('client_network'),
    /** When the unpaid order's seats are released (payment window). */
    paymentDeadline: timestamp('payment_deadline', { withTimezone: true }).notNull(),
    paidAt: tsNullable('paid_at'),
    ticketedAt: tsNullable('ticketed_at'),
    cancelledAt: tsNullable('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Kept in step with the order's `refunds` rows (apps/api/src/modules/payments/refunds.ts). */
    refundStatus: text('refund_status', { enum: ORDER_REFUND_STATUSES }).notNull().default('none'),
    /**
     * The fare conditions agreed at booking (packages/core/src/fare-rules.ts `FareConditions`, in the order
     * currency); null for orders booked before they were kept (then the current rules apply).
     */
    fareConditions: jsonb('fare_conditions'),
    /** When a cancellation voided the issued tickets. */
    ticketsVoidedAt: tsNullable('tickets_voided_at'),
    /**
     * The supplier that holds the booking (docs/suppliers.md): null for the built-in network (seats in
     * `seat_holds`), 'duffel' for an order at Duffel (its seats are the airline's, held by Duffel's order).
     */
    supplier: text('supplier'),
    /** The supplier's order id (Duffel `ord_…`). */
    supplierOrderId: text('supplier_order_id'),
    /** The airline's booking reference (PNR) as the supplier gives it, shown on the order page. */
    supplierBookingReference: text('supplier_booking_reference'),
    /** What the supplier charges for the order, in its currency ("123.45", Duffel's `total_amount`). */
    supplierTotalAmount: text('supplier_total_amount'),
    supplierCurrency: text('supplier_currency'),
    /** When we paid the supplier (Duffel: a balance payment of the held order, after the traveller paid us). */
    supplierPaidAt: tsNullable('supplier_paid_at'),
    /** When the supplier's order was cancelled (our cancellation, or an unpaid order past its payment window). */
    supplierCancelledAt: tsNullable('supplier_cancelled_at'),
    /** When the supplier was last asked for airline-initiated changes of this order (modules/after-sale/airline-changes.ts). */
    supplierChangesCheckedAt: tsNullable('supplier_changes_checked_at'),
    /**
     * An order booked at the supplier only once paid (a Duffel offer that requires instant payment): when a
     * worker last claimed it to create the supplier's order. One claim at a time across instances; a claim older
     * than a few minutes (its worker died) may be taken again (modules/supplier-orders/payments.ts).
     */
    supplierBookingClaimedAt: tsNullable('supplier_booking_claimed_at'),
    /**
     * A paid order the supplier would not ticket (its refusal at pay time: the price moved above what the
     * traveller paid, our balance there too low, the hold lapsed): an operator's task until settled
     * (modules/supplier-orders/ticketing.ts). The refusal's code, the supplier's own words, and when; null otherwise.
     */
    ticketingProblem: text('ticketing_problem'),
    ticketingProblemDetail: jsonb('ticketing_problem_detail'),
    ticketingProblemAt: tsNullable('ticketing_problem_at'),
    /**
     * When the supplier's order of a paid order was first asked for: it is asked for once (Duffel: a 5xx or no
     * answer may have left an order at the airline; docs/duffel.md, "Idempotency"), then only looked up.
     */
    supplierBookingAttemptedAt: tsNullable('supplier_booking_attempted_at'),
    /**
     * Why that creation is not settled: `pending` (accepted, not confirmed: Duffel's 202, until its webhook or a
     * look-up), `unknown` (a 5xx or no answer and no order found: for an operator and the reconciliation),
     * `failed` (the supplier said it made nothing: `order.creation_failed`); null when booked or never asked.
     */
    supplierBookingOutcome: text('supplier_booking_outcome'),
  },
  (t) => [
    uniqueIndex('orders_booking_reference_key').on(t.bookingReference),
    index('orders_user_id_created_idx').on(t.userId, t.createdAt),
    index('orders_contact_email_idx').on(t.contactEmail),
    // The console lists orders newest first (docs/after-sale.md §6).
    index('orders_created_at_idx').on(t.createdAt),
    uniqueIndex('orders_supplier_order_key')
      .on(t.supplier, t.supplierOrderId)
      .where(sql`"supplier_order_id" IS NOT NULL`),
    // Paid orders whose supplier is still to be paid, cancelled ones still held there (modules/supplier-orders/payments.ts).
    index('orders_supplier_unpaid_idx')
      .on(t.paidAt)
      .where(sql`"supplier" IS NOT NULL AND "supplier_paid_at" IS NULL AND "supplier_cancelled_at" IS NULL`),
    // The console's overview counts payments per day (docs/after-sale.md §8).
    index('orders_paid_at_idx')
      .on(t.paidAt)
      .where(sql`"paid_at" IS NOT NULL`),
    index('orders_unpaid_deadline_idx')
      .on(t.paymentDeadline)
      .where(sql`"booking_status" = 'new' AND "payment_status" = 'not_paid'`),
    // The caps on unpaid holds count a client's unpaid orders by email, client network and user (modules/booking/holds.ts).
    index('orders_unpaid_client_network_idx')
      .on(t.clientNetwork)
      .where(sql`"booking_status" = 'new' AND "payment_status" = 'not_paid'`),
    check('orders_booking_status', oneOf('booking_status', BOOKING_STATUSES)),
    check('orders_payment_status', oneOf('payment_status', PAYMENT_STATUSES)),
    check('orders_booking_reference_format', sql`"booking_reference" ~ '^[A-Z0-9]{6}$'`),
    check('orders_contact_email_lower', sql`"contact_email" = lower("contact_email")`),
    check('orders_total_nonnegative', sql`"total_minor" >= 0`),
    check('orders_refund_status', oneOf('refund_status', ORDER_REFUND_STATUSES)),
  ],
);

export const orderPassengers = pgTable(
  'order_passengers',
  {
    id: uuidId(),
    orderId: orderRef({ onDelete: 'cascade' }),
    /** 0-based order of the passenger in the booking. */
    position: smallint('position').notNull(),
    type: text('type', { enum: PASSENGER_TYPES }).notNull(),
    ...travellerColumns(),
    /** 13-digit e-ticket numbers, once issued. */
    ticketNumbers: jsonb('ticket_numbers').$type<string[]>(),
  },
  (t) => [
    uniqueIndex('order_passengers_order_position_key').on(t.orderId, t.position),
    check('order_passengers_type', oneOf('type', PASSENGER_TYPES)),
    check('order_passengers_gender', oneOf('gender', GENDERS)),
  ],
);

/**
 * The secret links to an order (docs/design.md §4): random tokens, only their SHA-256 stored. An order may
 * have several live ones (the booking browser's, the confirmation email's); a "where is my ticket" email
 * revokes them all and mails a new one. Revoked rows are kept (when, which) rather than deleted.
 */
export const orderAccessTokens = pgTable(
  'order_access_tokens',
  {
    id: uuidId(),
    orderId: orderRef({ onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: tsNullable('revoked_at'),
  },
  (t) => [
    uniqueIndex('order_access_tokens_token_hash_key').on(t.tokenHash),
    index('order_access_tokens_order_id_idx').on(t.orderId),
  ],
);

/**
 * A traveller's request to cancel an order (Duffel-style): a quote created pending with an expiry, then
 * confirmed, which cancels the order and releases its seats in one transaction (and, for a paid order,
 * voids its tickets and starts its refund).
 */
export const orderCancellations = pgTable(
  'order_cancellations',
  {
    /** `ocn_` + 128 random bits. */
    id: text('id').primaryKey(),
    orderId: orderRef({ onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: tsNullable('confirmed_at'),
    /** What the quote gives back, minor units of the order currency (0 for an unpaid order). */
    refundMinor: money('refund_minor').notNull().default(0),
    /** The quote was for a paid order: a quote for an unpaid order never cancels one paid since. */
    forPaidOrder: boolean('for_paid_order').notNull().default(false),
    /** The supplier's cancellation quote (Duffel `ore_…`) that confirming this one confirms; null for built-in orders. */
    supplierCancellationId: text('supplier_cancellation_id'),
    /**
     * Where the supplier's refund goes when it is not money back to us (Duffel's `refund_to`: `voucher`,
     * `airline_credits`): the traveller gets the airline's credits, not cash; `unknown`: the supplier gave no
     * amount (an operator's quote, confirmed only with an admin's amount); null for a cash refund.
     */
    refundTo: text('refund_to'),
    /** The airline's credits the cancellation gives (code, name, amount, currency, passenger), as quoted. */
    airlineCredits: jsonb('airline_credits').$type<AirlineCredit[]>(),
  },
  (t) => [
    index('order_cancellations_order_id_idx').on(t.orderId),
    check('order_cancellations_refund_nonnegative', sql`"refund_minor" >= 0`),
  ],
);

/** An airline credit a supplier's cancellation gives instead of money (Duffel's `airline_credits`). */
export interface AirlineCredit {
  code: string;
  name: string;
  amount: string;
  currency: string;
  passengerId: string | null;
}

/** One flight of an airline-initiated change, as shown to the traveller (local times with their offsets). */
export interface ChangedFlight {
  carrier: string;
  flight_number: string;
  origin: string;
  destination: string;
  departing_at: string;
  arriving_at: string;
  /**
   * Position of the flight's slice in the supplier's `removed` / `added` lists: the removed slice k is replaced by
   * the added slice k. Absent on changes read before it was kept (then one changed slice takes all added flights).
   */
  slice?: number;
  /** The aircraft when the supplier names it (added flights go into the itinerary with it). */
  aircraft?: { iata_code: string; name: string };
}

/**
 * An airline-initiated change of a supplier's order (docs/duffel.md; Duffel `airline_initiated_changes`): the
 * flights as they were (`removed`) and as they are now (`added`), whether the traveller may accept it here,
 * and what was done.
 */
export const airlineChanges = pgTable(
  'airline_changes',
  {
    /** `chg_` + 128 random bits (the supplier's id never goes into our URLs). */
    id: text('id').primaryKey(),
    orderId: orderRef({ onDelete: 'cascade' }),
    supplier: text('supplier').notNull(),
    /** The supplier's id of the change (Duffel `aic_…`). */
    supplierChangeId: text('supplier_change_id').notNull(),
    removed: jsonb('removed').$type<ChangedFlight[]>().notNull(),
    added: jsonb('added').$type<ChangedFlight[]>().notNull(),
    /** The supplier lists `accept` among the change's available actions. */
    canAccept: boolean('can_accept').notNull(),
    /** The supplier's `action_taken` (accepted, cancelled, changed), null while open. */
    actionTaken: text('action_taken'),
    actionTakenAt: tsNullable('action_taken_at'),
    /**
     * When an accepted change was written into the order's itinerary snapshot (`orders.offer`: its removed flights
     * replaced by the added ones; modules/after-sale/airline-change-itinerary.ts); null while not (yet) applied. Applying is
     * done once, under the order's row lock; `removed` keeps what was booked.
     */
    appliedAt: tsNullable('applied_at'),
    /** When the supplier detected it. */
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('airline_changes_supplier_change_key').on(t.supplier, t.supplierChangeId),
    index('airline_changes_order_id_idx').on(t.orderId),
  ],
);

/**
 * A change of an order's contact email (docs/after-sale.md), confirmed by a 6-digit code sent to the NEW
 * address (hashed with the row id; 10 minutes; 5 wrong tries end it). A newer request ends the older ones.
 * Once confirmed, the address it replaced gets a one-click undo for 48 hours (ADR 0022): the undo token is
 * kept hashed with the row id, like the code, and is spent by `undone_at`.
 */
export const orderEmailChanges = pgTable(
  'order_email_changes',
  {
    id: uuidId(),
    orderId: orderRef({ onDelete: 'cascade' }),
    /** Lower-cased. */
    newEmail: text('new_email').notNull(),
    codeHash: text('code_hash').notNull(),
    lang: text('lang').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: tsNullable('confirmed_at'),
    /** The contact email this change replaced (set when confirmed). */
    previousEmail: text('previous_email'),
    /** The undo link's token, hashed with the row id (set when confirmed). */
    undoTokenHash: text('undo_token_hash'),
    /** When the change was undone, or voided by the undo of an earlier change: its undo is spent. */
    undoneAt: tsNullable('undone_at'),
  },
  (t) => [
    index('order_email_changes_order_created_idx').on(t.orderId, t.createdAt),
    check('order_email_changes_email_lower', sql`"new_email" = lower("new_email")`),
    check('order_email_changes_attempts_nonnegative', sql`"attempts" >= 0`),
  ],
);

/** Serial part of 13-digit ticket numbers (3-digit airline prefix + 10 digits). */
export const ticketNumberSeq = pgSequence('ticket_number_seq', {
  startWith: 1,
  minValue: 1,
  maxValue: 9_999_999_999,
  increment: 1,
  cache: 1,
});

/** Seats sold per flight (flight number + date) and cabin. A row exists once a seat has been sold. */
export const seatInventory = pgTable(
  'seat_inventory',
  {
    flightKey: text('flight_key').notNull(),
    cabin: text('cabin', { enum: CABINS }).notNull(),
    sold: integer('sold').notNull().default(0),
    capacity: integer('capacity').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'seat_inventory_pkey', columns: [t.flightKey, t.cabin] }),
    check('seat_inventory_sold_nonnegative', sql`"sold" >= 0`),
    check('seat_inventory_sold_within_capacity', sql`"sold" <= "capacity"`),
    check('seat_inventory_cabin', oneOf('cabin', CABINS)),
  ],
);

/** The seats an order holds, so that cancelling or expiring it can release exactly those. */
export const orderHolds = pgTable(
  'order_holds',
  {
    orderId: orderRef(),
    flightKey: text('flight_key').notNull(),
    cabin: text('cabin', { enum: CABINS }).notNull(),
    seats: integer('seats').notNull(),
    createdAt: createdAt(),
    releasedAt: tsNullable('released_at'),
  },
  (t) => [
    primaryKey({ name: 'order_holds_pkey', columns: [t.orderId, t.flightKey, t.cabin] }),
    check('order_holds_seats_positive', sql`"seats" > 0`),
    check('order_holds_cabin', oneOf('cabin', CABINS)),
  ],
);

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

// ---------------------------------------------------------------------------------------------------------
// Cross-instance infrastructure: idempotency, rate limits, the server's keys (the outbox and the suppliers'
// pauses are in files of their own, below)

/** `Idempotency-Key` records: one per (scope, key); the response is kept for replays. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who and what, e.g. `user:<id>:POST /v1/orders`; keys of different callers never collide. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Hash of the request body (and anything else that must match on a replay). */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: IDEMPOTENCY_STATUSES }).notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    /** While in progress: after this moment the holder is presumed dead and another request may take over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_status', oneOf('status', IDEMPOTENCY_STATUSES)),
  ],
);

/** Fixed-window counters shared by all instances (e.g. `auth-code:ip:<ip>`). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('rate_limits_reset_at_idx').on(t.resetAt),
    check('rate_limits_count_nonnegative', sql`"count" >= 0`),
  ],
);

/**
 * Keys the server generated because none was configured (OFFER_SECRET, PAYMENT_WEBHOOK_SECRET…), shared by
 * every instance on the same PostgreSQL server: the first one to start inserts, the others read it.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------------------
// Flight searches per day (the console's overview), in a file of their own

export * from './schema-search.ts';

// ---------------------------------------------------------------------------------------------------------
// Last-minute tours, their pictures and travellers' requests, in a file of their own

export * from './schema-tours.ts';

// ---------------------------------------------------------------------------------------------------------
// Price alerts (docs/operations.md#price-alerts), in a file of their own

export * from './schema-price-alerts.ts';

// ---------------------------------------------------------------------------------------------------------
// The console's second factor (docs/decisions/0023-console-second-factor.md), in a file of its own

export * from './schema-second-factor.ts';

// ---------------------------------------------------------------------------------------------------------
// The console's staff roles, audit log and agencies' applications, in a file of their own

export * from './schema-ops.ts';

// ---------------------------------------------------------------------------------------------------------
// The outbox of emails, in a file of its own

export * from './schema-mail.ts';

// ---------------------------------------------------------------------------------------------------------
// The suppliers' pauses, in a file of their own

export * from './schema-supplier-orders.ts';
