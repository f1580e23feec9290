/**
 * The traveller's side of an agency price (docs/decisions/0025-price-rules-stacking-and-rounding.md): the markups
 * stay inside the fare, the service fee and the discount are lines of their own (docs/operations.md#pricing-rules).
 * An offer's (and so an order's) breakdown per passenger type carries its share of each: `fare_amount` with its
 * share of the markups, `service_fee_amount` and `discount_amount` when not zero, and `total_amount` =
 * fare + taxes + luggage + seats + service fee − discount, exactly, so the types' totals still add up to the total
 * charged and a fiscal receipt's lines (receipt-lines.ts) to the payment.
 */
import { fromMajorString, isCurrencyCode, shareInProportion, type CurrencyCode } from './money.ts';
import { PRICE_STEP, type Price } from './price-rules.ts';
import type { PriceBreakdownItem } from './search-types.ts';

/**
 * Shares `amount` among `weights` in proportion (money.ts `shareInProportion`), in whole `step`s when `amount` is a
 * multiple of it, adding up to `amount` exactly.
 */
export function shareInSteps(amount: number, weights: readonly number[], step: number): number[] {
  const unit = amount % step === 0 ? step : 1;
  return shareInProportion(amount / unit, weights).map((part) => part * unit);
}

/** One passenger type's share of an agency price, in minor units (the discount a positive number). */
export interface TypeShare {
  markupMinor: number;
  feeMinor: number;
  discountMinor: number;
}

/**
 * The price's markups, fees and discounts shared among the passenger types in proportion to their supplier cost
 * (`costs`, one per type): the fees and discounts in whole price steps of the currency, so a rouble or lira fee
 * line stays whole on every type; each kind adds up to the price's exactly.
 */
export function shareByType(price: Price, costs: readonly number[]): TypeShare[] {
  const step = PRICE_STEP[price.currency];
  const markups = shareInProportion(price.markupMinor, costs);
  const fees = shareInSteps(price.feeMinor, costs, step);
  const discounts = shareInSteps(price.discountMinor, costs, step);
  return costs.map((_, i) => ({
    markupMinor: markups[i]!,
    feeMinor: fees[i]!,
    discountMinor: discounts[i]!,
  }));
}

/** An order's or an offer's price as the traveller reads it, in minor units: the lines add up to `totalMinor`. */
export interface BreakdownTotals {
  fareMinor: number;
  taxMinor: number;
  luggageMinor: number;
  seatsMinor: number;
  serviceFeeMinor: number;
  /** Taken off (a positive number). */
  discountMinor: number;
  totalMinor: number;
}

function minorOf(amount: string | undefined, currency: CurrencyCode): number {
  if (amount === undefined) return 0;
  const parsed = fromMajorString(amount, currency);
  if (!parsed) throw new RangeError(`not an amount in ${currency}: ${amount}`);
  return parsed.amount;
}

/** The breakdown's lines summed over the passenger types; throws when a type's lines do not add up to its total. */
export function breakdownTotals(
  items: readonly Pick<
    PriceBreakdownItem,
    | 'fare_amount'
    | 'tax_amount'
    | 'luggage_amount'
    | 'seats_amount'
    | 'service_fee_amount'
    | 'discount_amount'
    | 'total_amount'
  >[],
  currency: CurrencyCode,
): BreakdownTotals {
  const totals: BreakdownTotals = {
    fareMinor: 0,
    taxMinor: 0,
    luggageMinor: 0,
    seatsMinor: 0,
    serviceFeeMinor: 0,
    discountMinor: 0,
    totalMinor: 0,
  };
  for (const item of items) {
    const line = {
      fareMinor: minorOf(item.fare_amount, currency),
      taxMinor: minorOf(item.tax_amount, currency),
      luggageMinor: minorOf(item.luggage_amount, currency),
      seatsMinor: minorOf(item.seats_amount, currency),
      serviceFeeMinor: minorOf(item.service_fee_amount, currency),
      discountMinor: minorOf(item.discount_amount, currency),
      totalMinor: minorOf(item.total_amount, currency),
    };
    const sum =
      line.fareMinor +
      line.taxMinor +
      line.luggageMinor +
      line.seatsMinor +
      line.serviceFeeMinor -
      line.discountMinor;
    if (sum !== line.totalMinor)
      throw new RangeError(`a breakdown's lines add up to ${sum}, not ${line.totalMinor}`);
    for (const key of Object.keys(totals) as (keyof BreakdownTotals)[]) totals[key] += line[key];
  }
  return totals;
}

/**
 * The service fee and the discount over a breakdown's passenger types, in minor units, for what prints or refunds
 * them (an absent or unreadable amount counts 0: a document never fails on a stored order).
 */
export function agencyMinor(
  items: readonly Pick<PriceBreakdownItem, 'service_fee_amount' | 'discount_amount'>[],
  currency: string,
): { serviceFeeMinor: number; discountMinor: number } {
  const sum = (pick: (item: (typeof items)[number]) => string | undefined) =>
    items.reduce((total, item) => {
      const amount = pick(item);
      const parsed =
        amount !== undefined && isCurrencyCode(currency) ? fromMajorString(amount, currency) : null;
      return total + (parsed?.amount ?? 0);
    }, 0);
  return {
    serviceFeeMinor: sum((i) => i.service_fee_amount),
    discountMinor: sum((i) => i.discount_amount),
  };
}
