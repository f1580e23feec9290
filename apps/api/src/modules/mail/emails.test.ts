/**
 * Every email (react-email, ADR 0019), each sample in each language, HTML and text part: rendered from the
 * message files (no key, no `{placeholder}` left), in the one layout, user input escaped in the HTML.
 * Delivery over SMTP is tested in adapters/mail/transport.smtp.test.ts, modules/accounts/sign-in.smtp.test.ts
 * and e2e.
 */
import { describe, expect, test } from 'vitest';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { getIntl, MESSAGES } from '@parvoz/i18n/messages';
import { EMAIL_KINDS, EMAIL_SAMPLES, sampleOrder } from '../../routes/v1/dev/email-samples.ts';
import { renderOrderEmail } from './booking-mail.ts';
import { renderOperatorEmail } from './operator-mail.ts';
import { renderAfterSaleEmail } from './after-sale-mail.ts';
import type { EmailPayload } from './mail.ts';

const KEYS = Object.keys(MESSAGES.en);
const t = (lang: Locale, id: string, values?: Record<string, string | number>) =>
  getIntl(lang).formatMessage({ id }, values);
/** The HTML part as text a reader sees: tags dropped, the entities React writes decoded. */
const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

test('every kind of email the outbox holds has a sample (and so a preview and these tests)', () => {
  const sampled = new Set(EMAIL_SAMPLES.map((s) => s.name.split('.')[0]));
  expect(EMAIL_KINDS.filter((kind) => !sampled.has(kind))).toEqual([]);
  expect(new Set(EMAIL_SAMPLES.map((s) => s.name)).size).toBe(EMAIL_SAMPLES.length);
});

describe.each(LOCALES)('every email in %s', (lang) => {
  test.each(EMAIL_SAMPLES.map((s) => [s.name, s] as const))('%s', async (_name, sample) => {
    const mail = await sample.render(lang);
    expect(mail.lang).toBe(lang);
    expect(mail.subject.trim()).not.toBe('');
    // The one layout: language and direction, the subject as title, the brand line.
    expect(mail.html).toMatch(new RegExp(`<html dir="ltr" lang="${lang}">`));
    expect(mail.html).toContain('<title>');
    expect(visible(mail.html)).toContain(mail.subject);
    expect(mail.text.startsWith('Parvoz\n')).toBe(true);
    const footer =
      sample.name === 'tour-request' || sample.name === 'agency-application'
        ? t(lang, 'mail.operator.footer')
        : t(lang, 'mail.footer');
    for (const part of [mail.text, visible(mail.html)]) {
      expect(part).toContain(footer);
      // Every word from the message files: no message key, no placeholder left unfilled.
      expect(part).not.toMatch(/\{[a-zA-Z]+[,}]/);
      expect(KEYS.filter((key) => part.includes(key))).toEqual([]);
    }
    // React's text-node separators never split what the reader sees.
    expect(mail.html).not.toContain('<!-- -->');
    expect(mail.text.endsWith('\n')).toBe(true);
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });
});

