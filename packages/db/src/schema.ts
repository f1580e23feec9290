/**
 * The database schema (docs/design.md §1, §3–5). Column names are snake_case in SQL and camelCase in
 * TypeScript. Every timestamp is `timestamptz`; money is integer minor units (`bigint`, read as a JS number)
 * plus an ISO 4217 currency code. The SQL stays within PostgreSQL 15 (the server in CI), PGlite being 18.
 *
 * After changing this file run `npm run db:generate` (see packages/db/package.json) and commit the new
 * files under packages/db/migrations/.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './schema-columns.ts';

export * from './schema-accounts.ts';

export { GENDERS, type Gender } from './schema-columns.ts';

// ---------------------------------------------------------------------------------------------------------
// Value lists (each one is also a CHECK constraint in the database)

export const IDEMPOTENCY_STATUSES = ['in_progress', 'done'] as const;
export type IdempotencyStatus = (typeof IDEMPOTENCY_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------------
// Accounts and sign-in (docs/design.md §5)

// `users`, `sessions`, `auth_codes` and `saved_travellers` are in schema-accounts.ts: the accounts module's tables
// (docs/architecture.md), which the second factor's tables refer to without a cycle.

// ---------------------------------------------------------------------------------------------------------
// Orders, inventory, payments (docs/design.md §3–4), each module's in a file of its own (docs/architecture.md)

export * from './schema-orders.ts';
export * from './schema-after-sale.ts';
export * from './schema-payments.ts';

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

// ---------------------------------------------------------------------------------------------------------
// The agency's pricing rules and their versions (docs/decisions/0025-price-rules-stacking-and-rounding.md), in a
// file of their own

export * from './schema-pricing.ts';

// ---------------------------------------------------------------------------------------------------------
// Promo codes, their versions and the orders carrying them (docs/decisions/0029-promo-codes.md), in a file of their
// own

export * from './schema-promo-codes.ts';

// ---------------------------------------------------------------------------------------------------------
// The agency's books: each order's sale, cost and margin, each refund's amounts (docs/operations.md), in a file
// of their own

export * from './schema-books.ts';
