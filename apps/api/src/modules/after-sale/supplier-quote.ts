/**
 * A cancellation at the supplier that holds the order (docs/after-sale.md): its quote in our order's terms, and the
 * refusals a cancellation answers.
 */
import type { AirlineCredit } from '@parvoz/db';
import type { CancellationRefusal } from '@parvoz/contracts/order-cancellations';
import type { OrderPrice } from '@parvoz/core/order-pricing';
import { ApiFailure } from '../../errors.ts';
import { serviceFeeMinorOf, type OrderRow } from '../orders/index.ts';
import { SupplierRefused, type CancellationQuote } from '../../suppliers/orders.ts';
import type { SupplierRegistry } from '../../suppliers/registry.ts';

export function refused(reason: CancellationRefusal, message: string): ApiFailure {
  return new ApiFailure('unprocessable', message, { reason });
}

export const supplierUnreachable = () =>
  new ApiFailure('unavailable', 'The airline could not be reached. Please try again.', {
    reason: 'supplier_unavailable',
  });

/**
 * The supplier's quote for cancelling the order there (`quoteCancellation`), its refund in our order's currency: the
 * same share of what the traveller paid as the supplier's refund is of its total (our price is the supplier's
 * converted at booking), never more than was paid.
 */
export async function supplierQuote(
  suppliers: SupplierRegistry | undefined,
  order: OrderRow,
  staff: boolean,
): Promise<{
  id: string;
  refundMinor: number;
  refundTo: 'voucher' | 'airline_credits' | 'unknown' | null;
  credits: AirlineCredit[];
  /** What the supplier's quote gives the agency back in money, as it writes it (the books). */
  returned?: { amount: string; currency: string };
}> {
  const supplier = suppliers?.orders(order.supplier);
  if (!supplier || !order.supplierOrderId)
    throw refused('not_cancellable', 'This order cannot be cancelled.');
  let quote: CancellationQuote;
  try {
    quote = await supplier.quoteCancellation(order.supplierOrderId);
  } catch (error) {
    if (error instanceof SupplierRefused) throw refused('not_cancellable', 'This order cannot be cancelled.');
    throw supplierUnreachable();
  }
  // Credits are the airline's to give, not money of ours: the traveller gets them, no cash.
  if (quote.refundTo === 'voucher' || quote.refundTo === 'airline_credits')
    return { id: quote.id, refundMinor: 0, refundTo: quote.refundTo, credits: quote.airlineCredits };
  // No amount from the airline (the quote's amount null): an operator settles it, never a refund of 0.
  // An operator may take it: recorded as `unknown`, confirmed only by an admin with the amount agreed.
  if (quote.refundAmount === null) {
    if (!staff)
      throw refused('not_cancellable', 'The airline gave no refund amount: our support team will cancel it.');
    return { id: quote.id, refundMinor: 0, refundTo: 'unknown', credits: [] };
  }
  const total = Number(order.supplierTotalAmount);
  const back = Number(quote.refundAmount);
  const share = total > 0 && quote.refundCurrency === order.supplierCurrency ? Math.min(1, back / total) : 0;
  // Our service fee comes back only with the whole fare (docs/operations.md#cancellations-and-refunds).
  const fee = Math.min(order.totalMinor, serviceFeeMinorOf(order.price as OrderPrice));
  const refundMinor = share >= 1 ? order.totalMinor : Math.floor((order.totalMinor - fee) * share);
  const { refundAmount: amount, refundCurrency: currency } = quote;
  return {
    id: quote.id,
    refundMinor,
    refundTo: null,
    credits: [],
    ...(currency ? { returned: { amount, currency } } : {}),
  };
}
