/**
 * What the providers that keep transactions of their own share (the UZS providers' merchant protocols and refunds
 * in payments/<name>/): their transactions, each tied to one payment, and "one provider at a time". The rows
 * belong to the payments module and the order to the orders module (docs/architecture.md, "Modules own their
 * tables"); a provider's folder, on the outside floor, never imports `modules/`, so it reads and writes them
 * through `ProviderTransactionsPort`, which modules/payments implements (`providerTransactions`) and the
 * composition hands in: to the providers' routes with `ProviderRouteContext` (./callbacks.ts), to their adapters
 * with `ProviderSite` (./index.ts). The payment state itself changes only through the payments module (the port
 * of ./callbacks.ts), as for webhooks.
 */
import type { Database, Schema } from '@parvoz/db';
import { orderIdParamsSchema } from '@parvoz/contracts/booking';
import type { PaymentEvent, PaymentEventType } from './provider.ts';

export type OrderRow = Schema['orders']['$inferSelect'];
export type PaymentRow = Schema['payments']['$inferSelect'];
export type RefundRow = Schema['refunds']['$inferSelect'];
export type ProviderTransaction = Schema['providerTransactions']['$inferSelect'];
type PassengerType = Schema['orderPassengers']['$inferSelect']['type'];

/** A payment still waiting for its outcome at the provider. */
export const OPEN_PAYMENT_STATUSES = ['pending', 'requires_action'] as const;

/**
 * How long a traveller's attempt at one provider (a transaction created or prepared there, not yet taken) holds the
 * order against another provider's. Both would otherwise debit the order and one payment would become a refund
 * (a cost to the agency, and providers limit reversals). An attempt left open longer (the traveller closed the
 * provider's page) stops holding it, so another provider can still be chosen; a late debit then is refunded
 * as any payment of an order already paid (docs/payment-providers.md, "One provider at a time").
 */
export const OTHER_PROVIDER_HOLD_MINUTES = 10;

/** A new transaction at a provider, for the whole of an order. */
export interface NewProviderTransaction {
  provider: string;
  externalId: string;
  state: number;
  providerTime: Date;
  now: Date;
  details?: Record<string, unknown>;
}

/** What a provider's step changes on its transaction: its state, and when and why it was performed or cancelled. */
export type TransactionChanges = Partial<
  Pick<ProviderTransaction, 'state' | 'performedAt' | 'cancelledAt' | 'reason'>
>;

/** A transaction as the provider names it (its id there) or as we do (our row's id). */
export type TransactionKey = { id: string } | { provider: string; externalId: string };

/**
 * The reads and writes of the providers' transactions, and of the payments and orders they belong to, that the
 * providers' callbacks and refunds need. Each runs in the database or transaction it is given: the callbacks
 * lock the order first (`PaymentCallbackPort.lockOrder`), then the transaction and its payment.
 */
export interface ProviderTransactionsPort {
  /** An order by its id (unlocked), or null. */
  order(db: Database, orderId: string): Promise<OrderRow | null>;
  /** The types of the order's passengers in the order they were entered (a receipt's lines). */
  passengerTypes(db: Database, orderId: string): Promise<{ type: PassengerType }[]>;
  /** `provider`'s transaction `externalId`, locked `for update` when `lock`, or null. */
  transaction(
    db: Database,
    provider: string,
    externalId: string,
    lock?: boolean,
  ): Promise<ProviderTransaction | null>;
  /** A transaction by our number (the id we give the provider), or null. */
  transactionByNumber(db: Database, number: number): Promise<ProviderTransaction | null>;
  /** One of the order's transactions at `provider` in one of `states` (begun there after `since`, if given), or null. */
  transactionOfOrder(
    db: Database,
    where: { orderId: string; provider: string; states: number[]; since?: Date },
  ): Promise<ProviderTransaction | null>;
  /** `provider`'s transactions begun there in [from, to], oldest first (by time, then number). */
  statement(db: Database, provider: string, from: Date, to: Date): Promise<ProviderTransaction[]>;
  /** Sets `changes` on a transaction (the caller holds its lock) and returns it as it is now. */
  updateTransaction(
    tx: Database,
    transactionId: string,
    changes: TransactionChanges,
  ): Promise<ProviderTransaction>;
  /**
   * Keeps a fiscal receipt on the transaction (`details.fiscal.<kind>`, replacing one of that kind); false when
   * there is no such transaction.
   */
  keepFiscalReceipt(
    db: Database,
    key: TransactionKey,
    kind: 'perform' | 'cancel',
    receipt: Record<string, unknown>,
  ): Promise<boolean>;
  /** The transaction's payment, locked `for update` (after the order and the transaction). */
  paymentOf(tx: Database, transaction: ProviderTransaction): Promise<PaymentRow>;
  /** Whether a provider other than `provider` has an attempt open on the order, begun within OTHER_PROVIDER_HOLD_MINUTES. */
  otherProviderPaying(tx: Database, orderId: string, provider: string, now: Date): Promise<boolean>;
  /**
   * A new transaction for the whole of the order (the caller holds its lock), on the payment it belongs to: the
   * one "Pay" opened at this provider if no transaction has taken it yet, else a new one (the traveller may also
   * pay from the provider's own app, naming the order, without passing through our page).
   */
  openTransaction(tx: Database, order: OrderRow, input: NewProviderTransaction): Promise<ProviderTransaction>;
  /** The refund waiting for the provider on this payment, if any (one refund per payment). */
  pendingRefundOf(tx: Database, paymentId: string): Promise<RefundRow | null>;
  /**
   * The transaction (in one of `states`) of the payment `paymentProviderRef` at `provider`, with the payment's
   * amount, or undefined: what a refund of that payment cancels.
   */
  transactionToRefund(
    db: Database,
    provider: string,
    paymentProviderRef: string,
    states: number[],
  ): Promise<{ externalId: string; details: unknown; amountMinor: number } | undefined>;
}

/** Our order id as a provider sends it back (in its account field or its merchant transaction id). */
export function isOrderId(value: unknown): value is string {
  return orderIdParamsSchema.shape.id.safeParse(value).success;
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
