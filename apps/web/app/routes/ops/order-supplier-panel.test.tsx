import { describe, expect, test } from 'vitest';
import type { AirlineChange } from '@parvoz/contracts/booking';
import type { OpsOrderSupplier } from '@parvoz/contracts/ops';
import { MESSAGES } from '@parvoz/i18n/messages';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { renderInRoot } from '../../testing/render.tsx';
import { SupplierPanel } from './order-supplier-panel.tsx';

function render(locale: Locale, supplier: OpsOrderSupplier | null, changes: AirlineChange[] = []): string {
  return renderInRoot(locale, <SupplierPanel supplier={supplier} changes={changes} />);
}

const paid: OpsOrderSupplier = {
  name: 'duffel',
  order_id: 'ord_0000AbCdEf123',
  booking_reference: 'QP7K2L',
  total_amount: '312.40',
  total_currency: 'USD',
  paid_at: '2026-11-23T08:00:00.000Z',
  cancelled_at: null,
  ticketing: null,
};
const change = (action: AirlineChange['action_taken']): AirlineChange => ({
  id: `chg_${action ?? 'open'}AAAAAAAAAAAAAAAAAA`,
  detected_at: '2026-11-23T09:00:00.000Z',
  removed: [],
  added: [],
  acceptable: action === null,
  action_taken: action,
  action_taken_at: action ? '2026-11-23T10:00:00.000Z' : null,
  applied_at: null,
});

describe("the console's supplier panel (docs/duffel.md)", () => {
  test('a Duffel order: the airline reference, Duffel’s order, its price, paid, changes with the open ones', () => {
    const html = render('en', paid, [change(null), change('accepted')]);
    for (const text of [
      'Supplier',
      'Sold through',
      'Duffel',
      'Airline booking reference',
      'QP7K2L',
      'ord_0000AbCdEf123',
      '$312.40',
      '2 changes, 1 open',
    ])
      expect(html).toContain(text);
    expect(html).not.toContain('Not yet');
  });

  test('not yet booked at the airline (paid at booking time), not paid, released', () => {
    const html = render('en', {
      ...paid,
      order_id: null,
      booking_reference: null,
      paid_at: null,
      cancelled_at: '2026-11-23T11:00:00.000Z',
    });
    expect(html).toContain('Not booked yet: booked at the airline once the traveller has paid');
    expect(html).toContain('Not yet');
    expect(html).toContain('Released at the supplier');
    expect(html).toContain('None');
  });

  test.each(LOCALES)('%s: a creation whose outcome is unknown is shown to the operator', (locale) => {
    const html = render(locale, { ...paid, order_id: null, paid_at: null, booking_outcome: 'unknown' });
    expect(html).toContain(MESSAGES[locale]['ops.supplier.outcome']);
    expect(html).toContain(MESSAGES[locale]['ops.supplier.outcome.unknown'].slice(0, 20));
  });

  test('nothing for an order of the built-in network', () => {
    expect(render('en', null)).toBe('');
  });

  test.each(LOCALES.filter((l) => l !== 'en'))('%s: in its own words, the plural read', (locale) => {
    const html = render(locale, paid, [change(null)]);
    expect(html).toContain(MESSAGES[locale]['ops.supplier.heading']);
    expect(html).toContain(MESSAGES[locale]['ops.supplier.reference']);
    expect(html).not.toContain('{count');
    expect(html).not.toContain('Airline booking reference');
  });
});
