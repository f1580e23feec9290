import { expect, test } from 'vitest';
import { airlinePrefix, isTicketNumber, ticketNumber } from './tickets.ts';
import { priceOrder, sameAmount } from './order-pricing.ts';

test('ticket numbers: 13 digits, a stable 3-digit carrier prefix and a 10-digit serial', () => {
  expect(airlinePrefix('HY')).toMatch(/^[1-9]\d{2}$/);
  expect(airlinePrefix('HY')).toBe(airlinePrefix('hy'));
  expect(ticketNumber('HY', 42)).toBe(`${airlinePrefix('HY')}0000000042`);
  expect(isTicketNumber(ticketNumber('TK', 9_999_999_999))).toBe(true);
  expect(() => ticketNumber('TK', 0)).toThrow(RangeError);
  expect(() => ticketNumber('TK', 10_000_000_000)).toThrow(RangeError);
});

test('order price: luggage added to its passenger type, exact in minor units', () => {
  const offer = {
    total_currency: 'USD' as const,
    base_amount: '300.00',
    tax_amount: '60.10',
    price_breakdown: [
      {
        passenger_type: 'adult' as const,
        count: 1,
        fare_amount: '200.00',
        tax_amount: '40.05',
        luggage_amount: '0.00',
        total_amount: '240.05',
        currency: 'USD' as const,
      },
      {
        passenger_type: 'child' as const,
        count: 1,
        fare_amount: '100.00',
        tax_amount: '20.05',
        luggage_amount: '0.00',
        total_amount: '120.05',
        currency: 'USD' as const,
      },
    ],
    available_services: [{ id: 'lug_0', slice_index: 0, weight_kg: 23, amount: '35.10' }],
  };
  const price = priceOrder(
    offer,
    [{ type: 'adult' }, { type: 'child' }],
    [{ id: 'lug_0', passenger_index: 1 }],
  );
  expect(price.total_amount).toBe('395.20');
  expect(price.total_minor).toBe(39520);
  expect(price.luggage_amount).toBe('35.10');
  expect(price.price_breakdown[1]).toMatchObject({ luggage_amount: '35.10', total_amount: '155.15' });
  expect(price.services).toEqual([
    { id: 'lug_0', passenger_index: 1, slice_index: 0, weight_kg: 23, amount: '35.10' },
  ]);
  expect(sameAmount('395.2', '395.20', 'USD')).toBe(true);
  expect(sameAmount('395.21', '395.20', 'USD')).toBe(false);
});
