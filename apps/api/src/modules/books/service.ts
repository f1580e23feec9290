/**
 * The agency's books (docs/operations.md#reports-and-books): each order's sale, supplier cost, the agency's markup,
 * fees and discount recorded when it is booked (modules/booking), the payment provider's fee and the margin when it
 * is paid, and each refund's amounts when it is recorded (modules/payments), in the transaction of that change. The
 * arithmetic is the core's (packages/core/src/books.ts); this module only keeps the figures and reads them back.
 */
import type { Database } from '@parvoz/db';
import {
  marginMinor,
  providerFeeMinor,
  refundBooks,
  saleBooks,
  shareOf,
  supplierReturnedMinor,
  type ProviderFee,
  type SupplierReturn,
} from '@parvoz/core/books';
import { fromMajorString, isCurrencyCode, type CurrencyCode, type ExchangeRates } from '@parvoz/core/money';
import { promoCodeOfLine } from '@parvoz/core/promo-codes';
import type { Offer } from '@parvoz/core/search-types';
import { insertOrderBooks, insertRefundBooks, orderBooksOf, refundBooksOf, setOrderPaid } from './store.ts';

/** The supplier id the built-in network's sales are filed under (its flight supplier's id). */
export const BUILT_IN_SUPPLIER = 'builtin';

const minorOf = (amount: string | undefined, currency: CurrencyCode) =>
  amount === undefined ? 0 : (fromMajorString(amount, currency)?.amount ?? 0);

/** A new order's sale, in the booking's transaction. */
export async function recordSale(
  tx: Database,
  input: {
    orderId: string;
    at: Date;
    offer: Pick<Offer, 'slices' | 'pricing'>;
    currency: CurrencyCode;
    saleMinor: number;
    /** The supplier that holds the booking (null: the built-in network) and what it charges, in its currency. */
    supplier: string | null;
    supplierTotal?: { amount: string; currency: string } | null;
    rates: ExchangeRates;
  },
): Promise<void> {
  const { offer, currency } = input;
  const pricing = offer.pricing;
  const own = input.supplierTotal;
  const supplierCost =
    own && isCurrencyCode(own.currency) && fromMajorString(own.amount, own.currency)
      ? { amountMinor: fromMajorString(own.amount, own.currency)!.amount, currency: own.currency }
      : null;
  const books = saleBooks({
    currency,
    saleMinor: input.saleMinor,
    rules: pricing
      ? {
          markupMinor: minorOf(pricing.markup, currency),
          feeMinor: minorOf(pricing.fee, currency),
          discountMinor: minorOf(pricing.discount, currency),
        }
      : null,
    supplierCost,
    rates: input.rates,
  });
  const first = offer.slices[0];
  // The promo code's own pricing line (docs/decisions/0029-promo-codes.md): a part of the discount.
  const promoLine = pricing?.lines.find((line) => promoCodeOfLine(line.rule_id) !== null);
  await insertOrderBooks(tx, {
    orderId: input.orderId,
    bookedAt: input.at,
    currency,
    saleMinor: books.saleMinor,
    supplier: input.supplier ?? BUILT_IN_SUPPLIER,
    airline: first?.segments[0]?.marketing_carrier.iata_code ?? '',
    route: first ? `${first.origin}-${first.destination}` : '',
    supplierCostMinor: books.supplierCostMinor,
    supplierAmountMinor: books.supplierCost.amountMinor,
    supplierCurrency: books.supplierCost.currency,
    exchangeRate: books.rate,
    markupMinor: books.markupMinor,
    feeMinor: books.feeMinor,
    discountMinor: books.discountMinor,
    promoCode: promoLine ? promoCodeOfLine(promoLine.rule_id) : null,
    promoDiscountMinor: promoLine ? minorOf(promoLine.amount.replace(/^-/, ''), currency) : 0,
  });
}

/**
 * The order's payment, in the transaction that marks it paid: the provider's fee on what was paid, and the margin it
 * leaves. Once only: a later payment of the same order is refunded in full and earns nothing.
 */
export async function recordPaid(
  tx: Database,
  input: { orderId: string; provider: string; paidMinor: number; fee: ProviderFee; at: Date },
): Promise<void> {
  const books = await orderBooksOf(tx, input.orderId);
  if (!books || books.paidAt) return;
  const fee = providerFeeMinor(input.paidMinor, input.fee);
  await setOrderPaid(tx, input.orderId, {
    paidAt: input.at,
    provider: input.provider,
    providerFeeMinor: fee,
    marginMinor: marginMinor(books, fee),
  });
}

/**
 * What a supplier gives back when a refund is recorded: `refused` (it never sold the order: refused, or its hold
 * given up unpaid), the money its own cancellation returns to the agency as it writes it (`{ amount, currency }`),
 * or `none` (credits or vouchers for the traveller, no amount given). Unsaid: the built-in network returns the same
 * share of its cost as the traveller gets back; another supplier, nothing.
 */
export type SupplierRefund = 'refused' | 'none' | { amount: string; currency: string };

/**
 * A refund of an order's payment, in the transaction that records it: what goes back, what is kept, and what the
 * supplier returns of its cost in the sale currency (packages/core/src/books.ts `supplierReturnedMinor`). A supplier's
 * own amount is its share of the supplier's cost as the books recorded it in its currency, so no rate is applied
 * twice; an amount in another currency than the cost's is not counted.
 */
export async function recordRefundBooks(
  tx: Database,
  input: {
    refundId: string;
    orderId: string;
    at: Date;
    currency: string;
    paidMinor: number;
    givenBackMinor: number;
    supplierRefund?: SupplierRefund;
  },
): Promise<void> {
  // Only sales are in the books: an order booked before them has no row to file the refund under.
  const books = await orderBooksOf(tx, input.orderId);
  if (!books) return;
  const told = input.supplierRefund ?? (books.supplier === BUILT_IN_SUPPLIER ? 'share' : 'none');
  let returned: SupplierReturn;
  if (told === 'refused' || told === 'share') returned = told;
  else if (told === 'none' || told.currency !== books.supplierCurrency || !isCurrencyCode(told.currency))
    returned = { minor: 0 };
  else {
    const back = minorOf(told.amount, told.currency);
    const cost = books.supplierAmountMinor;
    returned = { minor: cost > 0 ? shareOf(books.supplierCostMinor, back, cost) : 0 };
  }
  // Never more, over all of the order's refunds, than its cost (a refused sale refunds each payment apart).
  const earlier = (await refundBooksOf(tx, input.orderId)).reduce(
    (sum, r) => sum + r.supplierReturnedMinor,
    0,
  );
  const supplierReturned = Math.min(
    Math.max(0, books.supplierCostMinor - earlier),
    supplierReturnedMinor(books.supplierCostMinor, input.paidMinor, input.givenBackMinor, returned),
  );
  const amounts = refundBooks(input.paidMinor, input.givenBackMinor, supplierReturned);
  await insertRefundBooks(tx, {
    refundId: input.refundId,
    orderId: input.orderId,
    recordedAt: input.at,
    currency: input.currency,
    paidMinor: input.paidMinor,
    ...amounts,
  });
}
