/**
 * The lines of an order's fiscal receipt (Uzbekistan's online cash registers, through Payme or Click): one per
 * passenger's ticket and one per paid service (a checked bag, a seat), in minor units, adding up exactly to the order's
 * total. A ticket is its passenger type's share of the breakdown (fare, taxes and the offer's own luggage)
 * without the services bought for those passengers; a share that does not divide evenly gives its remainder,
 * one unit each, to the first passengers of that type.
 *
 * The agency's service fee is its own service, not the airline's ticket: with `feesApart` each passenger's share of
 * it is a line of its own (`serviceFee`, shared like the ticket), taken out of that passenger's ticket line, so a
 * receipt can register it under the agency's own tax code (docs/payment-providers.md, "Payme and Click"). Without,
 * the fee stays inside the ticket lines.
 */
import { fromMajorString, type CurrencyCode } from './money.ts';
import type { OrderPrice } from './order-pricing.ts';
import type { PassengerType } from './passengers.ts';

export type ReceiptLine =
  | { kind: 'ticket'; passengerNumber: number; passengerType: PassengerType; amountMinor: number }
  | { kind: 'serviceFee'; passengerNumber: number; amountMinor: number }
  | { kind: 'luggage'; passengerNumber: number; weightKg: number; amountMinor: number }
  | { kind: 'seat'; passengerNumber: number; designator: string; amountMinor: number };

const minorOf = (amount: string | undefined, currency: CurrencyCode) => {
  if (amount === undefined) return 0;
  const parsed = fromMajorString(amount, currency);
  if (!parsed) throw new RangeError(`not an amount in ${currency}: ${amount}`);
  return parsed.amount;
};

/** `amount` in `count` parts adding up to it exactly: the remainder, one unit each, to the first parts. */
const shareEvenly = (amount: number, count: number) => {
  const each = Math.floor(amount / count);
  return Array.from({ length: count }, (_, i) => each + (i < amount - each * count ? 1 : 0));
};

/** `passengers` in booking order (position 0 first); throws when they do not match the price's breakdown. */
export function receiptLines(
  price: OrderPrice,
  passengers: readonly { type: PassengerType }[],
  { feesApart = false }: { feesApart?: boolean } = {},
): ReceiptLine[] {
  const { currency } = price;
  const tickets: ReceiptLine[] = [];
  const fees: ReceiptLine[] = [];
  for (const item of price.price_breakdown) {
    const positions = passengers.flatMap((p, i) => (p.type === item.passenger_type ? [i] : []));
    if (positions.length !== item.count)
      throw new RangeError(`${item.count} ${item.passenger_type} in the price, ${positions.length} booked`);
    const services = [...price.services, ...(price.seats ?? [])]
      .filter((s) => positions.includes(s.passenger_index))
      .reduce((sum, s) => sum + minorOf(s.amount, currency), 0);
    const fee = feesApart ? minorOf(item.service_fee_amount, currency) : 0;
    const shares = shareEvenly(minorOf(item.total_amount, currency) - services - fee, item.count);
    const feeShares = shareEvenly(fee, item.count);
    positions.forEach((position, i) => {
      if (shares[i]! < 0) throw new RangeError(`a ticket line below zero: ${shares[i]}`);
      tickets.push({
        kind: 'ticket',
        passengerNumber: position + 1,
        passengerType: item.passenger_type,
        amountMinor: shares[i]!,
      });
      if (feeShares[i]! > 0)
        fees.push({ kind: 'serviceFee', passengerNumber: position + 1, amountMinor: feeShares[i]! });
    });
  }
  const byPassenger = (a: ReceiptLine, b: ReceiptLine) => a.passengerNumber - b.passengerNumber;
  tickets.sort(byPassenger);
  fees.sort(byPassenger);
  const luggage: ReceiptLine[] = price.services.map((s) => ({
    kind: 'luggage',
    passengerNumber: s.passenger_index + 1,
    weightKg: s.weight_kg,
    amountMinor: minorOf(s.amount, currency),
  }));
  const seats: ReceiptLine[] = (price.seats ?? [])
    .filter((s) => minorOf(s.amount, currency) > 0)
    .map((s) => ({
      kind: 'seat',
      passengerNumber: s.passenger_index + 1,
      designator: s.designator,
      amountMinor: minorOf(s.amount, currency),
    }));
  const lines = [...tickets, ...fees, ...luggage, ...seats];
  const sum = lines.reduce((total, line) => total + line.amountMinor, 0);
  if (sum !== price.total_minor)
    throw new RangeError(`receipt lines add up to ${sum}, not ${price.total_minor}`);
  return lines;
}
