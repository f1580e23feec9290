import { describe, expect, test } from 'vitest';
import type { OpsAuditEntry } from '@parvoz/contracts/ops';
import { LOCALES } from '@parvoz/i18n/locales';
import { renderInRoot } from '../../testing/render.tsx';
import { AuditSentence } from './staff-audit-entry.tsx';

const SAMARKAND = { en: 'Samarkand weekend', ru: 'Выходные в Самарканде', uz: null, tr: null };
const REQUEST = '7a4e2c9b-1111-4222-8333-444455556666';
const USER = '172a4a67-0000-4000-8000-000000000001';

const entry = (over: Partial<OpsAuditEntry>): OpsAuditEntry => ({
  at: '2026-11-23T06:00:00.000Z',
  actor: 'desk@agency.test',
  action: 'order.note',
  target_type: 'order',
  target_id: 'ord_AAAAAAAAAAAAAAAAAAAAAAAA',
  target_label: 'PZ7Q4K',
  target_title: null,
  details: {},
  ...over,
});

const render = (locale: (typeof LOCALES)[number], e: OpsAuditEntry) =>
  renderInRoot(locale, <AuditSentence entry={e} />);

describe('an audit entry as a sentence, linked to what it is about', () => {
  test('Russian: a person granted access, by email, linked to their place in the staff list', () => {
    const html = render(
      'ru',
      entry({
        action: 'staff.granted',
        target_type: 'user',
        target_id: USER,
        target_label: 'ops@agency.test',
      }),
    );
    expect(html).toContain(`href="/ru/ops/staff#staff-${USER}"`);
    expect(html).toContain('>desk@agency.test открыл(а) доступ к консоли для ops@agency.test</a>');
    expect(html).not.toContain('staff.granted');
  });

  test('an order by its booking reference, linked to its page', () => {
    const html = render('en', entry({}));
    expect(html).toContain('href="/en/ops/orders/ord_AAAAAAAAAAAAAAAAAAAAAAAA"');
    expect(html).toContain('>desk@agency.test added a note to order PZ7Q4K</a>');
  });

  test("a tour request by who asked and the tour's title in the console's language, linked in the inbox", () => {
    const request = entry({
      action: 'tour_request.updated',
      target_type: 'tour_request',
      target_id: REQUEST,
      target_label: 'Aziz Rahimov',
      target_title: SAMARKAND,
    });
    const ru = render('ru', request);
    expect(ru).toContain(`href="/ru/ops/requests#item-${REQUEST}"`);
    expect(ru).toContain('desk@agency.test обновил(а) заявку от Aziz Rahimov о туре «Выходные в Самарканде»');
    // No Uzbek title: the English one.
    expect(render('uz', request)).toContain('Aziz Rahimovning «Samarkand weekend» haqidagi tur so‘rovini');
    expect(render('ru', { ...request, target_title: null })).toContain(
      'обновил(а) заявку на тур от Aziz Rahimov',
    );
  });

  test('a tour by its title, a company by its name; an entry of an unknown subject still reads', () => {
    expect(
      render(
        'tr',
        entry({ action: 'tour.updated', target_type: 'tour', target_id: REQUEST, target_title: SAMARKAND }),
      ),
    ).toContain('desk@agency.test, “Samarkand weekend” turunu düzenledi');
    expect(
      render(
        'en',
        entry({
          action: 'agency_application.updated',
          target_type: 'agency_application',
          target_id: REQUEST,
          target_label: 'Silk Road Travel',
        }),
      ),
    ).toContain(
      `href="/en/ops/applications#item-${REQUEST}" data-discover="true">desk@agency.test updated agency application Silk Road Travel<`,
    );
    const other = render(
      'en',
      entry({ action: 'email.retried', target_type: 'email', target_id: '42', target_label: null }),
    );
    expect(other).toBe('<span>desk@agency.test retried email 42</span>');
  });

  test.each(LOCALES)('%s: no raw code for any action the API writes today', (locale) => {
    for (const action of ['order.ticketing_creation_allowed', 'refund.retried', 'second_factor.reset'])
      expect(render(locale, entry({ action }))).not.toContain(action);
  });
});
