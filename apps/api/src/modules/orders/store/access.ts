/**
 * The orders' store (packages/db/src/schema-orders.ts; docs/architecture.md, "Modules own their tables"), by concern:
 * this file holds the order's secret links (`order_access_tokens`) and its contact email changes
 * (`order_email_changes`). Each function runs in the database or transaction it is given.
 */
import { and, eq, gt, gte, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

const tokens = schema.orderAccessTokens;
const emailChanges = schema.orderEmailChanges;

export type AccessTokenRow = typeof tokens.$inferSelect;
export type EmailChangeRow = typeof emailChanges.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// Access tokens

export async function insertAccessToken(db: Database, orderId: string, tokenHash: string, now: Date) {
  await db.insert(tokens).values({ orderId, tokenHash, createdAt: now });
}

/** Revokes every live token of the order. */
export async function revokeLiveAccessTokens(db: Database, orderId: string, now: Date) {
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.orderId, orderId), isNull(tokens.revokedAt)));
}

/** The order of the live token with this hash; undefined when none is live. */
export async function orderOfLiveAccessToken(db: Database, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ orderId: tokens.orderId })
    .from(tokens)
    .where(and(eq(tokens.tokenHash, tokenHash), isNull(tokens.revokedAt)));
  return row?.orderId;
}

/** Every token of the order, revoked ones too. */
export async function accessTokensOfOrder(db: Database, orderId: string): Promise<AccessTokenRow[]> {
  return db.select().from(tokens).where(eq(tokens.orderId, orderId));
}

// ---------------------------------------------------------------------------------------------------------
// Contact email changes

export async function insertEmailChange(tx: Database, values: typeof emailChanges.$inferInsert) {
  await tx.insert(emailChanges).values(values);
}

/** Ends the order's pending changes (not confirmed, not expired) at `now`, but for `except`. */
export async function endPendingEmailChanges(tx: Database, orderId: string, now: Date, except?: string) {
  await tx
    .update(emailChanges)
    .set({ expiresAt: now })
    .where(
      and(
        eq(emailChanges.orderId, orderId),
        isNull(emailChanges.confirmedAt),
        gt(emailChanges.expiresAt, now),
        ...(except === undefined ? [] : [ne(emailChanges.id, except)]),
      ),
    );
}

/** The change of this order with this id, its row locked until the transaction ends. */
export async function lockEmailChange(
  tx: Database,
  orderId: string,
  changeId: string,
): Promise<EmailChangeRow | undefined> {
  const [row] = await tx
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.id, changeId), eq(emailChanges.orderId, orderId)))
    .for('update');
  return row;
}

export async function updateEmailChange(
  tx: Database,
  changeId: string,
  set: Pick<
    Partial<typeof emailChanges.$inferInsert>,
    'attempts' | 'confirmedAt' | 'previousEmail' | 'undoTokenHash'
  >,
) {
  await tx.update(emailChanges).set(set).where(eq(emailChanges.id, changeId));
}

/** Spends the undo of every confirmed change of the order since `confirmedAt` (that one included). */
export async function spendEmailChangeUndos(tx: Database, orderId: string, confirmedAt: Date, now: Date) {
  await tx
    .update(emailChanges)
    .set({ undoneAt: now })
    .where(
      and(
        eq(emailChanges.orderId, orderId),
        isNull(emailChanges.undoneAt),
        isNotNull(emailChanges.confirmedAt),
        gte(emailChanges.confirmedAt, confirmedAt),
      ),
    );
}

/** The addresses replaced by the order's changes confirmed after `since` and not undone. */
export async function emailsReplacedSince(db: Database, orderId: string, since: Date): Promise<string[]> {
  const rows = await db
    .select({ email: emailChanges.previousEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.orderId, orderId),
        isNotNull(emailChanges.confirmedAt),
        isNull(emailChanges.undoneAt),
        gt(emailChanges.confirmedAt, since),
      ),
    );
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}

/**
 * A condition on `orders` (the table of the outer statement): no change of its contact email confirmed after
 * `since` (an ISO time) and not undone.
 */
export function noEmailChangeSince(since: string): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM order_email_changes c WHERE c.order_id = "orders"."id"
    AND c.confirmed_at IS NOT NULL AND c.undone_at IS NULL AND c.confirmed_at > ${since}::timestamptz)`;
}

export async function findEmailChange(db: Database, changeId: string): Promise<EmailChangeRow | undefined> {
  const [row] = await db.select().from(emailChanges).where(eq(emailChanges.id, changeId));
  return row;
}
