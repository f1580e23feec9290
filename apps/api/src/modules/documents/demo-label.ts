/**
 * What a demonstration site (PARVOZ_MODE=demo; docs/operations.md, "Demo and live mode") adds to what it sends
 * and prints, so nobody takes its tickets, receipts or emails for real ones: the banner sentence of the site
 * (`demo.banner`), in the document's language.
 */
import { getIntl } from '@parvoz/i18n/messages';
import { isLocale, type Locale } from '@parvoz/i18n/locales';

export function demoNotice(lang: string): string {
  const locale: Locale = isLocale(lang) ? lang : 'en';
  return getIntl(locale).formatMessage({ id: 'demo.banner' });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * An email as a demonstration site sends it: the notice first in its text part, and as a band at the top of its
 * HTML. Applied when the outbox delivers (modules/mail/outbox.ts), so every kind of email carries it.
 */
export function labelDemoEmail<E extends { text: string; html?: string | undefined }>(
  email: E,
  lang: string,
): E {
  const notice = demoNotice(lang);
  const band =
    '<div style="background:#fef3c7;border:1px solid #fcd34d;color:#451a03;padding:8px 12px;' +
    `font-family:Arial,Helvetica,sans-serif;font-size:13px;text-align:center">${escapeHtml(notice)}</div>`;
  const html =
    email.html === undefined
      ? undefined
      : /<body[^>]*>/i.test(email.html)
        ? email.html.replace(/<body[^>]*>/i, (tag) => tag + band)
        : band + email.html;
  return { ...email, text: `${notice}\n\n${email.text}`, ...(html === undefined ? {} : { html }) };
}
