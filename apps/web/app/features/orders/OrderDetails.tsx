import type { Order } from '@parvoz/contracts/booking';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { Itinerary } from '../../components/Itinerary.tsx';
import { Static } from '../../components/Static.tsx';
import { useLocale, useT, type MessageKey } from '../../lib/i18n.tsx';
import { formatLocalDate, formatLocalTime } from '../../lib/local-time.ts';
import { useMoney } from '../../lib/use-money.ts';
import {
  AgencyLines,
  FareLines,
  PASSENGER_TYPE_LABEL,
  passengersLabel,
} from '../../components/PriceBreakdown.tsx';
import { useInstantFormat } from '../../lib/use-instant-format.ts';

export const BOOKING_STATUS_LABEL: Record<Order['booking_status'], MessageKey> = {
  new: 'orders.status.new',
  booked: 'orders.status.booked',
  cancelled: 'orders.status.cancelled',
};
export const PAYMENT_STATUS_LABEL: Record<Order['payment_status'], MessageKey> = {
  paid: 'orders.payment.paid',
  not_paid: 'orders.payment.notPaid',
};
/** Beside the spec's two statuses (docs/after-sale.md). */
export const REFUND_STATUS_LABEL: Record<Order['refund_status'], MessageKey> = {
  none: 'orders.refund.none',
  pending: 'orders.refund.pending',
  refunded: 'orders.refund.refunded',
};

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-3">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="font-medium break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The two looks of the order's parts: a white card under its heading (the summary, the price), or a group
 * under a larger heading whose content has cards of its own (the trip, the passengers).
 */
const PART = {
  card: {
    headingClassName: 'mb-3 text-lg font-semibold',
    className: 'rounded border border-neutral-200 bg-white p-4',
  },
  group: { headingClassName: 'text-xl font-semibold', className: 'grid gap-3' },
} as const;

