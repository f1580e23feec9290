/**
 * The SMTP adapter over a real SMTP server on loopback: an email with a PDF attachment arrives intact, and a
 * rendered email arrives with its HTML and text parts.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { smtpTransport } from './transport.ts';
import { startSmtpServer, type TestSmtpServer } from './testing/smtp-server.ts';
import { toOutgoing } from '../../modules/mail/index.ts';
import { renderOrderEmail } from '../../modules/mail/index.ts';
import { sampleOrder } from '../../routes/v1/dev/email-samples.ts';

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.stop();
});

test('attachments are sent as files with their type and exact bytes', async () => {
  const transport = smtpTransport(smtp.url, 'Parvoz <no-reply@parvoz.test>');
  const pdf = Buffer.from('%PDF-1.7\n% Oʻzbekiston\n%%EOF\n', 'utf8');
  try {
    await transport.send({
      to: 'anna@example.com',
      subject: 'Biletleriniz düzenlendi — K7QX3M',
      text: 'Plain text',
      html: '<p>HTML</p>',
      attachments: [
        {
          filename: 'e-ticket-K7QX3M.pdf',
          contentType: 'application/pdf',
          contentBase64: pdf.toString('base64'),
        },
      ],
    });
  } finally {
    transport.close();
  }
  const { mail } = await smtp.waitFor('anna@example.com');
  expect(mail.subject).toBe('Biletleriniz düzenlendi — K7QX3M');
  expect(mail.text?.trim()).toBe('Plain text');
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0]!.filename).toBe('e-ticket-K7QX3M.pdf');
  expect(mail.attachments[0]!.contentType).toBe('application/pdf');
  expect(Buffer.compare(mail.attachments[0]!.content, pdf)).toBe(0);
});

test('a rendered email (react-email) arrives with both parts: the booking confirmation with the airline reference', async () => {
  const transport = smtpTransport(smtp.url, 'Parvoz <no-reply@parvoz.test>');
  const payload = await renderOrderEmail('tr', {
    kind: 'order-confirmation',
    order: sampleOrder({ lang: 'tr', supplier_booking_reference: 'XJ4T9P' }),
    link: 'http://parvoz.test/tr/orders/ord_1?access_token=abc',
  });
  try {
    await transport.send(toOutgoing('aziz@example.com', payload));
  } finally {
    transport.close();
  }
  const { mail } = await smtp.waitFor('aziz@example.com');
  expect(mail.subject).toBe(payload.subject);
  expect(mail.text).toContain('Havayolu rezervasyon kodu: XJ4T9P');
  expect(mail.text).toContain('http://parvoz.test/tr/orders/ord_1?access_token=abc');
  expect(typeof mail.html === 'string' && mail.html).toContain('lang="tr"');
  expect(mail.html).toContain('XJ4T9P');
  expect(mail.html).toContain('href="http://parvoz.test/tr/orders/ord_1?access_token=abc"');
});
