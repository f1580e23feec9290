import { isCurrency } from '@parvoz/i18n/currency';
import { FareConditions } from '../../components/FareConditions.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { AgencyLines, FareLines, passengersLabel, sumAmounts } from '../../components/PriceBreakdown.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useMoney } from '../../lib/use-money.ts';
import type { BookingOffer, LuggageOption } from './booking-offer.ts';

/** The offer's total plus the luggage and seats added on the page, in major units. */
export function totalWithLuggage(
  offer: BookingOffer,
  luggage: readonly LuggageOption[],
  seats: readonly string[] = [],
): number {
  const currency = offer.total_currency;
  if (!isCurrency(currency)) return Number(offer.total_amount);
  return sumAmounts([offer.total_amount, ...luggage.map((s) => s.amount), ...seats], currency);
}

/**
 * The price of the offer per passenger type (fare, taxes, luggage), the agency's service fee and discount (lines of
 * their own when not zero), the luggage added on this page, and the total, in the currency of the page (the offer
 * is re-priced in the visitor's currency): the lines add up to the total.
 */
export function PriceSummary({
  offer,
  luggage,
  seats = [],
  promo,
}: {
  offer: BookingOffer;
  /** The luggage boxes ticked, as their services. */
  luggage: readonly LuggageOption[];
  /** The prices of the seats picked (free ones "0.00"). */
  seats?: readonly string[];
  /** A promo code applied: its discount is a line, and already out of the offer's total. */
  promo?: { code: string; discount_amount: string } | undefined;
}) {
  const t = useT();
  const money = useMoney();
  const currency = offer.total_currency;
  const luggageTotal = isCurrency(currency)
    ? sumAmounts(
        luggage.map((s) => s.amount),
        currency,
      )
    : 0;
  const total = totalWithLuggage(offer, luggage, seats);
  const seatsTotal = isCurrency(currency) ? sumAmounts(seats, currency) : 0;
  return (
    <HeadedSection
      headingId="price-heading"
      heading={t('booking.price.heading')}
      className="rounded border border-neutral-200 bg-white p-4"
    >
      <dl className="mt-3 grid gap-3 text-sm">
        {offer.price_breakdown.map((row) => (
          <div key={row.passenger_type} className="grid gap-0.5 border-b border-neutral-100 pb-2">
            <dt className="flex justify-between gap-2 font-medium">
              <span>{passengersLabel(t, row)}</span>
            </dt>
            <FareLines row={row} as="dd" />
          </div>
        ))}
        <AgencyLines rows={offer.price_breakdown} currency={currency} as="dl" />
        {luggage.length > 0 ? (
          <div className="flex justify-between gap-2 border-b border-neutral-100 pb-2">
            <dt className="font-medium">{t('booking.price.addedLuggage', { count: luggage.length })}</dt>
            <dd className="tabular-nums">{money(luggageTotal, currency)}</dd>
          </div>
        ) : null}
        {seats.length > 0 ? (
          <div className="flex justify-between gap-2 border-b border-neutral-100 pb-2">
            <dt className="font-medium">{t('booking.price.seats', { count: seats.length })}</dt>
            <dd className="tabular-nums" data-testid="booking-seats-total">
              {money(seatsTotal, currency)}
            </dd>
          </div>
        ) : null}
        {promo ? (
          <div className="flex justify-between gap-2 border-b border-neutral-100 pb-2 text-green-800">
            <dt className="font-medium">{t('booking.promo.discount', { code: promo.code })}</dt>
            <dd className="tabular-nums" data-testid="booking-promo-discount">
              −{money(promo.discount_amount, currency)}
            </dd>
          </div>
        ) : null}
        <div className="flex items-baseline justify-between gap-2 text-base">
          <dt className="font-semibold">{t('booking.price.total')}</dt>
          <dd className="text-xl font-bold tabular-nums" data-testid="booking-total">
            {money(total, currency)}
          </dd>
        </div>
      </dl>
      <div className="mt-4 border-t border-neutral-100 pt-3">
        <FareConditions
          conditions={offer.conditions}
          taxes={
            isCurrency(currency)
              ? sumAmounts(
                  offer.price_breakdown.map((row) => row.tax_amount),
                  currency,
                )
              : 0
          }
          currency={currency}
          headingLevel={3}
        />
      </div>
    </HeadedSection>
  );
}
