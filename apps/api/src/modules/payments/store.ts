/**
 * The only file that reads or writes the payments module's tables (docs/architecture.md, "Modules own their
 * tables"). Each function runs in the database or transaction it is given; the callers decide what is atomic
 * and which locks come first (the order's row, then the payment's or refund's).
 */
import { and, asc, between, count, desc, eq, inArray, isNull, like, lte, sql } from 'drizzle-orm';
import type { Column, SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { PaymentEvent } from '../../payments/provider.ts';
import { OPEN_PAYMENT_STATUSES } from '../../payments/provider-transactions.ts';

export type PaymentRow = typeof schema.payments.$inferSelect;
export type RefundRow = typeof schema.refunds.$inferSelect;
export type ProviderTransactionRow = typeof schema.providerTransactions.$inferSelect;

/**
 * Records a provider event's id in the transaction of its effect; false when it was handled before (a
 * replay changes nothing). Every payment state change from a provider goes through this.
 */
export async function recordProviderEvent(
  tx: Database,
  provider: string,
  event: PaymentEvent,
  now: Date,
): Promise<boolean> {
  const recorded = await tx
    .insert(schema.webhookEvents)
    .values({ provider, eventId: event.id, payload: event, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: schema.webhookEvents.eventId });
  return recorded.length > 0;
}

/** A new payment row (its provider session is set once the provider answered). */
export async function insertPayment(
  tx: Database,
  values: typeof schema.payments.$inferInsert,
): Promise<PaymentRow> {
  const [payment] = await tx.insert(schema.payments).values(values).returning();
  return payment!;
}

/** The provider's session of a payment: its reference and the page the traveller is sent to. */
export async function setPaymentSession(
  tx: Database,
  paymentId: string,
  session: { providerRef: string; redirectUrl: string },
): Promise<void> {
  await tx
    .update(schema.payments)
    .set({ providerRef: session.providerRef, redirectUrl: session.redirectUrl })
    .where(eq(schema.payments.id, paymentId));
}

/** The order of the payment a provider knows by `providerRef` (unlocked: to lock the order first). */
export async function orderIdOfPayment(
  tx: Database,
  provider: string,
  providerRef: string,
): Promise<string | undefined> {
  const [located] = await tx
    .select({ orderId: schema.payments.orderId })
    .from(schema.payments)
    .where(and(eq(schema.payments.provider, provider), eq(schema.payments.providerRef, providerRef)));
  return located?.orderId;
}

/** The payment a provider knows by `providerRef`, locked `for update` (after its order). */
export async function lockPaymentByRef(
  tx: Database,
  provider: string,
  providerRef: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.provider, provider), eq(schema.payments.providerRef, providerRef)))
    .for('update');
  return payment;
}

/** A payment's new status. */
export async function setPaymentStatus(
  tx: Database,
  paymentId: string,
  status: 'requires_action' | 'failed' | 'succeeded',
  now: Date,
): Promise<void> {
  await tx.update(schema.payments).set({ status, updatedAt: now }).where(eq(schema.payments.id, paymentId));
}

/** The order's payments still open (their card page must not take a payment any more): cancelled. */
export async function cancelOpenPayments(tx: Database, orderId: string, now: Date): Promise<void> {
  await tx
    .update(schema.payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(schema.payments.orderId, orderId), inArray(schema.payments.status, OPEN_PAYMENT_STATUSES)));
}

/** The order's latest payment that succeeded (by creation). */
export async function latestSucceededPayment(tx: Database, orderId: string): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.orderId, orderId), eq(schema.payments.status, 'succeeded')))
    .orderBy(desc(schema.payments.createdAt))
    .limit(1);
  return payment;
}

/** The order's payments that succeeded, in the order they succeeded (a succeeded payment is not changed after). */
export async function succeededPayments(db: Database, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.orderId, orderId), eq(schema.payments.status, 'succeeded')))
    .orderBy(asc(schema.payments.updatedAt));
}

/** The order's payments that succeeded, latest first, each with its refund's id if it has one. */
export async function succeededPaymentsWithRefund(
  tx: Database,
  orderId: string,
): Promise<{ payment: PaymentRow; refundId: string | null }[]> {
  return tx
    .select({ payment: schema.payments, refundId: schema.refunds.id })
    .from(schema.payments)
    .leftJoin(schema.refunds, eq(schema.refunds.paymentId, schema.payments.id))
    .where(and(eq(schema.payments.orderId, orderId), eq(schema.payments.status, 'succeeded')))
    .orderBy(desc(schema.payments.createdAt));
}

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

