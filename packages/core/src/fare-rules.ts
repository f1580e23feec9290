/**
 * Fare rules per fare family (docs/after-sale.md): what a cancelled paid booking gives back.
 *  - light: the fare is not refundable; the taxes (collected for airports on behalf of others) come back;
 *  - standard and business: refundable before departure, less a fee per seated passenger (agency
 *    configuration; Business Flex without the fee), and
 *    never less than the taxes.
 * After the first departure nothing can be cancelled online. The conditions are worked out once, when an
 * offer is shown or booked, in its currency (`fareConditions`), and the booked order keeps them: a later
 * change of the fee never changes what a traveller agreed to. Pure: amounts in, amounts out.
 */
import {
  convertMoney,
  fromMajorString,
  money,
  toMajorString,
  type CurrencyCode,
  type ExchangeRates,
  type Money,
} from './money.ts';
import type { FareFamily } from './pricing.ts';
import type { PassengerType } from './passengers.ts';

/** The agency's policy (configuration). */
export interface FareRules {
  /** Standard fare: what is kept per seated passenger on a refund, in USD cents (≥ 0). */
  standardRefundFeeUsdCents: number;
}

/** The built-in policy: a standard fare keeps US$25 per seated passenger. */
export const DEFAULT_FARE_RULES: FareRules = { standardRefundFeeUsdCents: 2500 };

/**
 * The conditions of an offer or an order, Duffel-style (`conditions.refund_before_departure`): `allowed`
 * says whether the FARE comes back (less `penalty_amount` for all passengers, in `penalty_currency`);
 * `taxes_refundable` that the taxes come back in any case.
 */
export interface FareConditions {
  refund_before_departure: {
    allowed: boolean;
    penalty_amount: string | null;
    penalty_currency: CurrencyCode | null;
    taxes_refundable: true;
  };
}

/** The conditions of a fare family for these passengers, in `currency` (the fee is converted from USD). */
export function fareConditions(
  family: FareFamily,
  passengers: readonly { type: PassengerType }[],
  currency: CurrencyCode,
  rules: FareRules,
  rates: ExchangeRates,
): FareConditions {
  if (family === 'light') {
    return {
      refund_before_departure: {
        allowed: false,
        penalty_amount: null,
        penalty_currency: null,
        taxes_refundable: true,
      },
    };
  }
  // Infants sit on a lap: no seat, no fee. Business is refundable like standard; Business Flex without a fee.
  const seated = passengers.filter((p) => p.type !== 'infant').length;
  const perSeat = family === 'business_flex' ? 0 : rules.standardRefundFeeUsdCents;
  const fee = convertMoney(money(perSeat * seated, 'USD'), currency, rates);
  return {
    refund_before_departure: {
      allowed: true,
      penalty_amount: toMajorString(fee),
      penalty_currency: currency,
      taxes_refundable: true,
    },
  };
}

/** What a paid order is made of, as far as a refund is concerned (amounts in its currency). */
export interface RefundableOrder {
  currency: CurrencyCode;
  /** What was paid for the order, minor units. */
  paidMinor: number;
  /** Taxes of all passengers, minor units (≤ paidMinor). */
  taxMinor: number;
  /** The agency's service fee in what was paid, minor units (price-breakdown.ts); 0 or absent for none. */
  serviceFeeMinor?: number;
  conditions: FareConditions;
  /** The first flight's departure (epoch ms). */
  departsAt: number;
}

export type RefundQuote =
  | {
      ok: true;
      /** What comes back, minor units: 0 ≤ amount ≤ paid. */
      amount: Money;
      /** Which rule gave it. */
      rule: 'taxes_only' | 'fare_minus_penalty';
      /** What is kept: the fee taken (standard) or the fare (light), and the service fee unless it comes back. */
      kept: Money;
      /** Whether the agency's service fee comes back (docs/operations.md#cancellations-and-refunds). */
      serviceFeeReturned: boolean;
    }
  | { ok: false; reason: 'departed' };

/**
 * The refund of a paid order cancelled at `now`, by its conditions. The agency's service fee is not returned on
 * this voluntary refund unless the whole fare is (a refundable fare without a penalty: then everything paid comes
 * back); docs/operations.md#cancellations-and-refunds.
 */
export function quoteRefund(order: RefundableOrder, now: number): RefundQuote {
  if (now >= order.departsAt) return { ok: false, reason: 'departed' };
  const paid = Math.max(0, order.paidMinor);
  const taxes = Math.min(paid, Math.max(0, order.taxMinor));
  const serviceFee = Math.min(paid - taxes, Math.max(0, order.serviceFeeMinor ?? 0));
  let amount = taxes;
  const penalty = penaltyMinor(order.conditions, order.currency);
  // The penalty and the service fee come out of the fare, never out of the taxes.
  if (penalty !== null) amount = Math.max(taxes, paid - penalty - (penalty > 0 ? serviceFee : 0));
  return {
    ok: true,
    amount: money(amount, order.currency),
    rule: penalty !== null ? 'fare_minus_penalty' : 'taxes_only',
    kept: money(paid - amount, order.currency),
    serviceFeeReturned: serviceFee > 0 && amount === paid,
  };
}

/**
 * The fee of a refundable fare in minor units of `currency`; null when the fare is not refundable (or its
 * fee cannot be read in that currency: then only the taxes come back, never more than agreed).
 */
function penaltyMinor(conditions: FareConditions, currency: CurrencyCode): number | null {
  const rule = conditions.refund_before_departure;
  if (!rule.allowed) return null;
  if (rule.penalty_amount === null) return 0;
  if (rule.penalty_currency !== currency) return null;
  const penalty = fromMajorString(rule.penalty_amount, currency);
  return penalty && penalty.amount >= 0 ? penalty.amount : null;
}

/** The instant of an itinerary's first departure (its local ISO date-time carries the offset). */
export function firstDeparture(slices: readonly { departing_at: string }[]): number {
  const first = slices[0];
  const at = first ? Date.parse(first.departing_at) : Number.NaN;
  if (Number.isNaN(at)) throw new RangeError('an itinerary without a readable first departure');
  return at;
}
