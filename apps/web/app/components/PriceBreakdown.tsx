import type { Order } from '@parvoz/contracts/booking';
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