/** Rows with one of the ids, or dated inside the window. */
export type EntryFilter = { from: Date; to: Date } | { ids: string[] };

function idsOrWindow(where: EntryFilter, idColumn: Column, timeColumn: Column): SQL {
  return 'ids' in where ? inArray(idColumn, where.ids) : between(timeColumn, where.from, where.to);
}

/** A provider's transactions by their external id or their time at the provider. */
export async function providerTransactionsFor(
  db: Database,
  provider: string,
  where: EntryFilter,
): Promise<ProviderTransactionRow[]> {
  const t = schema.providerTransactions;
  return db
    .select()
    .from(t)
    .where(and(eq(t.provider, provider), idsOrWindow(where, t.externalId, t.providerTime)));
}

/** A provider's payments by their provider ref or their creation time. */
export async function paymentsFor(db: Database, provider: string, where: EntryFilter): Promise<PaymentRow[]> {
  const p = schema.payments;
  return db
    .select()
    .from(p)
    .where(and(eq(p.provider, provider), idsOrWindow(where, p.providerRef, p.createdAt)));
}

/** Of these payments, those with a refund that went through (a partial one too). */
export async function paymentIdsRefunded(db: Database, paymentIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ paymentId: schema.refunds.paymentId })
    .from(schema.refunds)
    .where(and(inArray(schema.refunds.paymentId, paymentIds), eq(schema.refunds.status, 'succeeded')));
  return rows.map((row) => row.paymentId);
}

/** One reconciliation run's row. */
export async function insertReconciliation(
  db: Database,
  values: typeof schema.paymentReconciliations.$inferInsert,
): Promise<void> {
  await db.insert(schema.paymentReconciliations).values(values);
}

/** When the last reconciliation ran (any instance), if ever. */
export async function lastReconciliationAt(db: Database): Promise<Date | undefined> {
  const [last] = await db
    .select({ ranAt: schema.paymentReconciliations.ranAt })
    .from(schema.paymentReconciliations)
    .orderBy(desc(schema.paymentReconciliations.ranAt))
    .limit(1);
  return last?.ranAt;
}

/** Every payment of an order, in the order they were started. */
export async function paymentsOfOrder(db: Database, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.orderId, orderId))
    .orderBy(asc(schema.payments.createdAt));
}

/** One payment by its id. */
export async function paymentById(db: Database, paymentId: string): Promise<PaymentRow | undefined> {
  const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.id, paymentId));
  return payment;
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

/** The provider events recorded about any of these provider refs (a payment's or a refund's). */
export async function providerEventsAbout(db: Database, providerRefs: string[]) {
  return db
    .select()
    .from(schema.webhookEvents)
    .where(inArray(sql<string>`${schema.webhookEvents.payload} ->> 'providerRef'`, providerRefs));
}

/** Every refund of a payment. */
export async function refundsOfPayment(db: Database, paymentId: string): Promise<RefundRow[]> {
  return db.select().from(schema.refunds).where(eq(schema.refunds.paymentId, paymentId));
}

/** Every provider transaction of an order. */
export const providerTransactionsOfOrder = (db: Database, orderId: string) =>
  db.select().from(schema.providerTransactions).where(eq(schema.providerTransactions.orderId, orderId));

/** How many provider transactions there are, of every provider. */
export async function countProviderTransactions(db: Database): Promise<number> {
  return (await db.select().from(schema.providerTransactions)).length;
}

/** How many refunds there are, of every order. */
export async function countRefunds(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(schema.refunds);
  return row!.n;
}

/** Provider events by provider and event id pattern (SQL LIKE), by event ids, or by the payload's providerRef. */
export type ProviderEventFilter =
  { provider: string; eventIdLike: string } | { eventIds: string[] } | { providerRef: string };

/** How many recorded provider events match. */
export async function countProviderEvents(db: Database, filter: ProviderEventFilter): Promise<number> {
  const e = schema.webhookEvents;
  const where =
    'eventIdLike' in filter
      ? and(eq(e.provider, filter.provider), like(e.eventId, filter.eventIdLike))
      : 'eventIds' in filter
        ? inArray(e.eventId, filter.eventIds)
        : sql`${e.payload}->>'providerRef' = ${filter.providerRef}`;
  const [row] = await db.select({ n: count() }).from(e).where(where);
  return row!.n;
}
