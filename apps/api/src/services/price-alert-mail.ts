/**
 * Price-alert emails (issue 17 §3), in the alert's language with the shared ICU messages, as text and HTML:
 *  - `price-alert-confirm`: the first email, with the link that turns the alert on (double opt-in);
 *  - `price-alert-drop`: the lowest price fell; the new and the earlier price, the results link, and an
 *    unsubscribe link that works without signing in.
 */
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import { formatAmount, formatDate, searchPlaceName } from './booking-format.ts';
import { escapeHtml, layout, type EmailPayload } from './mail.ts';

export type PriceAlertEmailKind = 'price-alert-confirm' | 'price-alert-drop';

/** The watched search as the emails describe it. */
export type AlertSearchText = {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string | null;
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
    };

/** "Tashkent → Istanbul" in the reader's language. */
export function routeText(lang: Locale, search: AlertSearchText): string {
  return `${searchPlaceName(lang, search.origin)} → ${searchPlaceName(lang, search.destination)}`;
}

/** "15 Dec 2026 – 20 Dec 2026 · 2 passengers · Economy". */
function tripText(lang: Locale, search: AlertSearchText): string {
  const intl = getIntl(lang);
  const dates = search.returnDate
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

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;

export function renderPriceAlertEmail(lang: Locale, content: PriceAlertEmailContent): EmailPayload {
  const intl = getIntl(lang);
  const route = routeText(lang, content.search);
  const trip = tripText(lang, content.search);
  const price = formatAmount(lang, content.price, content.currency);
  const footer = intl.formatMessage({ id: 'mail.footer' });

  if (content.kind === 'price-alert-confirm') {
    const subject = intl.formatMessage({ id: 'priceAlert.mail.confirm.subject' }, { route });
    const intro = intl.formatMessage(
      { id: 'priceAlert.mail.confirm.intro' },
      { route, price, percent: content.minDropPercent },
    );
    const action = intl.formatMessage({ id: 'priceAlert.mail.confirm.action' });
    const validity = intl.formatMessage(
      { id: 'priceAlert.mail.confirm.validity' },
      { days: content.validDays },
    );
    const ignore = intl.formatMessage({ id: 'priceAlert.mail.confirm.ignore' });
    return {
      lang,
      subject,
      text: [intro, trip, '', `${action}: ${content.confirmUrl}`, validity, '', ignore, '', footer, ''].join(
        '\n',
      ),
      html: layout(
        lang,
        subject,
        `<p>${escapeHtml(intro)}</p>
<p style="color:#374151">${escapeHtml(trip)}</p>
${button(content.confirmUrl, action)}
<p style="font-size:14px;color:#374151">${escapeHtml(validity)}</p>
<p style="font-size:14px;color:#374151">${escapeHtml(ignore)}</p>`,
      ),
    };
  }

  const previous = formatAmount(lang, content.previousPrice, content.currency);
  const subject = intl.formatMessage({ id: 'priceAlert.mail.drop.subject' }, { route, price });
  const intro = intl.formatMessage(
    { id: 'priceAlert.mail.drop.intro' },
    { route, price, previous, percent: content.percent },
  );
  const action = intl.formatMessage({ id: 'priceAlert.mail.drop.action' });
  const note = intl.formatMessage({ id: 'priceAlert.mail.drop.note' });
  const why = intl.formatMessage({ id: 'priceAlert.mail.drop.why' });
  const unsubscribe = intl.formatMessage({ id: 'priceAlert.mail.unsubscribe' });
  return {
    lang,
    subject,
    text: [
      intro,
      trip,
      '',
      `${action}: ${content.resultsUrl}`,
      note,
      '',
      why,
      `${unsubscribe}: ${content.unsubscribeUrl}`,
      '',
      footer,
      '',
    ].join('\n'),
    html: layout(
      lang,
      subject,
      `<p>${escapeHtml(intro)}</p>
<p style="color:#374151">${escapeHtml(trip)}</p>
<p style="font-size:24px;font-weight:bold;margin:12px 0">${escapeHtml(price)} <span style="font-size:16px;font-weight:normal;color:#6b7280;text-decoration:line-through">${escapeHtml(previous)}</span></p>
${button(content.resultsUrl, action)}
<p style="font-size:14px;color:#374151">${escapeHtml(note)}</p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(why)} <a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#6b7280">${escapeHtml(unsubscribe)}</a></p>`,
    ),
  };
}
