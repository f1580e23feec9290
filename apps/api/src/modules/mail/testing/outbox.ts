/**
 * Test helper for the emails (unit, PostgreSQL and e2e suites): the outbox's rows read and set up through the
 * module's store (docs/architecture.md, "Test helpers go through the store"), for suites that check what was
 * queued for an order, a refund or a sign-in, or that start from a failed email or a backlog.
 */
import type { Database } from '@parvoz/db';
import { emailsWhere, insertEmailRow, setEmails, type EmailFilter, type OutboxRow } from '../store.ts';

export type { EmailFilter, OutboxRow };

/** The emails queued that match every condition of `filter` (all of them without one), oldest first. */
export function queuedEmails(db: Database, filter: EmailFilter = {}): Promise<OutboxRow[]> {
  return emailsWhere(db, filter);
}

/** How many emails match `filter`. */
export async function countEmails(db: Database, filter: EmailFilter = {}): Promise<number> {
  return (await emailsWhere(db, filter)).length;
}

/** Sets columns of the emails matching `filter` (`newest: true`: only the last queued of them); how many changed. */
export const setQueuedEmails = setEmails;

/** Puts a row in the outbox as given (a failed email, a backlog); its id. */
export const insertOutboxRow = insertEmailRow;