/** The order as spec §3 lists it: id, date, recipient, statuses, price, date, passengers, departure and arrival. */
export function OrderSummary({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  const instant = useInstantFormat(locale);
  const money = useMoney();
  const outbound = order.slices[0];
  const lastOfOutbound = outbound?.segments[outbound.segments.length - 1];
  return (
    <HeadedSection headingId="order-summary-heading" heading={t('order.summary.heading')} {...PART.card}>
      <dl className="grid gap-3">
        <Row label={t('order.field.id')}>
          <span className="break-all font-mono text-sm">{order.id}</span>
        </Row>
        <Row label={t('order.field.reference')} testId="order-reference">
          <span className="font-mono">{order.booking_reference}</span>
        </Row>
        {order.supplier_booking_reference ? (
          <Row label={t('order.field.airlineReference')} testId="order-airline-reference">
            <span className="font-mono">{order.supplier_booking_reference}</span>
            <span className="block text-sm font-normal text-neutral-700">
              {t('order.field.airlineReferenceHint')}
            </span>
          </Row>
        ) : null}
        <Row label={t('order.field.createdAt')}>{instant(order.created_at)}</Row>
        <Row label={t('order.field.recipient')}>
          {order.contact.full_name}
          <span className="block text-sm font-normal text-neutral-700 wrap-anywhere">
            {order.contact.email}
          </span>
        </Row>
        <Row label={t('order.field.bookingStatus')} testId="order-booking-status">
          {t(BOOKING_STATUS_LABEL[order.booking_status])}
        </Row>
        <Row label={t('order.field.paymentStatus')} testId="order-payment-status">
          {t(PAYMENT_STATUS_LABEL[order.payment_status])}
        </Row>
        <Row label={t('order.field.refundStatus')} testId="order-refund-status">
          {t(REFUND_STATUS_LABEL[order.refund_status])}
        </Row>
        <Row label={t('order.field.price')}>{money(order.total_amount, order.total_currency)}</Row>
        {outbound ? (
          <>
            <Row label={t('order.field.date')}>{formatLocalDate(locale, outbound.departing_at, 'long')}</Row>
            <Row label={t('order.field.departure')}>
              {t('order.departureValue', {
                time: formatLocalTime(locale, outbound.departing_at),
                date: formatLocalDate(locale, outbound.departing_at),
                airport: outbound.origin,
              })}
            </Row>
            {lastOfOutbound ? (
              <Row label={t('order.field.arrival')}>
                {t('order.departureValue', {
                  time: formatLocalTime(locale, lastOfOutbound.arriving_at),
                  date: formatLocalDate(locale, lastOfOutbound.arriving_at),
                  airport: lastOfOutbound.destination,
                })}
              </Row>
            ) : null}
          </>
        ) : null}
        <Row label={t('order.field.passengers')}>
          {t('order.passengerCount', { count: order.passengers.length })}
        </Row>
      </dl>
    </HeadedSection>
  );
}

/** Passengers with their documents and, once paid, their 13-digit e-ticket numbers per flight. */
export function OrderPassengers({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  const flight = (sliceIndex: number, segmentIndex: number) => {
    const segment = order.slices[sliceIndex]?.segments[segmentIndex];
    return segment
      ? `${segment.marketing_carrier.iata_code} ${segment.flight_number} ${segment.origin}–${segment.destination}`
      : '';
  };
  return (
    <HeadedSection
      headingId="order-passengers-heading"
      heading={t('order.passengers.heading')}
      {...PART.group}
    >
      <ul className="grid gap-3">
        {order.passengers.map((p, i) => (
          <li
            key={i}
            className="rounded border border-neutral-200 bg-white p-4"
            data-testid="order-passenger"
          >
            <p className="font-semibold">
              {`${p.given_name} ${p.family_name}`}{' '}
              <span className="font-normal text-neutral-700">· {t(PASSENGER_TYPE_LABEL[p.type])}</span>
            </p>
            <p className="text-sm text-neutral-700">
              {t('order.passenger.details', {
                born: formatLocalDate(locale, p.born_on),
                document: p.document.number,
              })}
            </p>
            {p.services.length > 0 ? (
              <p className="text-sm text-neutral-700">
                {t('order.passenger.luggage', { count: p.services.length, weight: p.services[0]!.weight_kg })}
              </p>
            ) : null}
            {p.seats.length > 0 ? (
              <ul className="text-sm text-neutral-700" data-testid="order-seats">
                {p.seats.map((seat) => (
                  <li key={`${seat.slice_index}-${seat.segment_index}`}>
                    {t('order.passenger.seat', {
                      flight: flight(seat.slice_index, seat.segment_index),
                      seat: seat.designator,
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
            {p.tickets.length > 0 ? (
              <div className="mt-2">
                <p className="text-sm font-medium">
                  {t('order.passenger.tickets')}
                  {order.tickets_voided_at ? (
                    <span className="ml-2 rounded bg-neutral-200 px-1.5 py-0.5 text-xs font-semibold uppercase">
                      {t('order.passenger.ticketsVoid')}
                    </span>
                  ) : null}
                </p>
                <ul className="text-sm">
                  {p.tickets.map((ticket) => (
                    <li key={`${ticket.slice_index}-${ticket.segment_index}`}>
                      <span>{flight(ticket.slice_index, ticket.segment_index)}: </span>
                      <span
                        className={`font-mono${order.tickets_voided_at ? ' line-through' : ''}`}
                        data-testid="ticket-number"
                      >
                        {ticket.ticket_number}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

/** The price per passenger type, taxes and luggage, the service fee and discount (when any), and the total. */
export function OrderPrice({ order }: { order: Order }) {
  const t = useT();
  const money = useMoney();
  return (
    <HeadedSection headingId="order-price-heading" heading={t('booking.price.heading')} {...PART.card}>
      <ul className="grid gap-3 text-sm">
        {order.price_breakdown.map((row) => (
          <li key={row.passenger_type} className="grid gap-0.5 border-b border-neutral-100 pb-2">
            <p className="font-medium">{passengersLabel(t, row)}</p>
            <FareLines row={row} as="p" />
          </li>
        ))}
      </ul>
      <AgencyLines
        rows={order.price_breakdown}
        currency={order.total_currency}
        as="p"
        {...(order.promo ? { promo: order.promo } : {})}
      />
      <p className="mt-2 flex items-baseline justify-between gap-2 text-base">
        <span className="font-semibold">{t('booking.price.total')}</span>
        <span className="text-xl font-bold tabular-nums" data-testid="order-total">
          {money(order.total_amount, order.total_currency)}
        </span>
      </p>
    </HeadedSection>
  );
}

export function OrderItinerary({ order }: { order: Order }) {
  const t = useT();
  return (
    <HeadedSection headingId="order-trip-heading" heading={t('order.trip.heading')} {...PART.group}>
      {/* The printed itinerary: not hydrated while the order's flights stay as they are (components/Static.tsx). */}
      <Static id="order-itinerary" watch={[order.slices]}>
        <Itinerary slices={order.slices} />
      </Static>
    </HeadedSection>
  );
}
