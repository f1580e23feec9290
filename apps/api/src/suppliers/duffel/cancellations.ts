/**
 * Cancelling a Duffel order with a quote, part of the adapter (./orders.ts), whose deadlines (`act`, `read`) and
 * client it shares: Order cancellations, https://duffel.com/docs/api/order-cancellations ("Create a pending order
 * cancellation", "Confirm an order cancellation", "Get a single order cancellation"), and the errors page,
 * https://duffel.com/docs/api/overview/errors (500 and 502: "You should not retry this request"; 503: "Please retry
 * later").
 */
import type { OrderCancellation } from '@duffel/api/types';
import { SupplierOutcomeUnknown, type CancellationQuote } from '../orders.ts';
import { isAnswered, neverSent, retryLater, unknownOutcome } from './hold-payments.ts';
import { notNowError } from './not-now.ts';
import type { DuffelCalls } from './timeouts.ts';

const quoteOf = (c: OrderCancellation): CancellationQuote => ({
  id: c.id,
  orderId: c.order_id,
  refundAmount: c.refund_amount,
  refundCurrency: c.refund_currency,
  // Duffel's `refund_to` (Order cancellations reference): credits are the airline's, not money back to us.
  refundTo:
    c.refund_to === 'voucher' || c.refund_to === 'airline_credits'
      ? c.refund_to
      : c.refund_to === 'awaiting_payment'
        ? 'none'
        : 'money',
  airlineCredits: (c.airline_credits ?? []).map((a) => ({
    code: a.credit_code,
    name: a.credit_name,
    amount: a.credit_amount,
    currency: a.credit_currency,
    passengerId: a.passenger_id ?? null,
  })),
  expiresAt: c.expires_at,
  confirmedAt: c.confirmed_at ?? null,
});

export function cancellationCalls({ duffel, act, read }: DuffelCalls) {
  return {
    /** A quote: what comes back if the order is cancelled now (Duffel's amount and currency), valid until `expiresAt`. */
    async quoteCancellation(orderId: string): Promise<CancellationQuote> {
      return quoteOf(
        (await act('quote cancellation', duffel.orderCancellations.create({ order_id: orderId }))).data,
      );
    },

    /**
     * Confirms a quote, once. After a 5xx or no answer the quote is read back (`confirmed_at`): confirmed, it is
     * done; else after a 503 or a refused connection the error is thrown (may be sent again), and after a 500, 502,
     * 504 or no answer it is SupplierOutcomeUnknown: Duffel's errors page says not to retry a 500 or 502.
     */
    async confirmCancellation(quoteId: string): Promise<CancellationQuote> {
      try {
        return quoteOf((await act('confirm cancellation', duffel.orderCancellations.confirm(quoteId))).data);
      } catch (error) {
        if (notNowError(error) || isAnswered(error) || neverSent(error)) throw error;
        let readError: unknown;
        try {
          const again = (await read('get cancellation', duffel.orderCancellations.get(quoteId))).data;
          if (again.confirmed_at) return quoteOf(again);
        } catch (failed) {
          readError = failed;
        }
        if (retryLater(error)) throw error;
        throw new SupplierOutcomeUnknown(
          'cancellation confirmed at the supplier or not',
          {
            quoteId,
            ...unknownOutcome(error, readError),
          },
          { cause: error },
        );
      }
    },
  };
}
