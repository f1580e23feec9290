/**
 * Price alerts (docs/operations.md#price-alerts), re-exported by schema.ts: a watched search per email,
 * confirmed by a link (double opt-in), re-priced by a worker that several instances run at once.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money, oneOf, ownedBy, tsNullable, uuidId } from './schema-columns.ts';

export const PRICE_ALERT_STATUSES = ['pending', 'active', 'unsubscribed', 'expired'] as const;
export type PriceAlertStatus = (typeof PRICE_ALERT_STATUSES)[number];
export const PRICE_ALERT_TOKEN_PURPOSES = ['confirm', 'unsubscribe'] as const;
export type PriceAlertTokenPurpose = (typeof PRICE_ALERT_TOKEN_PURPOSES)[number];

/**
 * One watched search. `pending` until the emailed link confirms it, then `active` until unsubscribed or
 * its departure passes (`expired`). `reference_price_minor` is the lowest price the traveller last saw
 * (at subscribing, then in each alert email), in `currency`'s minor units.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuidId(),
    /** Always lower-cased (a CHECK enforces it): "mine" in the profile is the signed-in account's email. */
    email: text('email').notNull(),
    lang: text('lang').notNull(),
    currency: text('currency').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    returnDate: date('return_date', { mode: 'string' }),
    /**
     * A range of departures (docs/operations.md#price-alerts): any day from `departure_date` to this one, a round
     * trip keeping its stay (`return_date` − `departure_date`); null for the one day.
     */
    departureUntil: date('departure_until', { mode: 'string' }),
    adults: smallint('adults').notNull(),
    children: smallint('children').notNull().default(0),
    infants: smallint('infants').notNull().default(0),
    cabin: text('cabin', { enum: ['economy', 'business'] }).notNull(),
    status: text('status', { enum: PRICE_ALERT_STATUSES }).notNull().default('pending'),
    referencePriceMinor: money('reference_price_minor').notNull(),
    /** The latest re-pricing's lowest price (null until the first one, or when nothing was on sale). */
    lastPriceMinor: money('last_price_minor'),
    /** When active: the next re-pricing is due; while a worker holds it, the end of its lease. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every claim: a worker writes its result only while the row still carries its claim. */
    claims: integer('claims').notNull().default(0),
    lastCheckedAt: tsNullable('last_checked_at'),
    notifiedAt: tsNullable('notified_at'),
    createdAt: createdAt(),
    confirmedAt: tsNullable('confirmed_at'),
    endedAt: tsNullable('ended_at'),
  },
  (t) => [
    index('price_alerts_email_idx').on(t.email, t.status),
    index('price_alerts_due_idx')
      .on(t.nextCheckAt)
      .where(sql`"status" = 'active'`),
    check('price_alerts_email_lower', sql`"email" = lower("email")`),
    check('price_alerts_status', oneOf('status', PRICE_ALERT_STATUSES)),
    check('price_alerts_cabin', oneOf('cabin', ['economy', 'business'])),
    check('price_alerts_party', sql`"adults" >= 1 AND "children" >= 0 AND "infants" >= 0`),
    check('price_alerts_reference_nonnegative', sql`"reference_price_minor" >= 0`),
    check(
      'price_alerts_range',
      sql`"departure_until" IS NULL OR "departure_until" BETWEEN "departure_date" AND "departure_date" + 61`,
    ),
  ],
);

/**
 * Each re-pricing of an alert (its price history, drawn on the traveller's list): the lowest price then (null
 * when nothing was on sale) and, for a range, the day it flies. The worker keeps the latest PRICE_HISTORY_KEPT.
 */
export const priceAlertPrices = pgTable(
  'price_alert_prices',
  {
    id: uuidId(),
    alertId: ownedBy('alert_id', () => priceAlerts.id),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    priceMinor: money('price_minor'),
    departureDate: date('departure_date', { mode: 'string' }),
  },
  (t) => [index('price_alert_prices_alert_idx').on(t.alertId, t.checkedAt)],
);

/**
 * The secrets in an alert's links: random tokens, only their SHA-256 kept. One `confirm` token (the first
 * email); a new `unsubscribe` token in every alert email, each working for as long as the alert exists.
 */
export const priceAlertTokens = pgTable(
  'price_alert_tokens',
  {
    id: uuidId(),
    alertId: ownedBy('alert_id', () => priceAlerts.id),
    purpose: text('purpose', { enum: PRICE_ALERT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('price_alert_tokens_token_hash_key').on(t.tokenHash),
    index('price_alert_tokens_alert_id_idx').on(t.alertId),
    check('price_alert_tokens_purpose', oneOf('purpose', PRICE_ALERT_TOKEN_PURPOSES)),
  ],
);
