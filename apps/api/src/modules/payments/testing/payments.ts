/**
 * The payments module's rows for other suites, read through the module's store (docs/architecture.md, "Test
 * helpers go through the store").
 */
import type { Database } from '@parvoz/db';
import {
  countProviderEvents,
  paymentById,
  paymentsOfOrder,
  type PaymentRow,
  type ProviderEventFilter,
} from '../store/payments.ts';
import { countProviderTransactions, providerTransactionsOfOrder } from '../store/provider-transactions.ts';
import { countRefunds, refundsOfOrder, refundsOfPayment, type RefundRow } from '../store/refunds.ts';

export type { PaymentRow, RefundRow };

/** Every payment of the order. */
export const paymentsOf = (db: Database, orderId: string): Promise<PaymentRow[]> =>
  paymentsOfOrder(db, orderId);

/** One payment by its id (undefined when there is none). */
export const paymentOf = (db: Database, paymentId: string): Promise<PaymentRow | undefined> =>
  paymentById(db, paymentId);

/** Every refund of the order. */
export const refundsOf = (db: Database, orderId: string): Promise<RefundRow[]> => refundsOfOrder(db, orderId);

/** Every refund of the payment. */
export const refundsOfPaymentId = (db: Database, paymentId: string): Promise<RefundRow[]> =>
  refundsOfPayment(db, paymentId);

/** How many provider transactions (Payme's, Click's) are stored. */
export const providerTransactionCount = (db: Database): Promise<number> => countProviderTransactions(db);

/** How many refunds are stored, of every order. */
export const refundCount = (db: Database): Promise<number> => countRefunds(db);

/** How many provider events (webhooks, callbacks) were recorded that match. */
export const providerEventCount = (db: Database, filter: ProviderEventFilter): Promise<number> =>
  countProviderEvents(db, filter);

/** The order's provider transactions (Payme's, Click's). */
export const transactionsOf = (db: Database, orderId: string) => providerTransactionsOfOrder(db, orderId);
