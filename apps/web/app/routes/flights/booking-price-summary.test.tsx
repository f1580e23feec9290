import { describe, expect, test } from 'vitest';
import type { Order } from '@parvoz/contracts/booking';
import { formatMoney } from '@parvoz/i18n/currency';
import { MESSAGES } from '@parvoz/i18n/messages';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { renderInRoot } from '../../testing/render.tsx';
import { agencyAmounts, sumAmounts } from '../../components/PriceBreakdown.tsx';
import { OrderPrice } from '../../features/orders/OrderDetails.tsx';
import { PriceSummary, totalWithLuggage } from './booking-price-summary.tsx';
import type { BookingOffer } from './booking-offer.ts';
import { CancelBooking, penaltyOf } from '../order/order-cancel-booking.tsx';
import type { CancelQuote } from '../order/order-after-sale.ts';

/** Intl's amount as the rendered markup reads it (no-break spaces as plain ones). */
const amount = (locale: Locale, value: number, currency: 'UZS' | 'RUB' = 'UZS') =>
  formatMoney(locale, value, currency).replace(/[\u00a0\u202f]/g, ' ');

/**
 * Two adults and a child from Tashkent in so'm: a 50,000 so'm service fee per passenger and a 30,000 discount, each
 * type's share in its breakdown (packages/core/src/price-breakdown.ts).
 */
const breakdown = [
  {
    passenger_type: 'adult' as const,
    count: 2,
    fare_amount: '5250000',
    tax_amount: '800000',
    luggage_amount: '0',
    service_fee_amount: '100000',
    discount_amount: '20000',
    total_amount: '6130000',
    currency: 'UZS',
  },
  {
    passenger_type: 'child' as const,
    count: 1,
    fare_amount: '1968750',
    tax_amount: '400000',
    luggage_amount: '0',
    service_fee_amount: '50000',
    discount_amount: '10000',
    total_amount: '2408750',
    currency: 'UZS',
  },
];
const conditions = {
  refund_before_departure: {
    allowed: true,
    penalty_amount: '317500',
    penalty_currency: 'UZS',
    taxes_refundable: true as const,
  },
};
const offer = {
  total_amount: '8538750',
  total_currency: 'UZS',
  price_breakdown: breakdown,
  conditions,
} as unknown as BookingOffer;
const plain = {
  ...offer,
  total_amount: '1200000',
  price_breakdown: [
    {
      passenger_type: 'adult',
      count: 1,
      fare_amount: '1000000',
      tax_amount: '200000',
      luggage_amount: '0',
      total_amount: '1200000',
      currency: 'UZS',
    },
  ],
} as BookingOffer;

describe('the booking page’s price summary', () => {
  test('the fare, taxes, service fee and discount add up exactly to the total charged', () => {
    const { serviceFee, discount } = agencyAmounts(offer.price_breakdown, 'UZS');
    expect(serviceFee).toBe(150_000);
    expect(discount).toBe(30_000);
    const lines = sumAmounts(
      offer.price_breakdown.flatMap((r) => [r.fare_amount, r.tax_amount, r.luggage_amount]),
      'UZS',
    );
    expect(lines + serviceFee - discount).toBe(totalWithLuggage(offer, []));
    expect(totalWithLuggage(offer, [])).toBe(8_538_750);
  });

  test.each(LOCALES)(
    '%s: the service fee and the discount are lines of their own, in its words',
    (locale) => {
      const html = renderInRoot(locale, <PriceSummary offer={offer} luggage={[]} />);
      const m = MESSAGES[locale];
      expect(html).toContain(`<dt class="font-medium">${m['booking.price.serviceFee']}</dt>`);
      expect(html).toContain(amount(locale, 150_000));
      expect(html).toContain(`<dt class="font-medium">${m['booking.price.discount']}</dt>`);
      expect(html).toContain(amount(locale, -30_000));
      expect(html).toContain(amount(locale, 5_250_000));
      expect(html).toMatch(
        new RegExp(`data-testid="booking-total">${amount(locale, 8_538_750).replace(/[.$]/g, '\\$&')}<`),
      );
      // The fee line comes before the total.
      expect(html.indexOf(m['booking.price.serviceFee'])).toBeLessThan(html.indexOf('booking-total'));
    },
  );

  test('no service fee or discount line when there is none', () => {
    const html = renderInRoot('uz', <PriceSummary offer={plain} luggage={[]} />);
    expect(html).not.toContain(MESSAGES.uz['booking.price.serviceFee']);
    expect(html).not.toContain(MESSAGES.uz['booking.price.discount']);
    expect(html).not.toContain('price-service-fee');
  });
});

describe('the order page’s price', () => {
  const order = {
    total_amount: offer.total_amount,
    total_currency: 'UZS',
    price_breakdown: breakdown,
  } as unknown as Order;

  test.each(LOCALES)('%s: the order keeps the fee line it was sold with', (locale) => {
    const html = renderInRoot(locale, <OrderPrice order={order} />);
    expect(html).toContain('data-testid="price-service-fee"');
    expect(html).toContain(MESSAGES[locale]['booking.price.serviceFee']);
    expect(html).toContain(amount(locale, 150_000));
    expect(html).toContain(amount(locale, -30_000));
    expect(html).toContain(amount(locale, 8_538_750));
  });
});

describe('the cancel quote says whether the service fee comes back', () => {
  const quote: CancelQuote = {
    id: 'ocn_AAAAAAAAAAAAAAAAAAAAAAAA',
    refund_amount: '4500',
    refund_currency: 'RUB',
    refund_rule: 'fare_minus_penalty',
    kept_amount: '2800',
    refund_to: 'payment',
    service_fee_amount: '500',
    service_fee_refunded: false,
    minutes: 10,
  };
  const order = { id: 'ord_test_cancel_fee' } as Order;

  test('the fare’s penalty is what is kept less the service fee kept', () => {
    expect(penaltyOf(quote)).toBe(2_300);
    expect(penaltyOf({ ...quote, service_fee_refunded: true })).toBe(2_800);
    expect(penaltyOf({ ...quote, service_fee_amount: undefined })).toBe(2_800);
  });

  test.each(LOCALES)('%s: kept, or refunded with the whole fare', (locale) => {
    const fee = amount(locale, 500, 'RUB');
    const kept = renderInRoot(locale, <CancelBooking order={order} quote={quote} busy={false} />);
    expect(kept).toContain(MESSAGES[locale]['order.cancel.quote.serviceFeeKept'].replace('{fee}', fee));
    expect(kept).toContain(
      MESSAGES[locale]['order.cancel.quote.fee'].replace('{fee}', amount(locale, 2_300, 'RUB')),
    );
    const back = renderInRoot(
      locale,
      <CancelBooking
        order={order}
        quote={{ ...quote, refund_amount: '7300', kept_amount: '0', service_fee_refunded: true }}
        busy={false}
      />,
    );
    expect(back).toContain(MESSAGES[locale]['order.cancel.quote.serviceFeeRefunded'].replace('{fee}', fee));
  });
});
