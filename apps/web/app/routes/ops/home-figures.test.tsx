import { describe, expect, test } from 'vitest';
import type { OpsOverview } from '@parvoz/contracts/ops';
import { MESSAGES } from '@parvoz/i18n/messages';
import { LOCALES } from '@parvoz/i18n/locales';
import { renderInRoot } from '../../testing/render.tsx';
import { OverviewTotals } from './home-figures.tsx';

const totals: OpsOverview['totals'] = {
  searches: 12,
  orders: 3,
  paid_orders: 2,
  revenue: [{ currency: 'TRY', amount: '31063.25' }],
  refunds: [{ currency: 'TRY', amount: '31063.25', count: 1 }],
};

describe("the overview's totals", () => {
  test('Russian: revenue net of refunds, the refunds beside it counted, the paid orders saying what they count', () => {
    const html = renderInRoot('ru', <OverviewTotals totals={totals} />);
    expect(html).toContain('Оплаченные заказы (включая возвращённые)</dt>');
    expect(html).toContain('>2</dd>');
    expect(html).toContain('Выручка за вычетом возвратов</dt>');
    expect(html).toContain('<span class="block" data-currency="TRY">31 063,25 ₺</span>');
    expect(html).toContain('<span class="block" data-currency="TRY">1 возврат: 31 063,25 ₺</span>');
  });

  test('each currency on its own line, never added together; several refunds counted', () => {
    const html = renderInRoot(
      'en',
      <OverviewTotals
        totals={{
          ...totals,
          revenue: [
            { currency: 'TRY', amount: '100.00' },
            { currency: 'UZS', amount: '500000' },
          ],
          refunds: [
            { currency: 'TRY', amount: '40.00', count: 3 },
            { currency: 'UZS', amount: '1000', count: 1 },
          ],
        }}
      />,
    );
    expect(html.match(/data-currency="TRY"/g)).toHaveLength(2);
    expect(html.match(/data-currency="UZS"/g)).toHaveLength(2);
    expect(html).toContain('>3 refunds: ₺40<');
    expect(html).toContain('>1 refund: UZS 1,000<');
  });

  test.each(LOCALES)('%s: a period without payments or refunds says so in its words', (locale) => {
    const html = renderInRoot(locale, <OverviewTotals totals={{ ...totals, revenue: [], refunds: [] }} />);
    expect(html).toContain(MESSAGES[locale]['ops.overview.noRevenue']);
    expect(html).toContain(MESSAGES[locale]['ops.overview.noRefunds']);
    expect(html).toContain(MESSAGES[locale]['ops.overview.paidOrdersWithRefunded']);
    expect(html).not.toContain('data-currency');
  });
});
