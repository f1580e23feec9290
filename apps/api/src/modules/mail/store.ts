/**
 * The outbox (`outbox`, packages/db/src/schema-mail.ts): the only file that reads or writes it
 * (docs/architecture.md, "Modules own their tables"). Every function takes the database or the transaction it
 * runs in: an email is queued in the transaction of the change it tells of, and the console's retry locks its
 * row in the transaction that writes the audit entry.
 */
import { and, asc, desc, eq, gte, isNull, like, or, sql } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { OutboxStatus } from '@parvoz/db/schema-mail';

const { outbox } = schema;

export type OutboxRow = typeof outbox.$inferSelect;

// ---- Queueing and sending (mail.ts, outbox.ts) ------------------------------------------------------------

/** Inserts an email unless one with its dedupe key is there already; false when nothing was inserted. */
export async function insertEmail(
  db: Database,
  email: {
    kind: string;
    toAddress: string;
    payload: Record<string, unknown>;
    dedupeKey: string | null;
    orderId: string | null;
    at: Date;
  },
): Promise<boolean> {
  const queued = await db
    .insert(outbox)
    .values({
      kind: email.kind,
      toAddress: email.toAddress,
      payload: email.payload,
      dedupeKey: email.dedupeKey,
      orderId: email.orderId,
      nextAttemptAt: email.at,
      createdAt: email.at,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return queued.length > 0;
}

/** An email claimed for sending, as the worker reads it. */
export type ClaimedEmail<P> = {
  id: number;
  kind: string;
  to_address: string | null;
  payload: P;
  attempts: number;
};

/**
 * Claims up to `limit` due emails (pending, or sending with a lease run out) for this sender until `leaseEnd`,
 * counting the attempt: `FOR UPDATE SKIP LOCKED`, so several instances never claim the same row. They come back
 * oldest due first, the order they are sent in: `UPDATE … RETURNING` answers in the order it updated the rows,
 * whatever its subquery's ORDER BY, so they are sorted here by when they fell due.
 */
export async function claimDueEmails<P>(
  db: Database,
  claim: { at: Date; leaseEnd: Date; limit: number },
): Promise<ClaimedEmail<P>[]> {
  const result = await db.execute<ClaimedEmail<P> & { due_at: string }>(sql`
      UPDATE outbox SET status = 'sending', attempts = outbox.attempts + 1,
        next_attempt_at = ${claim.leaseEnd.toISOString()}
      FROM (
        SELECT id, next_attempt_at AS due_at FROM outbox
        WHERE status IN ('pending', 'sending') AND next_attempt_at <= ${claim.at.toISOString()}
        ORDER BY next_attempt_at, id
        LIMIT ${claim.limit}
        FOR UPDATE SKIP LOCKED
      ) due
      WHERE outbox.id = due.id
      RETURNING outbox.id, outbox.kind, outbox.to_address, outbox.payload, outbox.attempts, due.due_at`);
  return result.rows
    .sort(
      (a, b) => new Date(a.due_at).getTime() - new Date(b.due_at).getTime() || Number(a.id) - Number(b.id),
    )
    .map(({ due_at: _dueAt, ...row }) => row);
}

/**
 * A send that failed: back to pending at `nextAttemptAt`, or failed for good when `final`. Only while the row
 * is still this claim's (`sending` with the same attempt count): a claim whose lease ran out touches nothing.
 */
export async function recordFailedSend(
  db: Database,
  send: { id: number; attempts: number; final: boolean; nextAttemptAt: Date; error: string },
): Promise<void> {
  await db.execute(sql`
        UPDATE outbox SET status = ${send.final ? 'failed' : 'pending'},
          next_attempt_at = ${send.nextAttemptAt.toISOString()},
          last_error = ${send.error}
        WHERE id = ${send.id} AND status = 'sending' AND attempts = ${send.attempts}`);
}

/**
 * A send that went through: `sent`, and with `scrub` the body dropped (only language and subject kept, codes
 * are not kept once delivered). Only while the row is still this claim's, as `recordFailedSend`.
 */
export async function recordSent(
  db: Database,
  send: { id: number; attempts: number; sentAt: Date; scrub: boolean },
): Promise<void> {
  const scrubbed = send.scrub
    ? sql`, payload = jsonb_build_object('lang', payload->'lang', 'subject', payload->'subject', 'scrubbed', true)`
    : sql``;
  await db.execute(sql`
      UPDATE outbox SET status = 'sent', sent_at = ${send.sentAt.toISOString()}, last_error = NULL ${scrubbed}
      WHERE id = ${send.id} AND status = 'sending' AND attempts = ${send.attempts}`);
}

// ---- What the console and the metrics read ----------------------------------------------------------------

/** The emails not sent, per status (pending, sending, failed), with the age in seconds of the oldest of each. */
export async function unsentEmailsByStatus(
  db: Database,
): Promise<{ status: string; count: number; oldest: number | null }[]> {
  const result = await db.execute<{ status: string; count: number; oldest: number | null }>(sql`
    SELECT status, count(*)::int AS count,
           extract(epoch FROM now() - min(created_at))::float8 AS oldest
      FROM outbox WHERE status <> 'sent' GROUP BY status`);
  return result.rows;
}

/** The console's backlog: how many emails wait, are being sent or failed, and when the oldest waiting one came. */
export async function outboxBacklog(db: Database) {
  const result = await db.execute<{
    pending: number;
    sending: number;
    failed: number;
    oldest: string | null;
  }>(sql`
      SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
        count(*) FILTER (WHERE status = 'sending')::int AS sending,
        count(*) FILTER (WHERE status = 'failed')::int AS failed,
        min(created_at) FILTER (WHERE status = 'pending') AS oldest
      FROM outbox WHERE status IN ('pending', 'sending', 'failed')`);
  return result.rows[0]!;
}

/** The latest `limit` emails that could not be sent, newest first. */
export async function failedEmails(db: Database, limit: number) {
  const result = await db.execute<{
    id: string;
    kind: string;
    to_address: string | null;
    last_error: string | null;
    attempts: number;
    created_at: string | Date;
  }>(sql`
      SELECT id, kind, to_address, last_error, attempts, created_at FROM outbox
      WHERE status = 'failed' ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
  return result.rows;
}

/** One email's state, its row locked (`FOR UPDATE`) for the caller's transaction; undefined for an unknown id. */
export async function lockEmail(tx: Database, id: number) {
  const found = await tx.execute<{
    status: string;
    attempts: number;
    last_error: string | null;
    kind: string;
  }>(sql`SELECT status, attempts, last_error, kind FROM outbox WHERE id = ${id} FOR UPDATE`);
  return found.rows[0];
}

/** An email back in the queue, due at `at`, with a fresh count of attempts. */
export async function requeueEmail(tx: Database, id: number, at: Date): Promise<void> {
  await tx.execute(sql`
    UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ${at.toISOString()}
    WHERE id = ${id}`);
}

/** Kinds of email sent to an address for its own sake (sign-in, price alerts, invitations): never an order's. */
const NOT_ABOUT_ORDERS = sql`${outbox.kind} NOT IN ('auth-code', 'signin-suspended', 'price-alert', 'price-alert-confirm', 'staff-invite')`;

/**
 * The emails about an order, with their delivery state. Emails name their order (`order_id`); older rows,
 * written before they did, are matched by the contact address since the order was made.
 */
export function emailsAboutOrder(db: Database, order: { id: string; contactEmail: string; createdAt: Date }) {
  return db
    .select({
      kind: outbox.kind,
      to: outbox.toAddress,
      status: outbox.status,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(
      or(
        eq(outbox.orderId, order.id),
        and(
          isNull(outbox.orderId),
          eq(outbox.toAddress, order.contactEmail),
          gte(outbox.createdAt, order.createdAt),
          NOT_ABOUT_ORDERS,
        ),
      ),
    );
}

/** The newest `limit` emails, to one address or to all (the development mailbox). */
export function latestEmails(db: Database, query: { to?: string | undefined; limit: number }) {
  return db
    .select()
    .from(outbox)
    .where(query.to ? eq(outbox.toAddress, query.to) : undefined)
    .orderBy(desc(outbox.id))
    .limit(query.limit);
}

// ---- For tests (testing/outbox.ts) ----------------------------------------------------------------------

/** Which emails a test looks at: every condition given must hold. */
export type EmailFilter = {
  id?: number;
  kind?: string;
  orderId?: string;
  dedupeKey?: string;
  /** Dedupe keys starting with this. */
  dedupeKeyPrefix?: string;
  toAddress?: string;
  /** Addresses starting with this. */
  toAddressPrefix?: string;
  status?: OutboxStatus;
  /** Only the newest email (the highest id) of those matching. */
  newest?: boolean;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function emailWhere(filter: EmailFilter) {
  return and(
    filter.id === undefined ? undefined : eq(outbox.id, filter.id),
    filter.kind === undefined ? undefined : eq(outbox.kind, filter.kind),
    filter.orderId === undefined ? undefined : eq(outbox.orderId, filter.orderId),
    filter.dedupeKey === undefined ? undefined : eq(outbox.dedupeKey, filter.dedupeKey),
    filter.dedupeKeyPrefix === undefined
      ? undefined
      : like(outbox.dedupeKey, `${escapeLike(filter.dedupeKeyPrefix)}%`),
    filter.toAddress === undefined ? undefined : eq(outbox.toAddress, filter.toAddress),
    filter.toAddressPrefix === undefined
      ? undefined
      : like(outbox.toAddress, `${escapeLike(filter.toAddressPrefix)}%`),
    filter.status === undefined ? undefined : eq(outbox.status, filter.status),
  );
}

/** The emails matching `filter`, in the order they were queued (by id). */
export async function emailsWhere(db: Database, filter: EmailFilter = {}): Promise<OutboxRow[]> {
  const query = db
    .select()
    .from(outbox)
    .where(emailWhere(filter))
    .orderBy(filter.newest ? desc(outbox.id) : asc(outbox.id));
  return filter.newest ? query.limit(1) : query;
}

/** Changes the emails matching `filter` as a test needs them (a failure, an attempt count, a due time). */
export async function setEmails(
  db: Database,
  filter: EmailFilter,
  values: Partial<Pick<OutboxRow, 'status' | 'attempts' | 'nextAttemptAt' | 'lastError'>>,
): Promise<number> {
  const target = filter.newest ? (await emailsWhere(db, filter)).map((row) => row.id) : undefined;
  const rows = await db
    .update(outbox)
    .set(values)
    .where(target ? (target.length ? eq(outbox.id, target[0]!) : sql`false`) : emailWhere(filter))
    .returning({ id: outbox.id });
  return rows.length;
}

/** Inserts an email row as it is (a test's starting state: a failed email, a backlog). */
export async function insertEmailRow(db: Database, row: typeof outbox.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(outbox).values(row).returning({ id: outbox.id });
  return inserted!.id;
}
