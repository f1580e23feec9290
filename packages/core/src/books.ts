/**
 * The agency's books (docs/operations.md#reports-and-books): what each sale earned and what each refund gave back,
 * in exact minor units of the sale's currency. Pure: the API records these figures when an order is made, paid and
 * refunded (apps/api/src/modules/books), and the sales report adds them up here, one currency at a time — amounts
 * in different currencies are never added together.
 *
 *  - sale = supplier cost + markup + fees − discount (the price rules' identity,
 *    docs/decisions/0025-price-rules-stacking-and-rounding.md): the supplier cost in the sale currency is what the
 *    offer cost before the agency's rules, at the rate the offer was converted at;
 *  - margin = sale − supplier cost − the payment provider's fee;
 *  - a refund gives the traveller back part of the payment and the supplier gives the agency back part of its cost
 *    (`supplierReturnedMinor`); margin after refunds = margin − given back + returned by the supplier.
 */
import type { CurrencyCode, ExchangeRates } from './money.ts';

/** A payment provider's fee (its settings, docs/operations.md): basis points of the amount paid plus a fixed amount. */
export interface ProviderFee {
  /** 250 = 2.5 %. */
  percentBp: number;
  /** Minor units of the payment's currency, taken on every payment. */
  fixedMinor: number;
}

export const NO_PROVIDER_FEE: ProviderFee = { percentBp: 0, fixedMinor: 0 };

/** The provider's fee on a payment of `paidMinor`: the percentage rounded half away from zero, plus the fixed part. */
export function providerFeeMinor(paidMinor: number, fee: ProviderFee): number {
  if (paidMinor <= 0) return 0;
  return Math.floor((paidMinor * fee.percentBp + 5_000) / 10_000) + fee.fixedMinor;
}

/** What the agency's rules made of the supplier's price (an offer's `pricing`), minor units of the sale currency. */
export interface RulesPart {
  markupMinor: number;
  feeMinor: number;
  discountMinor: number;
}

/** An order's figures at booking: what the traveller is charged and what the supplier charges the agency. */
export interface SaleBooks extends RulesPart {
  currency: CurrencyCode;
  saleMinor: number;
  /** The supplier's cost in the sale currency. */
  supplierCostMinor: number;
  /** The supplier's cost in the supplier's own currency, as it charges it. */
  supplierCost: { amountMinor: number; currency: CurrencyCode };
  /** Units of the sale currency per unit of the supplier's currency, at the rates the offer was priced with. */
  rate: string;
}

/** Units of `to` per unit of `from` at `rates` (units per 1 USD each), to ten significant digits. */
export function rateBetween(from: CurrencyCode, to: CurrencyCode, rates: ExchangeRates): string {
  if (from === to) return '1';
  return String(Number((rates[to] / rates[from]).toPrecision(10)));
}

/**
 * An order's books at booking. The supplier's cost in the sale currency is the sale less what the rules added, so the
 * identity holds exactly; `supplierCost` is the supplier's own figure when it charges in another currency (a real
 * supplier's total), else the same amount in the sale currency.
 */
export function saleBooks(input: {
  currency: CurrencyCode;
  saleMinor: number;
  rules: RulesPart | null;
  supplierCost?: { amountMinor: number; currency: CurrencyCode } | null;
  rates: ExchangeRates;
}): SaleBooks {
  const rules = input.rules ?? { markupMinor: 0, feeMinor: 0, discountMinor: 0 };
  const supplierCostMinor = input.saleMinor - rules.markupMinor - rules.feeMinor + rules.discountMinor;
  const supplierCost = input.supplierCost ?? { amountMinor: supplierCostMinor, currency: input.currency };
  return {
    currency: input.currency,
    saleMinor: input.saleMinor,
    ...rules,
    supplierCostMinor,
    supplierCost,
    rate: rateBetween(supplierCost.currency, input.currency, input.rates),
  };
}

