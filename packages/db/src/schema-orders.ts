/**
 * The orders' tables (docs/design.md §3–4), re-exported by schema.ts: the order, its passengers, its secret links,
 * its contact email changes, and the seats it holds with the sold-seat counts they are taken from. Owned by
 * apps/api/src/modules/orders/ (docs/architecture.md). The other order tables refer to an order through
 * `orderRef`, from here, so no schema file imports one that imports it back.
 */
import { sql } from 'drizzle-orm';
import {
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

// Value lists (each one is also a CHECK constraint in the database)
export const BOOKING_STATUSES = ['new', 'booked', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = ['not_paid', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PASSENGER_TYPES = ['adult', 'child', 'infant'] as const;
export type PassengerType = (typeof PASSENGER_TYPES)[number];
export const CABINS = ['economy', 'business'] as const;
export type Cabin = (typeof CABINS)[number];
/** An order's refund status (docs/after-sale.md), shown beside the spec's booking and payment statuses. */
export const ORDER_REFUND_STATUSES = ['none', 'pending', 'refunded'] as const;
export type OrderRefundStatus = (typeof ORDER_REFUND_STATUSES)[number];

/** The order a row is about (`order_id`); `cascade` for rows that mean nothing without their order. */
export function orderRef(actions: { onDelete?: 'cascade' } = {}) {
  return text('order_id')
    .notNull()
    .references(() => orders.id, actions);
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

/**
 * The seats chosen on the built-in network's flights (docs/seats.md), one row per passenger and flight: a seat
 * is held by one live order at a time (the unique index), and given back with the order's seats
 * (`releaseOrderHolds`). A supplier's seats are the airline's and live only in the order's price.
 */
export const orderSeats = pgTable(
  'order_seats',
  {
    orderId: orderRef(),
    flightKey: text('flight_key').notNull(),
    designator: text('designator').notNull(),
    /** 0-based position of the passenger in the order. */
    passengerPosition: smallint('passenger_position').notNull(),
    createdAt: createdAt(),
    releasedAt: tsNullable('released_at'),
  },
  (t) => [
    primaryKey({ name: 'order_seats_pkey', columns: [t.orderId, t.flightKey, t.designator] }),
    uniqueIndex('order_seats_flight_seat_key')
      .on(t.flightKey, t.designator)
      .where(sql`"released_at" IS NULL`),
    check('order_seats_designator_format', sql`"designator" ~ '^[0-9]{1,3}[A-Z]$'`),
  ],
);
