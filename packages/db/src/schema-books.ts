/**
 * The agency's books (docs/operations.md#reports-and-books), re-exported by schema.ts: what each order sold for and
 * cost, and what each refund gave back. Owned by apps/api/src/modules/books/, whose store.ts alone reads and writes
 * these tables (docs/architecture.md). Amounts are minor units of the order's currency unless a column says so.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { money, tsNullable } from './schema-columns.ts';
import { orderRef } from './schema-orders.ts';

/** One row per order, written with the order; its payment's columns set once it is paid. */
export const orderBooks = pgTable(
  'order_books',
  {
    orderId: orderRef({ onDelete: 'cascade' }).primaryKey(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    /** What the traveller is charged (the order's total). */
    saleMinor: money('sale_minor').notNull(),
    /** Who the seats are bought from (a supplier's id; the built-in network's too). */
    supplier: text('supplier').notNull(),
    /** The first flight's marketing carrier and the first slice's origin–destination (`TAS-IST`). */
    airline: text('airline').notNull(),
    route: text('route').notNull(),
    /** The supplier's cost in the sale currency (sale − markup − fees + discount, exactly). */
    supplierCostMinor: money('supplier_cost_minor').notNull(),
    /** The supplier's cost in its own currency, and units of the sale currency per unit of it. */
    supplierAmountMinor: money('supplier_amount_minor').notNull(),
    supplierCurrency: text('supplier_currency').notNull(),
    exchangeRate: text('exchange_rate').notNull(),
    markupMinor: money('markup_minor').notNull(),
    feeMinor: money('fee_minor').notNull(),
    discountMinor: money('discount_minor').notNull(),
    /** The promo code the order was sold with (null: none) and the part of the discount it took off. */
    promoCode: text('promo_code'),
    promoDiscountMinor: money('promo_discount_minor').notNull().default(0),
    /** Set when the order is paid: the provider that took the payment, its fee, and the margin it leaves. */
    paidAt: tsNullable('paid_at'),
    provider: text('provider'),
    providerFeeMinor: money('provider_fee_minor'),
    marginMinor: money('margin_minor'),
  },
  (t) => [
    index('order_books_paid_at_idx').on(t.paidAt),
    check(
      'order_books_identity',
      sql`"sale_minor" = "supplier_cost_minor" + "markup_minor" + "fee_minor" - "discount_minor"`,
    ),
    check(
      'order_books_promo',
      sql`("promo_code" IS NULL) = ("promo_discount_minor" = 0) AND "promo_discount_minor" BETWEEN 0 AND "discount_minor"`,
    ),
    check(
      'order_books_paid_together',
      sql`("paid_at" IS NULL) = ("provider" IS NULL) AND ("paid_at" IS NULL) = ("provider_fee_minor" IS NULL) AND ("paid_at" IS NULL) = ("margin_minor" IS NULL)`,
    ),
  ],
);

/**
 * One row per refund of a sale: what went back to the traveller, what the agency kept of the payment, and what the
 * supplier gave the agency back of its cost (packages/core/src/books.ts `supplierReturnedMinor`).
 */
export const refundBooks = pgTable(
  'refund_books',
  {
    /** The refund's id (the payments module's `refunds.id`). */
    refundId: uuid('refund_id').primaryKey(),
    orderId: orderRef({ onDelete: 'cascade' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    paidMinor: money('paid_minor').notNull(),
    givenBackMinor: money('given_back_minor').notNull(),
    keptMinor: money('kept_minor').notNull(),
    supplierReturnedMinor: money('supplier_returned_minor').notNull().default(0),
  },
  (t) => [
    index('refund_books_recorded_at_idx').on(t.recordedAt),
    check(
      'refund_books_adds_up',
      sql`"given_back_minor" + "kept_minor" = "paid_minor" AND "kept_minor" >= 0`,
    ),
    check('refund_books_supplier_returned', sql`"supplier_returned_minor" >= 0`),
  ],
);