/** The margin of a paid sale: sale − supplier cost − the provider's fee, in minor units. */
export function marginMinor(
  sale: { saleMinor: number; supplierCostMinor: number },
  feeMinor: number,
): number {
  return sale.saleMinor - sale.supplierCostMinor - feeMinor;
}

/**
 * A refund as the books keep it: what goes back to the traveller, what the agency keeps of the payment, and what the
 * supplier gives the agency back of its cost (in the sale currency).
 */
export interface RefundBooks {
  givenBackMinor: number;
  keptMinor: number;
  supplierReturnedMinor: number;
}

/**
 * What the supplier gives back of a sale's cost when the traveller gets `givenBackMinor` of `paidMinor`
 * (docs/operations.md#reports-and-books):
 *  - `refused`: the supplier never sold it (it refused the order, or its hold was given up unpaid): the whole cost;
 *  - `share`: a supplier whose refund follows the same fare rules as the traveller's (the built-in network): the
 *    same share of its cost as the traveller gets back of the payment, rounded down;
 *  - `{ minor }`: what the supplier's own refund says, in the sale currency (0 for vouchers or airline credits,
 *    which go to the traveller, and for an amount it did not give), never more than the cost.
 */
export type SupplierReturn = 'refused' | 'share' | { minor: number };

export function supplierReturnedMinor(
  supplierCostMinor: number,
  paidMinor: number,
  givenBackMinor: number,
  returned: SupplierReturn,
): number {
  if (returned === 'refused') return supplierCostMinor;
  if (returned === 'share') return paidMinor > 0 ? shareOf(supplierCostMinor, givenBackMinor, paidMinor) : 0;
  return Math.max(0, Math.min(supplierCostMinor, returned.minor));
}

/**
 * `amount` × `part` / `whole` rounded down, exactly: in BigInt, since a sale in so'm times what comes back of it
 * passes 2^53 from about 95 million so'm.
 */
export function shareOf(amount: number, part: number, whole: number): number {
  return Number((BigInt(amount) * BigInt(part)) / BigInt(whole));
}

/**
 * A refund of `givenBackMinor` of a payment of `paidMinor` (the fare rules decide the amount:
 * packages/core/src/fare-rules.ts `quoteRefund`): the rest of the payment is kept; `supplierReturned` what the
 * supplier gives back of its cost (`supplierReturnedMinor`), 0 unless told.
 */
export function refundBooks(paidMinor: number, givenBackMinor: number, supplierReturned = 0): RefundBooks {
  if (!Number.isSafeInteger(givenBackMinor) || givenBackMinor < 0 || givenBackMinor > paidMinor)
    throw new RangeError(`a refund of ${givenBackMinor} of a payment of ${paidMinor}`);
  if (!Number.isSafeInteger(supplierReturned) || supplierReturned < 0)
    throw new RangeError(`a supplier's return of ${supplierReturned}`);
  return { givenBackMinor, keptMinor: paidMinor - givenBackMinor, supplierReturnedMinor: supplierReturned };
}

// ---- The sales report ------------------------------------------------------------------------------------------

