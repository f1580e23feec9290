/**
 * Price-alert emails (docs/operations.md#price-alerts), in the alert's language with the shared ICU messages,
 * as text and HTML (react-email, ADR 0019):
 *  - `price-alert-confirm`: the first email, with the link that turns the alert on (double opt-in) and, as
 *    every alert email, an unsubscribe link that works without signing in;
 *  - `price-alert-drop`: the lowest price fell; the new and the earlier price, the results link, and an
 *    unsubscribe link that works without signing in.
 */
import type { ReactElement } from 'react';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import { formatAmount, formatDate, searchPlaceName } from '../documents/index.ts';
import type { EmailPayload } from '../mail/index.ts';
import { ActionButton, LeadEmail, h, Paragraph, renderEmailParts } from '../mail/index.ts';

export type PriceAlertEmailKind = 'price-alert-confirm' | 'price-alert-drop';

/** The watched search as the emails describe it. */
export type AlertSearchText = {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string | null;
  /** A range of departures: any day from `departureDate` to this one (a round trip keeps its stay). */
  departureUntil: string | null;
  passengers: { adults: number; children: number; infants: number };
  cabin: 'economy' | 'business';
};

export type PriceAlertEmailContent =
  | {
      kind: 'price-alert-confirm';
      search: AlertSearchText;
      /** The lowest price when subscribing, major units ("412.50"). */
      price: string;
      currency: string;
      confirmUrl: string;
      unsubscribeUrl: string;
      validDays: number;
      /** The drop (percent) that triggers an alert email. */
      minDropPercent: number;
    }
  | {
      kind: 'price-alert-drop';
      search: AlertSearchText;
      price: string;
      previousPrice: string;
      percent: number;
      currency: string;
      resultsUrl: string;
      unsubscribeUrl: string;
      /** A range's day of the lowest price (the results link opens it). */
      cheapestDay?: string;
    };

/** "Tashkent → Istanbul" in the reader's language. */
export function routeText(lang: Locale, search: AlertSearchText): string {
  return `${searchPlaceName(lang, search.origin)} → ${searchPlaceName(lang, search.destination)}`;
}

/** Days between a round trip's departure and return (its stay); 0 one way. */
export function stayDays(search: Pick<AlertSearchText, 'departureDate' | 'returnDate'>): number {
  if (!search.returnDate) return 0;
  return (Date.parse(search.returnDate) - Date.parse(search.departureDate)) / 86_400_000;
}

/**
 * "15 Dec 2026 – 20 Dec 2026 · 2 passengers · Economy"; a range: "any day from 1 Feb 2027 to 28 Feb 2027, back
 * 5 days later · …".
 */
function tripText(lang: Locale, search: AlertSearchText): string {
  const intl = getIntl(lang);
  const dates = search.departureUntil
    ? intl.formatMessage(
        { id: search.returnDate ? 'priceAlert.range.roundTrip' : 'priceAlert.range.oneWay' },
        {
          first: formatDate(lang, search.departureDate),
          last: formatDate(lang, search.departureUntil),
          nights: stayDays(search),
        },
      )
    : search.returnDate
      ? `${formatDate(lang, search.departureDate)} – ${formatDate(lang, search.returnDate)}`
      : formatDate(lang, search.departureDate);
  const p = search.passengers;
  const passengers = intl.formatMessage(
    { id: 'search.passengers.count' },
    { count: p.adults + p.children + p.infants },
  );
  const cabin = intl.formatMessage({
    id: search.cabin === 'business' ? 'search.cabin.business' : 'search.cabin.economy',
  });
  return `${dates} · ${passengers} · ${cabin}`;
}

