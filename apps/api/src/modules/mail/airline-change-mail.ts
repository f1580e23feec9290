/**
 * `airline-change` email (docs/duffel.md; ADR 0017): the airline changed the flights of the traveller's
 * order. Sent once per change when the supplier pass first reads it (modules/after-sale/airline-changes.ts), in the
 * order's language, with both schedules in the airports' local times (the order page's words) and the order
 * page's link (from the configured site origin). The same layout as every other email
 * (react-email, ADR 0019).
 */
import type { ReactElement } from 'react';
import type { AirlineChange, Order } from '@parvoz/contracts/booking';
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import { formatLocalDateTime, placeName } from '../documents/index.ts';
import type { EmailPayload } from './mail.ts';
import { ActionButton, LeadEmail, h, ListSection, Paragraph, renderEmailParts } from './email-layout.ts';

export type AirlineChangeEmailKind = 'airline-change';

export type AirlineChangeEmail = { order: Order; change: AirlineChange; link: string };

type Flight = AirlineChange['added'][number];

/** "QP 4242 Tashkent (TAS)–Istanbul (IST): departs 15 Dec 2026 at 23:10, arrives …" in the order page's words. */
function flightLine(lang: Locale, flight: Flight): string {
  const dep = formatLocalDateTime(lang, flight.departing_at);
  const arr = formatLocalDateTime(lang, flight.arriving_at);
  return getIntl(lang).formatMessage(
    { id: 'order.airlineChange.flight' },
    {
      flight: `${flight.carrier} ${flight.flight_number}`,
      from: placeName(lang, flight.origin),
      to: placeName(lang, flight.destination),
      departureDate: dep.date,
      departureTime: dep.time,
      arrivalDate: arr.date,
      arrivalTime: arr.time,
    },
  );
}

function AirlineChangeNotice(props: {
  lang: Locale;
  subject: string;
  content: AirlineChangeEmail;
}): ReactElement {
  const { lang, content } = props;
  const intl = getIntl(lang);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { order, change } = content;
  const intro = t('airlineChange.mail.intro', { reference: order.booking_reference });
  const accepted = change.action_taken === 'accepted';
  return h(
    LeadEmail,
    { lang, title: props.subject, lead: intro },
    h(ListSection, {
      heading: t('order.airlineChange.before'),
      items: change.removed.map((f) => flightLine(lang, f)),
    }),
    h(ListSection, {
      heading: t('order.airlineChange.now'),
      items: change.added.map((f) => flightLine(lang, f)),
    }),
    h(
      Paragraph,
      null,
      accepted
        ? t('airlineChange.mail.accepted')
        : change.acceptable
          ? t('airlineChange.mail.acceptable')
          : t('airlineChange.mail.check'),
    ),
    order.cancellable ? h(Paragraph, null, t('airlineChange.mail.cancel')) : null,
    h(ActionButton, { href: content.link }, t('booking.mail.action')),
    h(Paragraph, { tone: 'muted' }, t('booking.mail.keepPrivate')),
  );
}

export async function renderAirlineChangeEmail(
  lang: Locale,
  content: AirlineChangeEmail,
): Promise<EmailPayload> {
  const subject = getIntl(lang).formatMessage(
    { id: 'airlineChange.mail.subject' },
    { reference: content.order.booking_reference },
  );
  return {
    lang,
    subject,
    ...(await renderEmailParts(h(AirlineChangeNotice, { lang, subject, content }))),
  };
}
