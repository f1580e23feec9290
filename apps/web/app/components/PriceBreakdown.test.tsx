import { describe, expect, test } from 'vitest';
import type { Order } from '@parvoz/contracts/booking';
import { renderInRoot } from '../testing/render.tsx';
import { AgencyLines } from './PriceBreakdown.tsx';

type Row = Order['price_breakdown'][number];
const adults = (discount: string): Row => ({
  passenger_type: 'adult',
  count: 2,
  fare_amount: '300.00',
  tax_amount: '40.00',
  luggage_amount: '0.00',
  discount_amount: discount,
  total_amount: '320.00',
  currency: 'USD',
});
const text = (html: string) => html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|');

describe('the agency’s lines of an order (docs/decisions/0029-promo-codes.md)', () => {
  test('a discount that is all the promo code’s: one line, naming the code', () => {
    const html = text(
      renderInRoot(
        'en',
        <AgencyLines
          rows={[adults('20.00')]}
          currency="USD"
          as="p"
          promo={{ code: 'SPRING5', discount_amount: '20.00' }}
        />,
      ),
    );
    expect(html).toContain('|Promo code SPRING5|-$20.00|');
    expect(html).not.toContain('Discount');
  });

  test('the rules’ discount beside the code’s: each its own line, adding up to the breakdown’s', () => {
    const html = text(
      renderInRoot(
        'en',
        <AgencyLines
          rows={[adults('20.05')]}
          currency="USD"
          as="p"
          promo={{ code: 'SPRING5', discount_amount: '12.40' }}
        />,
      ),
    );
    expect(html).toContain('|Discount|-$7.65|');
    expect(html).toContain('|Promo code SPRING5|-$12.40|');
  });

  test('no code: the plain discount line, as before', () => {
    const html = text(renderInRoot('en', <AgencyLines rows={[adults('5.00')]} currency="USD" as="p" />));
    expect(html).toContain('|Discount|-$5.00|');
    expect(html).not.toContain('Promo code');
  });
});
