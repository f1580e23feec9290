/**
 * The payments module's store of the providers' own transactions (`provider_transactions`: the UZS providers'
 * merchant protocols, payments/<name>/), each tied to one payment. The providers reach these queries through the
 * port of payments/provider-transactions.ts (../provider-transactions.ts implements it); each runs in the database
 * or transaction it is given, and the callers lock the order first, then the transaction, then its payment.
 */
import { and, asc, between, eq, gt, inArray, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import { newProviderRef } from '../../../payments/provider.ts';
import {
  OTHER_PROVIDER_HOLD_MINUTES,
  type NewProviderTransaction,
  type TransactionChanges,
  type TransactionKey,
} from '../../../payments/provider-transactions.ts';
import { latestOpenPayment, type PaymentRow } from './payments.ts';

const t = schema.providerTransactions;

export type ProviderTransactionRow = typeof t.$inferSelect;

/** What a new transaction and its payment take of the order. */
type OrderOfTransaction = { id: string; totalMinor: number; currency: string; lang: string };

/** `provider`'s transactions that also meet `condition`: a query to finish. */
function transactionsAt(db: Database, provider: string, condition: SQL | undefined) {
  return db
    .select()
    .from(t)
    .where(and(eq(t.provider, provider), condition));
}

/** `provider`'s transaction `externalId`, locked `for update` when `lock`. */
export async function findTransaction(
  db: Database,
  provider: string,
  externalId: string,
  lock = false,
): Promise<ProviderTransactionRow | null> {
  const query = transactionsAt(db, provider, eq(t.externalId, externalId));
  const [found] = lock ? await query.for('update') : await query;
  return found ?? null;
}

/** A transaction by our number. */
export async function transactionByNumber(
  db: Database,
  number: number,
): Promise<ProviderTransactionRow | null> {
  const [found] = await db.select().from(t).where(eq(t.number, number));
  return found ?? null;
}

/** One of the order's transactions at `provider` in one of `states` (begun there after `since`, if given). */
export async function transactionOfOrder(
  db: Database,
  where: { orderId: string; provider: string; states: number[]; since?: Date },
): Promise<ProviderTransactionRow | null> {
  const [found] = await transactionsAt(
    db,
    where.provider,
    and(
      eq(t.orderId, where.orderId),
      inArray(t.state, where.states),
      where.since ? gt(t.providerTime, where.since) : undefined,
    ),
  ).limit(1);
  return found ?? null;
}

/** `provider`'s transactions begun there in [from, to], oldest first (by time, then number). */
export function transactionsBetween(db: Database, provider: string, from: Date, to: Date) {
  return transactionsAt(db, provider, between(t.providerTime, from, to)).orderBy(
    asc(t.providerTime),
    asc(t.number),
  );
}

/** Sets `changes` on a transaction and returns it as it is now. */
export async function updateTransaction(
  tx: Database,
  transactionId: string,
  changes: TransactionChanges,
): Promise<ProviderTransactionRow> {
  const [updated] = await tx.update(t).set(changes).where(eq(t.id, transactionId)).returning();
  return updated!;
}

/** Keeps a fiscal receipt under `details.fiscal.<kind>` (replacing one of that kind); false when no row matched. */
export async function keepFiscalReceipt(
  db: Database,
  key: TransactionKey,
  kind: 'perform' | 'cancel',
  receipt: Record<string, unknown>,
): Promise<boolean> {
  const updated = await db
    .update(t)
    .set({
      details: sql`jsonb_set(coalesce(${t.details}, '{}'::jsonb), '{fiscal}',
        coalesce(${t.details} -> 'fiscal', '{}'::jsonb)
          || jsonb_build_object(${kind}::text, ${JSON.stringify(receipt)}::jsonb))`,
    })
    .where(
      'id' in key ? eq(t.id, key.id) : and(eq(t.provider, key.provider), eq(t.externalId, key.externalId)),
    )
    .returning({ id: t.id });
  return updated.length > 0;
}

/** The transaction's payment, locked `for update`. */
export async function paymentOfTransaction(
  tx: Database,
  transaction: ProviderTransactionRow,
): Promise<PaymentRow> {
  const [payment] = await tx
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.id, transaction.paymentId))
    .for('update');
  return payment!;
}

