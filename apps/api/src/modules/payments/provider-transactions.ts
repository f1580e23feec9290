/**
 * The payments module's side of the providers' transactions: the port the providers' folders use
 * (`ProviderTransactionsPort`, payments/provider-transactions.ts), backed by this module's store and the orders'
 * index, and the fiscal receipts those transactions keep, which an order shows (modules/orders/history.ts).
 */
import type { Database } from '@parvoz/db';
import type { FiscalReceipt } from '@parvoz/contracts/booking';
import type { ProviderTransactionsPort } from '../../payments/provider-transactions.ts';
import { orderRow, passengerTypesOfOrder } from '../orders/index.ts';
import {
  findTransaction,
  keepFiscalReceipt,
  openProviderTransaction,
  otherProviderPaying,
  paymentOfTransaction,
  transactionByNumber,
  transactionDetailsOfOrder,
  transactionOfOrder,
  transactionsBetween,
  transactionToRefund,
  updateTransaction,
} from './store/provider-transactions.ts';
import { pendingRefundOf } from './store/refunds.ts';

/** The port of payments/provider-transactions.ts, handed to the providers by the composition (app.ts). */
export const providerTransactions: ProviderTransactionsPort = {
  order: async (db, orderId) => (await orderRow(db, orderId)) ?? null,
  passengerTypes: passengerTypesOfOrder,
  transaction: findTransaction,
  transactionByNumber,
  transactionOfOrder,
  statement: (db, provider, from, to) => transactionsBetween(db, provider, from, to),
  updateTransaction,
  keepFiscalReceipt,
  paymentOf: paymentOfTransaction,
  otherProviderPaying,
  openTransaction: openProviderTransaction,
  pendingRefundOf,
  transactionToRefund,
};

/** The fiscal receipts kept on an order's provider transactions, oldest first. */
export async function fiscalReceiptsOfOrder(db: Database, orderId: string): Promise<FiscalReceipt[]> {
  const transactions = await transactionDetailsOfOrder(db, orderId);
  return transactions.flatMap((t) => fiscalReceiptsOf(t.provider, t.details));
}

/** The receipts kept on a provider transaction (`details.fiscal.perform` and `.cancel`, payments/<name>/fiscal-data.ts). */
function fiscalReceiptsOf(provider: string, details: unknown): FiscalReceipt[] {
  const fiscal = (details as { fiscal?: Record<string, Record<string, unknown>> } | null)?.fiscal;
  if (!fiscal) return [];
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  return (['perform', 'cancel'] as const).flatMap((type) => {
    const data = fiscal[type];
    if (!data) return [];
    return [
      {
        provider,
        kind: type === 'perform' ? ('sale' as const) : ('refund' as const),
        url:
          typeof data.qr_code_url === 'string' && data.qr_code_url.startsWith('https://')
            ? data.qr_code_url
            : null,
        receipt_id: text(data.receipt_id),
        registered_at: text(data.date),
      },
    ];
  });
}
