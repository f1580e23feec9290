/**
 * The payments module's store of refunds (docs/architecture.md, "Modules own their tables"; docs/after-sale.md).
 * Each function runs in the database or transaction it is given; a writer locks the order first, then the refund.
 */
import { and, asc, count, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

export type RefundRow = typeof schema.refunds.$inferSelect;

/** A new refund row; its id. A second refund of the same payment is a unique violation. */
export async function insertRefund(
  tx: Database,
  values: typeof schema.refunds.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(schema.refunds).values(values).returning({ id: schema.refunds.id });
  return row!.id;
}

/** A refund with the provider's reference of the payment it gives back. */
export async function refundWithPaymentRef(
  db: Database,
  refundId: string,
): Promise<{ refund: RefundRow; paymentRef: string | null } | undefined> {
  const [row] = await db
    .select({ refund: schema.refunds, paymentRef: schema.payments.providerRef })
    .from(schema.refunds)
    .innerJoin(schema.payments, eq(schema.payments.id, schema.refunds.paymentId))
    .where(eq(schema.refunds.id, refundId));
  return row;
}

/** The provider's id of a refund it took, unless one is set already. */
export async function setRefundProviderRefIfUnset(
  db: Database,
  refundId: string,
  providerRef: string,
  now: Date,
): Promise<void> {
  await db
    .update(schema.refunds)
    .set({ providerRef, updatedAt: now })
    .where(and(eq(schema.refunds.id, refundId), isNull(schema.refunds.providerRef)));
}

/** Pending refunds no provider has taken, recorded at or before `before`, oldest first (50 at most). */
export async function unstartedRefunds(db: Database, before: Date): Promise<{ id: string }[]> {
  return db
    .select({ id: schema.refunds.id })
    .from(schema.refunds)
    .where(
      and(
        eq(schema.refunds.status, 'pending'),
        isNull(schema.refunds.providerRef),
        lte(schema.refunds.createdAt, before),
      ),
    )
    .orderBy(asc(schema.refunds.createdAt))
    .limit(50);
}

/** A refund as a provider's event names it: by our id (with the provider) or by the provider's id. */
export type RefundKey = { provider: string } & ({ id: string } | { providerRef: string });

function refundWhere(key: RefundKey): SQL | undefined {
  return 'id' in key
    ? and(eq(schema.refunds.id, key.id), eq(schema.refunds.provider, key.provider))
    : and(eq(schema.refunds.provider, key.provider), eq(schema.refunds.providerRef, key.providerRef));
}

/** The order of the refund a key names (unlocked: to lock the order first). */
export async function orderIdOfRefund(tx: Database, key: RefundKey): Promise<string | undefined> {
  const [located] = await tx
    .select({ orderId: schema.refunds.orderId })
    .from(schema.refunds)
    .where(refundWhere(key));
  return located?.orderId;
}

/** The refund a key names, locked `for update` (after its order). */
export async function lockRefund(tx: Database, key: RefundKey): Promise<RefundRow | undefined> {
  const [refund] = await tx.select().from(schema.refunds).where(refundWhere(key)).for('update');
  return refund;
}

/** A refund the provider confirmed. */
export async function markRefundSucceeded(
  tx: Database,
  refundId: string,
  providerRef: string,
  now: Date,
): Promise<void> {
  await tx
    .update(schema.refunds)
    .set({ status: 'succeeded', succeededAt: now, providerRef, failureReason: null, updatedAt: now })
    .where(eq(schema.refunds.id, refundId));
}

/** A refund the provider refused, with its reason. */
export async function markRefundFailed(
  tx: Database,
  refundId: string,
  providerRef: string,
  failureReason: string,
  now: Date,
): Promise<void> {
  await tx
    .update(schema.refunds)
    .set({ status: 'failed', providerRef, failureReason, updatedAt: now })
    .where(eq(schema.refunds.id, refundId));
}

/** An order's refund, locked `for update` (after the order). */
export async function lockRefundOfOrder(
  tx: Database,
  orderId: string,
  refundId: string,
): Promise<RefundRow | undefined> {
  const [refund] = await tx
    .select()
    .from(schema.refunds)
    .where(and(eq(schema.refunds.id, refundId), eq(schema.refunds.orderId, orderId)))
    .for('update');
  return refund;
}

/** A refund pending again with no provider id, its retries counted. */
export async function reopenRefund(
  tx: Database,
  refundId: string,
  retries: number,
  now: Date,
): Promise<void> {
  await tx
    .update(schema.refunds)
    .set({ status: 'pending', providerRef: null, retries, updatedAt: now })
    .where(eq(schema.refunds.id, refundId));
}

/** The refund waiting for the provider on this payment, if any (one refund per payment). */
export async function pendingRefundOf(tx: Database, paymentId: string): Promise<RefundRow | null> {
  const [refund] = await tx
    .select()
    .from(schema.refunds)
    .where(and(eq(schema.refunds.paymentId, paymentId), eq(schema.refunds.status, 'pending')));
  return refund ?? null;
}

/** Every refund of an order, in the order they were recorded. */
export async function refundsOfOrder(db: Database, orderId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(schema.refunds)
    .where(eq(schema.refunds.orderId, orderId))
    .orderBy(asc(schema.refunds.createdAt));
}

/** The status of an order's refund, if the order has it. */
export async function refundStatusOfOrder(
  tx: Database,
  orderId: string,
  refundId: string,
): Promise<RefundRow['status'] | undefined> {
  const [known] = await tx
    .select({ status: schema.refunds.status })
    .from(schema.refunds)
    .where(and(eq(schema.refunds.id, refundId), eq(schema.refunds.orderId, orderId)));
  return known?.status;
}

/** Every refund of a payment. */
export async function refundsOfPayment(db: Database, paymentId: string): Promise<RefundRow[]> {
  return db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, paymentId));
}

/** How many refunds there are, of every order. */
export async function countRefunds(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(schema.refunds);
  return row!.n;
}

/** The refunds still owed (every instance's), by status, with the age in seconds of the oldest (for metrics.ts). */
export async function openRefundsByStatus(
  db: Database,
): Promise<{ status: string; count: number; oldest: number | null }[]> {
  const result = await db.execute<{ status: string; count: number; oldest: number | null }>(sql`
    SELECT status, count(*)::int AS count, extract(epoch FROM now() - min(created_at))::float8 AS oldest
      FROM refunds WHERE status <> 'succeeded' GROUP BY status`);
  return result.rows;
}