/**
 * The payment a new provider transaction belongs to: the one "Pay" opened at this provider if no
 * transaction has taken it yet, else a new one (the traveller may also pay from the provider's own app,
 * naming the order, without passing through our page).
 */
async function paymentForTransaction(
  tx: Database,
  order: OrderOfTransaction,
  provider: string,
  now: Date,
): Promise<PaymentRow> {
  const [open] = await latestOpenPayment(
    tx,
    order.id,
    provider,
    notExists(tx.select({ id: t.id }).from(t).where(eq(t.paymentId, schema.payments.id))),
  ).for('update');
  if (open) return open;
  const [created] = await tx
    .insert(schema.payments)
    .values({
      orderId: order.id,
      provider,
      providerRef: newProviderRef(provider.slice(0, 2)),
      amountMinor: order.totalMinor,
      currency: order.currency,
      status: 'pending',
      lang: order.lang,
      createdAt: now,
    })
    .returning();
  return created!;
}

/** Provider transactions' state while the traveller is paying ("created", "prepared": 1 at every such provider). */
const OPEN_STATE = 1;

/** Whether a provider other than `provider` has an attempt open on the order, begun within the hold. */
export async function otherProviderPaying(
  tx: Database,
  orderId: string,
  provider: string,
  now: Date,
): Promise<boolean> {
  const [open] = await tx
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.orderId, orderId),
        ne(t.provider, provider),
        eq(t.state, OPEN_STATE),
        gt(t.createdAt, new Date(now.getTime() - OTHER_PROVIDER_HOLD_MINUTES * 60_000)),
      ),
    )
    .limit(1);
  return open !== undefined;
}

/** A new provider transaction for the whole of the order (the caller holds its lock), on its payment. */
export async function openProviderTransaction(
  tx: Database,
  order: OrderOfTransaction,
  input: NewProviderTransaction,
): Promise<ProviderTransactionRow> {
  const { provider, now } = input;
  const payment = await paymentForTransaction(tx, order, provider, now);
  const [created] = await tx
    .insert(t)
    .values({
      provider,
      externalId: input.externalId,
      paymentId: payment.id,
      orderId: order.id,
      amountMinor: order.totalMinor,
      currency: order.currency,
      state: input.state,
      providerTime: input.providerTime,
      createdAt: now,
      ...(input.details ? { details: input.details } : {}),
    })
    .returning();
  return created!;
}

/** The transaction (in one of `states`) of the payment `paymentProviderRef` at `provider`, with the payment's amount. */
export async function transactionToRefund(
  db: Database,
  provider: string,
  paymentProviderRef: string,
  states: number[],
) {
  const [found] = await db
    .select({ externalId: t.externalId, details: t.details, amountMinor: schema.payments.amountMinor })
    .from(t)
    .innerJoin(schema.payments, eq(schema.payments.id, t.paymentId))
    .where(
      and(
        eq(schema.payments.provider, provider),
        eq(schema.payments.providerRef, paymentProviderRef),
        inArray(t.state, states),
      ),
    );
  return found;
}

/** The provider and details of each transaction of an order, oldest first (its fiscal receipts). */
export function transactionDetailsOfOrder(db: Database, orderId: string) {
  return db
    .select({ provider: t.provider, details: t.details })
    .from(t)
    .where(eq(t.orderId, orderId))
    .orderBy(asc(t.createdAt));
}

/** Every provider transaction of an order. */
export const providerTransactionsOfOrder = (db: Database, orderId: string) =>
  db.select().from(t).where(eq(t.orderId, orderId));

/** How many provider transactions there are, of every provider. */
export async function countProviderTransactions(db: Database): Promise<number> {
  return (await db.select().from(t)).length;
}
