/**
 * Booking emails (DESIGN §4), in the order's language with the shared ICU messages, as text and HTML:
 *  - `order-confirmation`: paid; itinerary, passengers with ticket numbers, total, the access link
 *    (the e-ticket PDF is attached by the caller);
 *  - `order-access-link`: "where is my ticket": the order's access link.
 */
import type { Order } from '@parvoz/contracts/booking';
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import { formatAmount, formatLocalDateTime, placeName } from './booking-format.ts';
import { escapeHtml, layout, type EmailPayload } from './mail.ts';

export type BookingEmailKind = 'order-confirmation' | 'order-access-link';

export type BookingEmailContent =
  | { kind: 'order-confirmation'; order: Order; link: string }
  | { kind: 'order-access-link'; order: Order; link: string };

export const PASSENGER_TYPE_KEYS = {
  adult: 'ticket.passengerType.adult',
  child: 'ticket.passengerType.child',
  infant: 'ticket.passengerType.infant',
} as const;

export const BOOKING_STATUS_KEYS = {
  new: 'ticket.bookingStatus.new',
  booked: 'ticket.bookingStatus.booked',
  cancelled: 'ticket.bookingStatus.cancelled',
} as const;

/** One line per flight: "HY 601  Tashkent (TAS) 15 Dec 2026 08:40 → Istanbul (IST) 15 Dec 2026 11:20". */
export function flightLines(lang: Locale, order: Order): string[] {
  return order.slices.flatMap((slice) =>
    slice.segments.map((s) => {
      const dep = formatLocalDateTime(lang, s.departing_at);
      const arr = formatLocalDateTime(lang, s.arriving_at);
      return `${s.marketing_carrier.iata_code} ${s.flight_number}  ${placeName(lang, s.origin)} ${dep.date} ${dep.time} → ${placeName(lang, s.destination)} ${arr.date} ${arr.time}`;
    }),
  );
}

export function passengerLines(lang: Locale, order: Order): string[] {
  const intl = getIntl(lang);
  return order.passengers.map((p) => {
    const type = intl.formatMessage({ id: PASSENGER_TYPE_KEYS[p.type] });
    const tickets = p.tickets.map((t) => t.ticket_number).join(', ');
    return `${p.family_name.toUpperCase()} ${p.given_name.toUpperCase()} (${type})${tickets ? ` — ${intl.formatMessage({ id: 'ticket.ticketNumber' })}: ${tickets}` : ''}`;
  });
}

export function renderOrderEmail(lang: Locale, content: BookingEmailContent): EmailPayload {
  const intl = getIntl(lang);
  const { order, link } = content;
  const reference = order.booking_reference;
  const subject =
    content.kind === 'order-confirmation'
      ? intl.formatMessage({ id: 'booking.mail.confirmation.subject' }, { reference })
      : intl.formatMessage({ id: 'booking.mail.access.subject' }, { reference });
  const intro =
    content.kind === 'order-confirmation'
      ? intl.formatMessage({ id: 'booking.mail.confirmation.intro' }, { name: order.contact.full_name })
      : intl.formatMessage({ id: 'booking.mail.access.intro' }, { reference });
  const labels = {
    reference: intl.formatMessage({ id: 'ticket.reference' }),
    status: intl.formatMessage({ id: 'ticket.bookingStatus' }),
    itinerary: intl.formatMessage({ id: 'ticket.itinerary' }),
    passengers: intl.formatMessage({ id: 'ticket.passengers' }),
    total: intl.formatMessage({ id: 'ticket.total' }),
    action: intl.formatMessage({ id: 'booking.mail.action' }),
    keep: intl.formatMessage({ id: 'booking.mail.keepPrivate' }),
  };
  const status = intl.formatMessage({ id: BOOKING_STATUS_KEYS[order.booking_status] });
  const total = formatAmount(lang, order.total_amount, order.total_currency);
  const flights = flightLines(lang, order);
  const people = passengerLines(lang, order);
  const footer = intl.formatMessage({ id: 'mail.footer' });
  const attachedNote =
    content.kind === 'order-confirmation'
      ? intl.formatMessage({ id: 'booking.mail.confirmation.attached' })
      : '';

  const text = [
    intro,
    '',
    `${labels.reference}: ${reference}`,
    `${labels.status}: ${status}`,
    '',
    `${labels.itinerary}:`,
    ...flights.map((f) => `  ${f}`),
    '',
    `${labels.passengers}:`,
    ...people.map((p) => `  ${p}`),
    '',
    `${labels.total}: ${total}`,
    '',
    `${labels.action}: ${link}`,
    labels.keep,
    ...(attachedNote ? ['', attachedNote] : []),
    '',
    footer,
    '',
  ].join('\n');

  const list = (items: string[]) =>
    `<ul style="padding-left:18px;margin:4px 0 16px">${items.map((i) => `<li style="margin:4px 0">${escapeHtml(i)}</li>`).join('')}</ul>`;
  const html = layout(
    lang,
    subject,
    `<p>${escapeHtml(intro)}</p>
<p style="font-size:14px">${escapeHtml(labels.reference)}: <strong style="font-size:20px;letter-spacing:2px">${escapeHtml(reference)}</strong><br>${escapeHtml(labels.status)}: ${escapeHtml(status)}</p>
<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(labels.itinerary)}</h2>
${list(flights)}
<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(labels.passengers)}</h2>
${list(people)}
<p style="font-size:16px"><strong>${escapeHtml(labels.total)}: ${escapeHtml(total)}</strong></p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(labels.action)}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(labels.keep)}</p>
${attachedNote ? `<p>${escapeHtml(attachedNote)}</p>` : ''}`,
  );
  return { lang, subject, text, html };
}
