import type { Order } from '@parvoz/contracts/booking';
import { displayFractionDigits, isCurrency, type Currency } from '@parvoz/i18n/currency';
import { useT, type MessageKey } from '../lib/i18n.tsx';
import { useMoney } from '../lib/use-money.ts';

/** A passenger type's line of a price breakdown (an offer's or an order's). */
type PriceRow = Order['price_breakdown'][number];

/** The words of a passenger type (the booking form's legends, the price rows, the order's passengers). */
export const PASSENGER_TYPE_LABEL: Record<PriceRow['passenger_type'], MessageKey> = {
  adult: 'booking.passengerType.adult',
  child: 'booking.passengerType.child',
  infant: 'booking.passengerType.infant',
};

/** "2 adults": the passengers a row of the price breakdown is for. */
export function passengersLabel(t: ReturnType<typeof useT>, row: PriceRow): string {
  return t('booking.price.passengers', {
    type: t(PASSENGER_TYPE_LABEL[row.passenger_type]),
    count: row.count,
  });
}

/**
 * A row's fare, taxes and (when there is any) luggage, a line each: the booking's summary lists them as
 * `dd`s of its `dl`, the order page as paragraphs.
 */
export function FareLines({ row, as: Line }: { row: PriceRow; as: 'dd' | 'p' }) {
  const t = useT();
  const money = useMoney();
  const lines: Array<[MessageKey, string]> = [
    ['booking.price.fare', row.fare_amount],
    ['booking.price.taxes', row.tax_amount],
  ];
  if (Number(row.luggage_amount) > 0) lines.push(['booking.price.luggage', row.luggage_amount]);
  // An order's seats (docs/seats.md); an offer has none yet.
  if (row.seats_amount && Number(row.seats_amount) > 0)
    lines.push(['booking.price.seatsLine', row.seats_amount]);
  return (
    <>
      {lines.map(([label, amount]) => (
        <Line key={label} className="flex justify-between gap-2 text-neutral-700">
          <span>{t(label)}</span>
          <span className="tabular-nums">{money(amount, row.currency)}</span>
        </Line>
      ))}
    </>
  );
}

/** Exact sums of major-unit amount strings ("33.00") through integer minor units. */
export function sumAmounts(amounts: readonly string[], currency: Currency): number {
  const scale = 10 ** displayFractionDigits(currency);
  return amounts.reduce((total, a) => total + Math.round(Number(a) * scale), 0) / scale;
}

/**
 * The agency's service fee and discount of a breakdown, summed over its passenger types, in major units (0 when
 * none): lines of their own, the markups being part of the fare (docs/operations.md#pricing-rules).
 */
export function agencyAmounts(
  rows: readonly Pick<PriceRow, 'service_fee_amount' | 'discount_amount'>[],
  currency: string,
): { serviceFee: number; discount: number } {
  if (!isCurrency(currency)) return { serviceFee: 0, discount: 0 };
  const sum = (pick: (row: (typeof rows)[number]) => string | undefined) =>
    sumAmounts(
      rows.flatMap((row) => pick(row) ?? []),
      currency,
    );
  return { serviceFee: sum((r) => r.service_fee_amount), discount: sum((r) => r.discount_amount) };
}

/**
 * The service fee and the discount as lines of their own, each only when not zero (the discount taken off): the
 * booking's summary lists them as rows of its `dl`, the order page as paragraphs.
 */
export function AgencyLines({
  rows,
  currency,
  as,
  promo,
}: {
  rows: readonly PriceRow[];
  currency: string;
  as: 'dl' | 'p';
  /**
   * The order's promo code, whose discount is part of the breakdown's (docs/decisions/0029-promo-codes.md): its
   * line names the code, and the rules' own discount, if any, keeps the plain line.
   */
  promo?: Order['promo'];
}) {
  const t = useT();
  const money = useMoney();
  const { serviceFee, discount } = agencyAmounts(rows, currency);
  const byCode = promo && isCurrency(currency) ? sumAmounts([promo.discount_amount], currency) : 0;
  const byRules = isCurrency(currency) ? sumAmounts([String(discount), String(-byCode)], currency) : discount;
  const lines: Array<[string, number, string]> = [];
  if (serviceFee > 0) lines.push([t('booking.price.serviceFee'), serviceFee, 'price-service-fee']);
  if (byRules > 0) lines.push([t('booking.price.discount'), -byRules, 'price-discount']);
  if (promo && byCode > 0)
    lines.push([t('booking.promo.discount', { code: promo.code }), -byCode, 'price-promo-discount']);
  if (lines.length === 0) return null;
  const className = 'flex justify-between gap-2 border-b border-neutral-100 pb-2';
  if (as === 'dl')
    return lines.map(([label, amount, testId]) => (
      <div key={testId} className={className} data-testid={testId}>
        <dt className="font-medium">{label}</dt>
        <dd className="tabular-nums">{money(amount, currency)}</dd>
      </div>
    ));
  return (
    <div className="mt-2 grid gap-2 text-sm">
      {lines.map(([label, amount, testId]) => (
        <p key={testId} className={className} data-testid={testId}>
          <span className="font-medium">{label}</span>
          <span className="tabular-nums">{money(amount, currency)}</span>
        </p>
      ))}
    </div>
  );
}
