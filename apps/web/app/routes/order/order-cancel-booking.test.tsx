import { describe, expect, test } from 'vitest';
import type { Order } from '@parvoz/contracts/booking';
import { MESSAGES } from '@parvoz/i18n/messages';
import { LOCALES } from '@parvoz/i18n/locales';
import { renderInRoot } from '../../testing/render.tsx';
import { CancelBooking } from './order-cancel-booking.tsx';
import type { CancelQuote } from './order-after-sale.ts';

const order = { id: 'ord_test_cancel_credits' } as Order;
const credits: CancelQuote = {
  id: 'ocn_AAAAAAAAAAAAAAAAAAAAAAAA',
  refund_amount: '0.00',
  refund_currency: 'USD',
  refund_rule: 'fare_minus_penalty',
  kept_amount: '300.00',
  refund_to: 'airline_credits',
  airline_credits: [{ code: 'QP7K2L1', name: 'Future travel credit', amount: '250.00', currency: 'USD' }],
  minutes: 10,
};

describe('the cancel dialog of a quote the airline refunds as credits', () => {
  test.each(LOCALES)(
    '%s: says it is an airline credit, with its code and amount, and no card refund',
    (locale) => {
      const html = renderInRoot(locale, <CancelBooking order={order} quote={credits} busy={false} />);
      expect(html).toContain(MESSAGES[locale]['order.cancel.quote.credit']);
      expect(html).toContain('QP7K2L1');
      expect(html).toContain('250');
      expect(html).not.toContain(MESSAGES[locale]['order.cancel.quote.back']);
    },
  );
});
