/**
 * Promo codes (docs/decisions/0029-promo-codes.md), re-exported by schema.ts. Owned by
 * apps/api/src/modules/promo-codes/, whose store.ts alone reads and writes these tables (docs/architecture.md).
 *
 * `promo_codes` holds each code's terms as they are now and the count of orders holding it (`used`): a booking
 * claims a use by one conditional UPDATE of that row, so the limit holds across instances. Every version of the
 * terms, with its author and time, is kept in `promo_code_versions`; each order that carries a code has one
 * `promo_redemptions` row (released when the order ends unpaid).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { adjustmentColumns, createdAt, money, oneOf, tsNullable, uuidId } from './schema-columns.ts';
import { orderRef } from './schema-orders.ts';

export const PROMO_CODE_PERS = ['passenger', 'order'] as const;

/** The terms as they are now: the core's `PromoTerms`, and the uses claimed. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuidId(),
    /** Upper case (`normalisePromoCode`): codes are compared without regard to case. */
    code: text('code').notNull(),
    version: integer('version').notNull(),
    ...adjustmentColumns(PROMO_CODE_PERS),
    /** The core's `PriceRuleScope`, as JSON. */
    scope: jsonb('scope').$type<Record<string, unknown>>().notNull().default({}),
    validFrom: tsNullable('valid_from'),
    validUntil: tsNullable('valid_until'),
    totalLimit: integer('total_limit').notNull(),
    perTravellerLimit: integer('per_traveller_limit').notNull(),
    /** Orders holding the code now (claimed at booking, given back when an unpaid order ends). */
    used: integer('used').notNull().default(0),
    retiredAt: tsNullable('retired_at'),
    authorUserId: uuid('author_user_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(t.code),
    check('promo_codes_code_upper', sql`"code" = upper("code")`),
    check('promo_codes_per', oneOf('per', PROMO_CODE_PERS)),
    check('promo_codes_percent_range', sql`"percent_bp" BETWEEN 0 AND 10000`),
    check('promo_codes_limits', sql`"total_limit" >= 1 AND "per_traveller_limit" >= 1 AND "used" >= 0`),
  ],
);

/** Every version of a code's terms (the console's history): never changed, only added. */
export const promoCodeVersions = pgTable(
  'promo_code_versions',
  {
    codeId: uuid('code_id')
      .notNull()
      .references(() => promoCodes.id),
    version: integer('version').notNull(),
    /** The terms as the console wrote them (the contract's shape), and whether this version retired the code. */
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    retired: boolean('retired').notNull().default(false),
    authorUserId: uuid('author_user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'promo_code_versions_pkey', columns: [t.codeId, t.version] })],
);

/** An order carrying a code: one per order; a released one no longer counts towards either limit. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: uuidId(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => promoCodes.id),
    orderId: orderRef({ onDelete: 'cascade' }),
    /** The contact's mailbox (`canonicalMailbox`): what the per-traveller limit counts. */
    mailbox: text('mailbox').notNull(),
    discountMinor: money('discount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    releasedAt: tsNullable('released_at'),
  },
  (t) => [
    uniqueIndex('promo_redemptions_order_key').on(t.orderId),
    index('promo_redemptions_mailbox_idx').on(t.codeId, t.mailbox),
    check('promo_redemptions_discount', sql`"discount_minor" > 0`),
  ],
);
