/**
 * The emails to send, re-exported by schema.ts: written in the transaction of the change they tell of and sent
 * by the outbox worker (docs/design.md). Owned by apps/api/src/modules/mail/, whose store.ts alone reads and
 * writes this table (docs/architecture.md).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf, tsNullable } from './schema-columns.ts';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Messages (emails) to send, written in the same transaction as the change that causes them. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    toAddress: text('to_address'),
    /** Optional: at most one message per key (e.g. `order-confirmation:<order id>`). */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When pending: not before; when sending: the sender's lease ends (then it may be picked again). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: tsNullable('sent_at'),
    /** The order the email is about, when it is about one (the console's order history lists it). */
    orderId: text('order_id'),
  },
  (t) => [
    index('outbox_order_id_idx')
      .on(t.orderId, t.createdAt)
      .where(sql`"order_id" IS NOT NULL`),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`"status" IN ('pending', 'sending')`),
    uniqueIndex('outbox_dedupe_key_key').on(t.dedupeKey),
    // The console lists the emails that could not be sent (docs/after-sale.md §8).
    index('outbox_failed_idx')
      .on(t.createdAt)
      .where(sql`"status" = 'failed'`),
    check('outbox_status', oneOf('status', OUTBOX_STATUSES)),
    check('outbox_attempts_nonnegative', sql`"attempts" >= 0`),
  ],
);