function ConfirmEmail(props: {
  lang: Locale;
  subject: string;
  content: Extract<PriceAlertEmailContent, { kind: 'price-alert-confirm' }>;
}): ReactElement {
  const { lang, content } = props;
  const intl = getIntl(lang);
  const route = routeText(lang, content.search);
  const price = formatAmount(lang, content.price, content.currency);
  const intro = intl.formatMessage(
    { id: 'priceAlert.mail.confirm.intro' },
    { route, price, percent: content.minDropPercent },
  );
  return h(
    LeadEmail,
    { lang, title: props.subject, lead: intro },
    h(Paragraph, { tone: 'soft' }, tripText(lang, content.search)),
    h(
      ActionButton,
      { href: content.confirmUrl },
      intl.formatMessage({ id: 'priceAlert.mail.confirm.action' }),
    ),
    h(
      Paragraph,
      { tone: 'soft' },
      intl.formatMessage({ id: 'priceAlert.mail.confirm.validity' }, { days: content.validDays }),
    ),
    h(Paragraph, { tone: 'soft' }, intl.formatMessage({ id: 'priceAlert.mail.confirm.ignore' })),
    h(UnsubscribeLink, {
      href: content.unsubscribeUrl,
      label: intl.formatMessage({ id: 'priceAlert.mail.unsubscribe' }),
    }),
  );
}

function UnsubscribeLink(props: { href: string; label: string }): ReactElement {
  return h(Link, { href: props.href, style: { color: '#6b7280' } }, props.label);
}

function DropEmail(props: {
  lang: Locale;
  subject: string;
  content: Extract<PriceAlertEmailContent, { kind: 'price-alert-drop' }>;
}): ReactElement {
  const { lang, content } = props;
  const intl = getIntl(lang);
  const route = routeText(lang, content.search);
  const price = formatAmount(lang, content.price, content.currency);
  const previous = formatAmount(lang, content.previousPrice, content.currency);
  const intro = intl.formatMessage(
    { id: 'priceAlert.mail.drop.intro' },
    { route, price, previous, percent: content.percent },
  );
  return h(
    LeadEmail,
    { lang, title: props.subject, lead: intro },
    h(Paragraph, { tone: 'soft' }, tripText(lang, content.search)),
    h(
      Text,
      { style: { fontSize: '24px', fontWeight: 'bold', margin: '12px 0' } },
      h('span', null, price),
      ' ',
      h('del', { style: { fontSize: '16px', fontWeight: 'normal', color: '#6b7280' } }, previous),
    ),
    content.cheapestDay
      ? h(
          Paragraph,
          null,
          intl.formatMessage(
            { id: 'priceAlert.mail.drop.day' },
            { date: formatDate(lang, content.cheapestDay) },
          ),
        )
      : null,
    h(ActionButton, { href: content.resultsUrl }, intl.formatMessage({ id: 'priceAlert.mail.drop.action' })),
    h(Paragraph, { tone: 'soft' }, intl.formatMessage({ id: 'priceAlert.mail.drop.note' })),
    h(
      Text,
      { style: { fontSize: '12px', color: '#6b7280' } },
      h('span', null, intl.formatMessage({ id: 'priceAlert.mail.drop.why' })),
      h('br'),
      h(UnsubscribeLink, {
        href: content.unsubscribeUrl,
        label: intl.formatMessage({ id: 'priceAlert.mail.unsubscribe' }),
      }),
    ),
  );
}

export async function renderPriceAlertEmail(
  lang: Locale,
  content: PriceAlertEmailContent,
): Promise<EmailPayload> {
  const intl = getIntl(lang);
  const route = routeText(lang, content.search);
  if (content.kind === 'price-alert-confirm') {
    const subject = intl.formatMessage({ id: 'priceAlert.mail.confirm.subject' }, { route });
    return { lang, subject, ...(await renderEmailParts(h(ConfirmEmail, { lang, subject, content }))) };
  }
  const price = formatAmount(lang, content.price, content.currency);
  const subject = intl.formatMessage({ id: 'priceAlert.mail.drop.subject' }, { route, price });
  return { lang, subject, ...(await renderEmailParts(h(DropEmail, { lang, subject, content }))) };
}
