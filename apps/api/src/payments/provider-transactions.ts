/**
 * What the callbacks of providers that keep transactions of their own share (the UZS providers' merchant
 * protocols in payments/<name>/): their transactions (`provider_transactions`), each tied to one `payments` row,
 * and the order lock every writer takes first. The payment state itself changes only through the payments
 * module (the port of ./callbacks.ts), as for webhooks.
 */
import { and, desc, eq, gt, inArray, ne, notExists, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import { orderIdParamsSchema } from '@parvoz/contracts/booking';
import { newProviderRef, type PaymentEvent, type PaymentEventType } from './provider.ts';

export type OrderRow = typeof schema.orders.$inferSelect;
export type PaymentRow = typeof schema.payments.$inferSelect;
export type ProviderTransaction = typeof schema.providerTransactions.$inferSelect;

/** A payment still waiting for its outcome at the provider. */
export const OPEN_PAYMENT_STATUSES = ['pending', 'requires_action'] as const;

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

/** Our order id as a provider sends it back (in its account field or its merchant transaction id). */
export function isOrderId(value: unknown): value is string {
  return orderIdParamsSchema.shape.id.safeParse(value).success;
}

export async function findOrder(db: Database, orderId: string): Promise<OrderRow | null> {
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  return order ?? null;
}

/** `provider`'s transactions that also meet `condition`: a query to finish. */
export function transactionsAt(db: Database, provider: string, condition: SQL | undefined) {
  return db
    .select()
    .from(schema.providerTransactions)
    .where(and(eq(schema.providerTransactions.provider, provider), condition));
}

export async function findTransaction(
  db: Database,
  provider: string,
  externalId: string,
  lock = false,
): Promise<ProviderTransaction | null> {
  const query = transactionsAt(db, provider, eq(schema.providerTransactions.externalId, externalId));
  const [found] = lock ? await query.for('update') : await query;
  return found ?? null;
}

export async function paymentOf(tx: Database, transaction: ProviderTransaction): Promise<PaymentRow> {
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
export async function paymentForTransaction(
  tx: Database,
  order: OrderRow,
  provider: string,
  now: Date,
): Promise<PaymentRow> {
  const [open] = await latestOpenPayment(
    tx,
    order.id,
    provider,
    notExists(
      tx
        .select({ id: schema.providerTransactions.id })
        .from(schema.providerTransactions)
        .where(eq(schema.providerTransactions.paymentId, schema.payments.id)),
    ),
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

/**
 * How long a traveller's attempt at one provider (a transaction created or prepared there, not yet taken) holds the
 * order against another provider's. Both would otherwise debit the order and one payment would become a refund
 * (a cost to the agency, and providers limit reversals). An attempt left open longer (the traveller closed the
 * provider's page) stops holding it, so another provider can still be chosen; a late debit then is refunded
 * as any payment of an order already paid (docs/payment-providers.md, "One provider at a time").
 */
export const OTHER_PROVIDER_HOLD_MINUTES = 10;

/** Provider transactions' state while the traveller is paying ("created", "prepared": 1 at every such provider). */
const OPEN_STATE = 1;

/** Whether a provider other than `provider` has an attempt open on the order, begun within the hold above. */
export async function otherProviderPaying(
  tx: Database,
  orderId: string,
  provider: string,
  now: Date,
): Promise<boolean> {
  const [open] = await tx
    .select({ id: schema.providerTransactions.id })
    .from(schema.providerTransactions)
    .where(
      and(
        eq(schema.providerTransactions.orderId, orderId),
        ne(schema.providerTransactions.provider, provider),
        eq(schema.providerTransactions.state, OPEN_STATE),
        gt(
          schema.providerTransactions.createdAt,
          new Date(now.getTime() - OTHER_PROVIDER_HOLD_MINUTES * 60_000),
        ),
      ),
    )
    .limit(1);
  return open !== undefined;
}

/**
 * A new provider transaction for the whole of the order (the caller holds its lock), on the payment it belongs to
 * (`paymentForTransaction`).
 */
export async function openProviderTransaction(
  tx: Database,
  order: OrderRow,
  input: {
    provider: string;
    externalId: string;
    state: number;
    providerTime: Date;
    now: Date;
    details?: Record<string, unknown>;
  },
): Promise<ProviderTransaction> {
  const { provider, now } = input;
  const payment = await paymentForTransaction(tx, order, provider, now);
  const [created] = await tx
    .insert(schema.providerTransactions)
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

/** The refund waiting for the provider on this payment, if any (one refund per payment). */
export async function pendingRefundOf(tx: Database, paymentId: string) {
  const [refund] = await tx
    .select()
    .from(schema.refunds)
    .where(and(eq(schema.refunds.paymentId, paymentId), eq(schema.refunds.status, 'pending')));
  return refund ?? null;
}

/** The payment event of a step (`perform`, `cancel`, …) of a provider transaction: one id per step and transaction. */
export function transactionEvent(
  step: string,
  type: PaymentEventType,
  transaction: ProviderTransaction,
  payment: PaymentRow,
): PaymentEvent {
  return {
    id: `${step}:${transaction.externalId}`,
    type,
    providerRef: payment.providerRef!,
    amountMinor: transaction.amountMinor,
    currency: transaction.currency,
  };
}