export const REPORT_GROUPS = ['day', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const REPORT_DIMENSIONS = [
  'supplier',
  'airline',
  'route',
  'provider',
  'currency',
  'promo_code',
] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

/** What a sale or a refund is filed under. */
export interface BooksKeys {
  currency: CurrencyCode;
  supplier: string;
  airline: string;
  /** Origin–destination of the first slice, e.g. `TAS-IST`. */
  route: string;
  /** The provider that took the payment. */
  provider: string;
  /** The promo code the order was sold with, '' for none. */
  promo_code: string;
}

/** A paid sale as the report reads it. */
export interface PaidSale extends BooksKeys, RulesPart {
  paidAt: Date;
  saleMinor: number;
  supplierCostMinor: number;
  providerFeeMinor: number;
  /** Of the discount, what the promo code took off. */
  promoDiscountMinor: number;
}

/** A refund as the report reads it, filed under its order's keys. */
export interface BookedRefund extends BooksKeys, RefundBooks {
  recordedAt: Date;
}

/** One row of the report: one period, one value of the dimension, one currency. */
export interface ReportRow {
  period: string;
  key: string;
  currency: CurrencyCode;
  orders: number;
  saleMinor: number;
  supplierCostMinor: number;
  markupMinor: number;
  feeMinor: number;
  discountMinor: number;
  /** Of the discounts, what promo codes took off. */
  promoDiscountMinor: number;
  providerFeeMinor: number;
  marginMinor: number;
  refunds: number;
  refundedMinor: number;
  keptMinor: number;
  /** What the suppliers gave back of their cost for those refunds. */
  supplierReturnedMinor: number;
  /** The period's margin less what was given back, plus what the suppliers returned. */
  marginAfterRefundsMinor: number;
}

/** A UTC instant's period: `YYYY-MM-DD` for a day, `YYYY-MM` for a month. */
export function periodOf(at: Date, group: ReportGroup): string {
  const day = at.toISOString().slice(0, 10);
  return group === 'day' ? day : day.slice(0, 7);
}

function emptyRow(period: string, key: string, currency: CurrencyCode): ReportRow {
  return {
    period,
    key,
    currency,
    orders: 0,
    saleMinor: 0,
    supplierCostMinor: 0,
    markupMinor: 0,
    feeMinor: 0,
    discountMinor: 0,
    promoDiscountMinor: 0,
    providerFeeMinor: 0,
    marginMinor: 0,
    refunds: 0,
    refundedMinor: 0,
    keptMinor: 0,
    supplierReturnedMinor: 0,
    marginAfterRefundsMinor: 0,
  };
}

/**
 * The report's rows: sales by the period they were paid in, refunds by the period they were recorded in, each under
 * its value of `by` and its currency, ordered by period, then key, then currency. The margin is the sales' margin;
 * the margin after refunds takes the period's refunds from it and adds back what their suppliers returned.
 */
export function salesReport(
  sales: readonly PaidSale[],
  refunds: readonly BookedRefund[],
  group: ReportGroup,
  by: ReportDimension,
): ReportRow[] {
  const rows = new Map<string, ReportRow>();
  const rowOf = (at: Date, keys: BooksKeys) => {
    const period = periodOf(at, group);
    const key = keys[by];
    const id = `${period}\u0000${key}\u0000${keys.currency}`;
    let row = rows.get(id);
    if (!row) rows.set(id, (row = emptyRow(period, key, keys.currency)));
    return row;
  };
  for (const sale of sales) {
    const row = rowOf(sale.paidAt, sale);
    row.orders += 1;
    row.saleMinor += sale.saleMinor;
    row.supplierCostMinor += sale.supplierCostMinor;
    row.markupMinor += sale.markupMinor;
    row.feeMinor += sale.feeMinor;
    row.discountMinor += sale.discountMinor;
    row.promoDiscountMinor += sale.promoDiscountMinor;
    row.providerFeeMinor += sale.providerFeeMinor;
    row.marginMinor += marginMinor(sale, sale.providerFeeMinor);
    row.marginAfterRefundsMinor += marginMinor(sale, sale.providerFeeMinor);
  }
  for (const refund of refunds) {
    const row = rowOf(refund.recordedAt, refund);
    row.refunds += 1;
    row.refundedMinor += refund.givenBackMinor;
    row.keptMinor += refund.keptMinor;
    row.supplierReturnedMinor += refund.supplierReturnedMinor;
    row.marginAfterRefundsMinor += refund.supplierReturnedMinor - refund.givenBackMinor;
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows.values()].sort(
    (a, b) => cmp(a.period, b.period) || cmp(a.key, b.key) || cmp(a.currency, b.currency),
  );
}
