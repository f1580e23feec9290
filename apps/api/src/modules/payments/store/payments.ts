/**
 * The payments module's store (docs/architecture.md, "Modules own their tables"): the payments and the provider
 * events recorded with their effects. Each function runs in the database or transaction it is given; the callers
 * decide what is atomic and which locks come first (the order's row, then the payment's). The refunds, the
 * providers' own transactions and the reconciliations are beside it in this folder.
 */
import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { PaymentEvent } from '../../../payments/provider.ts';
import { OPEN_PAYMENT_STATUSES } from '../../../payments/provider-transactions.ts';

export type PaymentRow = typeof schema.payments.$inferSelect;

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

/** The payment a provider knows by `providerRef`: a query to finish. */
function paymentsByRef(db: Database, provider: string, providerRef: string) {
  return db
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.provider, provider), eq(schema.payments.providerRef, providerRef)));
}

/** The payment a provider knows by `providerRef` (its session), unlocked. */
export async function paymentByRef(
  db: Database,
  provider: string,
  providerRef: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await paymentsByRef(db, provider, providerRef);
  return payment;
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
  const [payment] = await paymentsByRef(tx, provider, providerRef).for('update');
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

/** The order's latest open payment at `provider` (that also meets `also`): a query for one row. */
export function latestOpenPayment(db: Database, orderId: string, provider: string, also?: SQL) {
  return db
    .select()
    .from(schema.payments)
    .where(
      and(
        eq(schema.payments.orderId, orderId),
        eq(schema.payments.provider, provider),
        inArray(schema.payments.status, OPEN_PAYMENT_STATUSES),
        also,
      ),
    )
    .orderBy(desc(schema.payments.createdAt))
    .limit(1);
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

/** The provider events recorded about any of these provider refs (a payment's or a refund's). */
export async function providerEventsAbout(db: Database, providerRefs: string[]) {
  return db
    .select()
    .from(schema.webhookEvents)
    .where(inArray(sql<string>`${schema.webhookEvents.payload} ->> 'providerRef'`, providerRefs));
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
