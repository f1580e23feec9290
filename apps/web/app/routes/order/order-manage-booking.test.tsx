import { describe, expect, test } from 'vitest';
import type { Order } from '@parvoz/contracts/booking';
import { changePhoneRequestSchema, emailChangeConfirmRequestSchema } from '@parvoz/contracts/order-manage';
import { getIntl } from '@parvoz/i18n/messages';
import { LOCALES } from '@parvoz/i18n/locales';
import { parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import { renderInRoot } from '../../testing/render.tsx';
import { ManageBooking } from './order-manage-booking.tsx';
import type { ManageResult } from './order-after-sale.ts';

const order = {
  id: 'ord_AAAAAAAAAAAAAAAAAAAAAAAA',
  booking_reference: 'QP7K2L',
  booking_status: 'new',
  payment_status: 'not_paid',
  contact: { full_name: 'Aziz Karimov', email: 'old@example.com', phone: '+998901234567' },
} satisfies Partial<Order> as Order;

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

/** The markup of the field named `name`: from its input to the end of the paragraph after it (its error). */
function fieldOf(html: string, name: string): string {
  const input = html.indexOf(`name="${name}"`);
  expect(input, html).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf('<input', input), html.indexOf('</p>', input));
}

describe('a refused manage form shows its error under its field, in the page language', () => {
  test.each(LOCALES)('%s: a phone the contract refuses, with what was typed', (locale) => {
    const submission = parseForm(form({ intent: 'change-phone', phone: '12' }), changePhoneRequestSchema, {
      onlySchemaFields: true,
    }).reply();
    const result: ManageResult = {
      manage: 'failed',
      intent: 'change-phone',
      message: 'booking.error.phone',
      submission,
    };
    const field = fieldOf(
      renderInRoot(locale, <ManageBooking order={order} result={result} busy={false} />),
      'phone',
    );
    expect(field).toContain('aria-invalid="true"');
    expect(field).toContain('value="12"');
    expect(field).toContain(getIntl(locale).formatMessage({ id: 'booking.error.phone' }));
  });

  test.each(LOCALES)("%s: the API's wrong code, with the tries left, keeps the code form", (locale) => {
    const read = parseForm(form({ code: '135790' }), emailChangeConfirmRequestSchema);
    const result: ManageResult = {
      manage: 'failed',
      intent: 'email-confirm',
      message: 'manage.email.wrongCode',
      values: { attempts: 4 },
      submission: replyWithFieldErrors(read, { code: ['manage.email.wrongCode'] }),
      change: { id: '6f1c2b0e-3d4a-4b5c-8d6e-7f8091a2b3c4', email: 'new@example.com' },
    };
    const html = renderInRoot(locale, <ManageBooking order={order} result={result} busy={false} />);
    expect(html).toContain('name="change_id" value="6f1c2b0e-3d4a-4b5c-8d6e-7f8091a2b3c4"');
    const field = fieldOf(html, 'code');
    expect(field).toContain('aria-invalid="true"');
    expect(field).toContain(getIntl(locale).formatMessage({ id: 'manage.email.wrongCode' }, { attempts: 4 }));
    expect(html).not.toContain('name="email"');
  });
});
