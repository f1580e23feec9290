/** A demonstration says it is one in what it sends and prints (docs/operations.md, "Demo and live mode"). */
import { describe, expect, test } from 'vitest';
import { MESSAGES } from '@parvoz/i18n/messages';
import { LOCALES } from '@parvoz/i18n/locales';
import { pdfText } from '../../testing/pdf-text.ts';
import { demoNotice, labelDemoEmail } from './demo-label.ts';
import { sampleOrder } from '../../routes/v1/dev/email-samples.ts';
import { renderETicketPdf } from './eticket-pdf.ts';
import { renderOrderEmail } from '../mail/index.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';

describe('emails', () => {
  test.each(LOCALES)('%s: the notice opens the text part and tops the HTML', async (lang) => {
    const order = sampleOrder();
    const email = await renderOrderEmail(lang, {
      kind: 'order-confirmation',
      order,
      link: 'https://parvoz.example/en/orders/x',
    });
    const labelled = labelDemoEmail(email, lang);
    const notice = MESSAGES[lang]['demo.banner'];
    expect(labelled.text.startsWith(`${notice}\n\n`)).toBe(true);
    expect(labelled.text.endsWith(email.text)).toBe(true);
    expect(labelled.html).toMatch(/<body[^>]*><div style="[^"]*">[^<]+<\/div>/);
    expect(labelled.html).toContain(notice.replace(/'/g, '&#x27;').split(':')[0]!);
    expect(labelled.subject).toBe(email.subject);
  });

  test('an unknown language falls back to English', () => {
    expect(demoNotice('xx')).toBe(MESSAGES.en['demo.banner']);
  });
});

describe('PDFs', () => {
  test.each(LOCALES)('%s: the e-ticket and the receipt of a demonstration say so', async (lang) => {
    const order = sampleOrder();
    const notice = MESSAGES[lang]['demo.banner'];
    const ticket = pdfText(await renderETicketPdf(order, lang, 'https://parvoz.example/x', { demo: true }));
    const receipt = pdfText(
      await renderReceiptPdf(order, [], lang, new Date(order.created_at), { demo: true }),
    );
    for (const text of [ticket, receipt]) expect(text.replace(/\s+/g, ' ')).toContain(notice);
    const real = pdfText(await renderETicketPdf(order, lang, 'https://parvoz.example/x'));
    expect(real).not.toContain(notice);
  });
});