describe('the booking confirmation', () => {
  test.each(LOCALES)('gives the airline booking reference when a supplier gave one (%s)', async (lang) => {
    const link = `http://parvoz.test/${lang}/orders/ord_1?access_token=abc`;
    const withReference = await renderOrderEmail(lang, {
      kind: 'order-confirmation',
      order: sampleOrder({ lang, supplier_booking_reference: 'XJ4T9P' }),
      link,
    });
    const label = t(lang, 'order.field.airlineReference');
    expect(withReference.text).toContain(`${label}: XJ4T9P`);
    expect(withReference.text).toContain(t(lang, 'order.field.airlineReferenceHint'));
    expect(visible(withReference.html)).toContain(`${label}: XJ4T9P`);

    const without = await renderOrderEmail(lang, {
      kind: 'order-confirmation',
      order: sampleOrder({ lang }),
      link,
    });
    expect(without.text).not.toContain(label);
    expect(visible(without.html)).not.toContain(label);
  });

  test('reads as before: reference, status, flights, passengers with tickets, total, the link', async () => {
    const mail = await renderOrderEmail('en', {
      kind: 'order-confirmation',
      order: sampleOrder(),
      link: 'http://parvoz.test/en/orders/ord_1?access_token=abc',
    });
    expect(mail.subject).toBe('Your tickets are issued — booking K7QX2M');
    for (const line of [
      'Thank you, Aziz Karimov! Your order is paid and your tickets are issued.',
      'Booking reference: K7QX2M\nBooking status: Booked',
      'HY 601 Tashkent (TAS) Dec 15, 2026 08:40 → Istanbul (IST) Dec 15, 2026 11:20',
      'KARIMOVA LAYLO (Infant) — Ticket number: 2501234567896, 2501234567897',
      'Total paid: $1,412.50',
      'http://parvoz.test/en/orders/ord_1?access_token=abc',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain('href="http://parvoz.test/en/orders/ord_1?access_token=abc"');
  });
});

describe('what travellers and applicants typed is escaped in the HTML and kept as typed in the text', () => {
  const evil = `<script>alert("x")</script> & 'Co'`;
  const noMarkup = (mail: EmailPayload) => {
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<img');
  };

  test('a contact name in the booking email', async () => {
    const mail = await renderOrderEmail('en', {
      kind: 'order-confirmation',
      order: sampleOrder({ contact: { full_name: evil, email: 'a@example.com', phone: '+998901234567' } }),
      link: 'http://parvoz.test/en/orders/ord_1?access_token=a&b="c"',
    });
    noMarkup(mail);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Co&#x27;');
    expect(mail.html).toContain(
      'href="http://parvoz.test/en/orders/ord_1?access_token=a&amp;b=&quot;c&quot;"',
    );
    expect(mail.text).toContain(`Thank you, ${evil}!`);
  });

  test('passenger names, a tour request message with line breaks, an agency name', async () => {
    const order = sampleOrder();
    order.passengers[0]!.family_name = '<img src=x onerror=alert(1)>';
    const booking = await renderOrderEmail('ru', {
      kind: 'order-access-link',
      order,
      link: 'http://parvoz.test/ru/orders/ord_1?access_token=abc',
    });
    noMarkup(booking);
    expect(booking.html).toContain('&lt;IMG SRC=X ONERROR=ALERT(1)&gt;');

    const tour = await renderOperatorEmail('en', {
      kind: 'tour-request',
      reference: 'TR-1',
      tourTitle: evil,
      tourUrl: 'http://parvoz.test/en/tours/x',
      departsOn: '2027-04-10',
      returnsOn: '2027-04-15',
      fullName: evil,
      email: 'o@example.com',
      phone: '+998901234567',
      adults: 2,
      children: 1,
      message: `First line ${evil}\nSecond line`,
      lang: 'ru',
    });
    noMarkup(tour);
    expect(tour.text).toContain(`Comment: First line ${evil}\nSecond line`);
    expect(tour.html).toContain('First line &lt;script&gt;');
    expect(tour.html).toMatch(/First line [^<]*<br\/>Second line/);
    expect(tour.text).toContain('Travellers: 2 adults, 1 child');

    const agency = await renderOperatorEmail('tr', {
      kind: 'agency-application',
      reference: 'AG-1',
      companyName: evil,
      taxId: '1',
      countryCode: 'UZ',
      city: null,
      contactName: evil,
      email: 'a@example.com',
      phone: '+998652211122',
      website: null,
      message: null,
      lang: 'uz',
    });
    noMarkup(agency);
    expect(agency.subject).toBe(t('tr', 'mail.agency.subject', { company: evil }));
    expect(agency.text).toContain('(UZ)');
  });

  test('a new contact email in the notice to the old address', async () => {
    const mail = await renderAfterSaleEmail('uz', {
      kind: 'contact-email-changed',
      order: sampleOrder({ lang: 'uz' }),
      email: '"<b>x</b>"@example.com',
      reader: 'old',
      link: null,
    });
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.text).toContain('"<b>x</b>"@example.com');
    // The old address gets no link to the order (it may no longer be the traveller's).
    expect(mail.text).not.toMatch(/https?:\/\//);
    expect(mail.html).not.toContain('href=');
  });

  test.each(LOCALES)(
    'the undo of a new contact email, to the old address in %s: the button and its deadline',
    async (lang) => {
      const url = `https://parvoz.example/${lang}/orders/ord_x/undo-email-change?change=c&token=t0k`;
      const mail = await renderAfterSaleEmail(lang, {
        kind: 'contact-email-changed',
        order: sampleOrder({ lang }),
        email: 'new@example.com',
        reader: 'old',
        link: null,
        undo: { url, until: '2026-11-25T06:00:00.000Z' },
      });
      const until = new Intl.DateTimeFormat(lang, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'UTC',
      }).format(new Date('2026-11-25T06:00:00.000Z'));
      for (const part of [mail.text, visible(mail.html)]) {
        expect(part).toContain(t(lang, 'aftersale.mail.emailChanged.undoAction'));
        expect(part).toContain(until);
      }
      expect(mail.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
      expect(mail.text).toContain(url);
      // The undo is the only link: none to the order itself.
      expect(mail.text).not.toContain('access_token');
    },
  );
});
