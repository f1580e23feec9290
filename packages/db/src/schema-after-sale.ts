/**
 * The after-sale's tables (docs/after-sale.md), re-exported by schema.ts: a traveller's cancellations and the
 * airlines' changes of an order. Owned by apps/api/src/modules/after-sale/, whose store.ts alone reads and writes
 * them (docs/architecture.md).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, tsNullable, updatedAt } from './schema-columns.ts';
import { orderRef } from './schema-orders.ts';

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
    /**
     * When a request began confirming this quote at the supplier (an HTTP call outside any transaction): of two
     * requests at once (a double submit across two instances) only the one that set it asks the supplier; the
     * other waits for its outcome (docs/duffel.md, "Cancellation"). Null while nobody is, or once released.
     */
    supplierConfirmClaimedAt: tsNullable('supplier_confirm_claimed_at'),
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
    /**
     * What the supplier's quote gives back to the agency in money, as the supplier writes it (Duffel's
     * `refund_amount` and `refund_currency`): the books' return of its cost (docs/operations.md#reports-and-books).
     * Null for built-in orders, credits and vouchers, and a quote with no amount.
     */
    supplierRefundAmount: text('supplier_refund_amount'),
    supplierRefundCurrency: text('supplier_refund_currency'),
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
