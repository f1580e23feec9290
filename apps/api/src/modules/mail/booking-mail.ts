/**
 * Booking emails (docs/design.md §4), in the order's language with the shared ICU messages, as text and HTML
 * (react-email, ADR 0019):
 *  - `order-confirmation`: paid; itinerary, passengers with ticket numbers, total, the airline's booking
 *    reference when a supplier gave one, the access link (the e-ticket PDF is attached by the caller);
 *  - `order-access-link`: "where is my ticket": the order's access link.
 */
import type { ReactElement } from 'react';
import type { Order } from '@parvoz/contracts/booking';
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import {
  BOOKING_STATUS_KEYS,
  formatAmount,
  formatLocalDateTime,
  PASSENGER_TYPE_KEYS,
  placeName,
} from '../documents/index.ts';
import type { EmailPayload } from './mail.ts';
import {
  ActionButton,
  LeadEmail,
  Fields,
  h,
  ListSection,
  Paragraph,
  renderEmailParts,
} from './email-layout.ts';

export type BookingEmailKind = 'order-confirmation' | 'order-access-link';

export type BookingEmailContent =
  | { kind: 'order-confirmation'; order: Order; link: string }
  | { kind: 'order-access-link'; order: Order; link: string };

/** One line per flight: "HY 601  Tashkent (TAS) 15 Dec 2026 08:40 → Istanbul (IST) 15 Dec 2026 11:20". */
function flightLines(lang: Locale, order: Order): string[] {
  return order.slices.flatMap((slice) =>
    slice.segments.map((s) => {
      const dep = formatLocalDateTime(lang, s.departing_at);
      const arr = formatLocalDateTime(lang, s.arriving_at);
      return `${s.marketing_carrier.iata_code} ${s.flight_number}  ${placeName(lang, s.origin)} ${dep.date} ${dep.time} → ${placeName(lang, s.destination)} ${arr.date} ${arr.time}`;
    }),
  );
}

function passengerLines(lang: Locale, order: Order): string[] {
  const intl = getIntl(lang);
  return order.passengers.map((p) => {
    const type = intl.formatMessage({ id: PASSENGER_TYPE_KEYS[p.type] });
    const tickets = p.tickets.map((t) => t.ticket_number).join(', ');
    return `${p.family_name.toUpperCase()} ${p.given_name.toUpperCase()} (${type})${tickets ? ` — ${intl.formatMessage({ id: 'ticket.ticketNumber' })}: ${tickets}` : ''}`;
  });
}

function OrderEmail(props: { lang: Locale; subject: string; content: BookingEmailContent }): ReactElement {
  const { lang, content } = props;
  const intl = getIntl(lang);
  const t = (id: string) => intl.formatMessage({ id });
  const { order, link } = content;
  const reference = order.booking_reference;
  const intro =
    content.kind === 'order-confirmation'
      ? intl.formatMessage({ id: 'booking.mail.confirmation.intro' }, { name: order.contact.full_name })
      : intl.formatMessage({ id: 'booking.mail.access.intro' }, { reference });
  const fields: Array<[string, string]> = [
    [t('ticket.reference'), reference],
    [t('ticket.bookingStatus'), t(BOOKING_STATUS_KEYS[order.booking_status])],
  ];
  const airlineReference = order.supplier_booking_reference;
  return h(
    LeadEmail,
    { lang, title: props.subject, lead: intro },
    h(Fields, { rows: fields }),
    airlineReference ? h(Fields, { rows: [[t('order.field.airlineReference'), airlineReference]] }) : null,
    airlineReference ? h(Paragraph, { tone: 'small' }, t('order.field.airlineReferenceHint')) : null,
    h(ListSection, { heading: t('ticket.itinerary'), items: flightLines(lang, order) }),
    h(ListSection, { heading: t('ticket.passengers'), items: passengerLines(lang, order) }),
    h(Fields, { rows: [[t('ticket.total'), formatAmount(lang, order.total_amount, order.total_currency)]] }),
    h(ActionButton, { href: link }, t('booking.mail.action')),
    h(Paragraph, { tone: 'muted' }, t('booking.mail.keepPrivate')),
    content.kind === 'order-confirmation'
      ? h(Paragraph, null, t('booking.mail.confirmation.attached'))
      : null,
  );
}

export async function renderOrderEmail(lang: Locale, content: BookingEmailContent): Promise<EmailPayload> {
  const intl = getIntl(lang);
  const reference = content.order.booking_reference;
  const subject =
    content.kind === 'order-confirmation'
      ? intl.formatMessage({ id: 'booking.mail.confirmation.subject' }, { reference })
      : intl.formatMessage({ id: 'booking.mail.access.subject' }, { reference });
  return { lang, subject, ...(await renderEmailParts(h(OrderEmail, { lang, subject, content }))) };
}
