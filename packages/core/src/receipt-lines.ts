/**
 * The lines of an order's fiscal receipt (Uzbekistan's online cash registers, through Payme or Click): one per
 * passenger's ticket and one per paid service (a checked bag), in minor units, adding up exactly to the order's
 * total. A ticket is its passenger type's share of the breakdown (fare, taxes and the offer's own luggage)
 * without the services bought for those passengers; a share that does not divide evenly gives its remainder,
 * one unit each, to the first passengers of that type.
 */
import { fromMajorString, type CurrencyCode } from './money.ts';
import type { OrderPrice } from './order-pricing.ts';
import type { PassengerType } from './passengers.ts';

export type ReceiptLine =
  | { kind: 'ticket'; passengerNumber: number; passengerType: PassengerType; amountMinor: number }
  | { kind: 'luggage'; passengerNumber: number; weightKg: number; amountMinor: number };

const minorOf = (amount: string, currency: CurrencyCode) => {
  const parsed = fromMajorString(amount, currency);
  if (!parsed) throw new RangeError(`not an amount in ${currency}: ${amount}`);
  return parsed.amount;
};

/** `passengers` in booking order (position 0 first); throws when they do not match the price's breakdown. */
export function receiptLines(
  price: OrderPrice,
  passengers: readonly { type: PassengerType }[],
): ReceiptLine[] {
  const { currency } = price;
  const tickets: ReceiptLine[] = [];
  for (const item of price.price_breakdown) {
    const positions = passengers.flatMap((p, i) => (p.type === item.passenger_type ? [i] : []));
    if (positions.length !== item.count)
      throw new RangeError(`${item.count} ${item.passenger_type} in the price, ${positions.length} booked`);
    const services = price.services
      .filter((s) => positions.includes(s.passenger_index))
      .reduce((sum, s) => sum + minorOf(s.amount, currency), 0);
    const share = minorOf(item.total_amount, currency) - services;
    const each = Math.floor(share / item.count);
    positions.forEach((position, i) =>
      tickets.push({
        kind: 'ticket',
        passengerNumber: position + 1,
        passengerType: item.passenger_type,
        amountMinor: each + (i < share - each * item.count ? 1 : 0),
      }),
    );
  }
  tickets.sort((a, b) => a.passengerNumber - b.passengerNumber);
  const luggage: ReceiptLine[] = price.services.map((s) => ({
    kind: 'luggage',
    passengerNumber: s.passenger_index + 1,
    weightKg: s.weight_kg,
    amountMinor: minorOf(s.amount, currency),
  }));
  const lines = [...tickets, ...luggage];
  const sum = lines.reduce((total, line) => total + line.amountMinor, 0);
  if (sum !== price.total_minor)
    throw new RangeError(`receipt lines add up to ${sum}, not ${price.total_minor}`);
  return lines;
}
