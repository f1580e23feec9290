/**
 * A promo code on the booking page and at booking (docs/decisions/0029-promo-codes.md): the offer priced again with
 * the code's discount after the agency's rules (modules/pricing/apply.ts), and what the code took off. A code that
 * takes nothing off the trip (out of its scope, or no margin left to give) is refused as not for this trip.
 */
import type { Database } from '@parvoz/db';
import type { PromoQuote, PromoQuoteRequest } from '@parvoz/contracts/promo-codes';
import { fromMajorString, toMajorString, type CurrencyCode } from '@parvoz/core/money';
import { promoLineId, promoRule } from '@parvoz/core/promo-codes';
import type { Offer } from '@parvoz/core/search-types';
import { ApiFailure } from '../../errors.ts';
import { supplierFailure } from '../../suppliers/api-failure.ts';
import type { FlightService } from '../search/index.ts';
import { promoRefused, usablePromo, type UsablePromo } from '../promo-codes/index.ts';

/** What the code took off the priced offer, in minor units of its currency (0: nothing). */
export function promoDiscountMinor(offer: Offer, promo: UsablePromo): number {
  const line = offer.pricing?.lines.find((l) => l.rule_id === promoLineId(promo.terms.code));
  const amount = line ? fromMajorString(line.amount.replace(/^-/, ''), offer.total_currency) : null;
  return amount?.amount ?? 0;
}

/** The price context's part for a code: its discount rule. */
export const promoContext = (promo: UsablePromo | undefined) =>
  promo ? { promo: promoRule(promo.terms) } : {};

/** Throws "not for this trip" unless the code took something off the offer. */
export function assertPromoApplies(offer: Offer, promo: UsablePromo): number {
  const discount = promoDiscountMinor(offer, promo);
  if (discount <= 0) throw promoRefused('not_applicable');
  return discount;
}

/** POST /v1/promo_codes/quote: the offer's total with the code, or why the code cannot be used. */
export async function quotePromo(
  deps: { db: Database; flights: FlightService; now: () => Date },
  input: PromoQuoteRequest,
): Promise<PromoQuote> {
  const now = deps.now();
  const promo = await usablePromo(deps.db, input.code, now, input.email);
  const priced = await deps.flights.supplier.price(input.offer_id, {
    now: now.getTime(),
    soldSeats: await deps.flights.soldSeatsNow(),
    ...(input.currency ? { currency: input.currency } : {}),
    ...(input.lang ? { market: input.lang } : {}),
    ...promoContext(promo),
  });
  if (!priced.ok) {
    if (priced.error.code === 'offer_not_found') throw new ApiFailure('not_found', 'No such offer.');
    throw supplierFailure(priced.error);
  }
  const offer = priced.data;
  const discount = assertPromoApplies(offer, promo);
  const currency: CurrencyCode = offer.total_currency;
  return {
    code: promo.terms.code,
    discount_amount: toMajorString({ amount: discount, currency }),
    total_amount: offer.total_amount,
    currency,
  };
}
