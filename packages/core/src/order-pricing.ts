/**
 * The price of an order: the offer's price plus the luggage bought per passenger (docs/design.md §3 "add
 * luggage") and the seats chosen (docs/seats.md), in the offer's currency, exact in minor units. Call it only
 * after `checkServices` accepted the services and `priceSeats` priced the seats.
 */
import {
  addMoney,
  fromMajorString,
  sumMoney,
  toMajorString,
  type CurrencyCode,
  type Money,
} from './money.ts';
import type { PassengerType } from './passengers.ts';
import type { OrderSeatLine } from './seat-maps.ts';
import type { LuggageService, Offer, PriceBreakdownItem } from './search-types.ts';

export interface OrderServiceLine {
  id: string;
  passenger_index: number;
  slice_index: number;
  weight_kg: number;
  amount: string;
  /** A real supplier's service and exact price (LuggageService.supplier): what its order is sent and charged. */
  supplier?: LuggageService['supplier'];
}

export interface OrderPrice {
  currency: CurrencyCode;
  total_amount: string;
  base_amount: string;
  tax_amount: string;
  luggage_amount: string;
  /** Total in minor units (the `orders.total_minor` column). */
  total_minor: number;
  price_breakdown: PriceBreakdownItem[];
  services: OrderServiceLine[];
  /** The seats chosen, priced (absent on orders booked before seats were sold, and with none chosen). */
  seats?: OrderSeatLine[];
  /** Their sum, present only when not zero. */
  seats_amount?: string;
}

function parse(value: string, currency: CurrencyCode): Money {
  const m = fromMajorString(value, currency);
  if (!m) throw new RangeError(`not an amount in ${currency}: ${value}`);
  return m;
}

export function priceOrder(
  offer: Pick<Offer, 'total_currency' | 'base_amount' | 'tax_amount' | 'price_breakdown'> & {
    available_services: readonly Pick<
      LuggageService,
      'id' | 'slice_index' | 'weight_kg' | 'amount' | 'supplier'
    >[];
  },
  passengers: readonly { type: PassengerType }[],
  services: readonly { id: string; passenger_index: number }[],
  seats: readonly OrderSeatLine[] = [],
): OrderPrice {
  const currency = offer.total_currency;
  const lines: OrderServiceLine[] = services.map((s) => {
    const service = offer.available_services.find((a) => a.id === s.id);
    if (!service) throw new RangeError(`unknown service ${s.id}`);
    return {
      id: s.id,
      passenger_index: s.passenger_index,
      slice_index: service.slice_index,
      weight_kg: service.weight_kg,
      amount: service.amount,
      ...(service.supplier ? { supplier: service.supplier } : {}),
    };
  });
  const sumOf = (items: readonly { passenger_index: number; amount: string }[], type: PassengerType) =>
    sumMoney(
      items.filter((l) => passengers[l.passenger_index]?.type === type).map((l) => parse(l.amount, currency)),
      currency,
    );
  const breakdown = offer.price_breakdown.map((item) => {
    const luggage = sumOf(lines, item.passenger_type);
    const seated = sumOf(seats, item.passenger_type);
    return {
      ...item,
      luggage_amount: toMajorString(addMoney(parse(item.luggage_amount, currency), luggage)),
      ...(seated.amount > 0 ? { seats_amount: toMajorString(seated) } : {}),
      total_amount: toMajorString(addMoney(addMoney(parse(item.total_amount, currency), luggage), seated)),
    };
  });
  const seatsTotal = sumMoney(
    seats.map((s) => parse(s.amount, currency)),
    currency,
  );
  const total = sumMoney(
    breakdown.map((b) => parse(b.total_amount, currency)),
    currency,
  );
  const luggage = sumMoney(
    breakdown.map((b) => parse(b.luggage_amount, currency)),
    currency,
  );
  return {
    currency,
    total_amount: toMajorString(total),
    base_amount: offer.base_amount,
    tax_amount: offer.tax_amount,
    luggage_amount: toMajorString(luggage),
    total_minor: total.amount,
    price_breakdown: breakdown,
    services: lines,
    ...(seats.length > 0 ? { seats: [...seats] } : {}),
    ...(seatsTotal.amount > 0 ? { seats_amount: toMajorString(seatsTotal) } : {}),
  };
}

/** Whether two major-unit amounts of one currency are the same ("412.5" equals "412.50"). */
export function sameAmount(a: string, b: string, currency: CurrencyCode): boolean {
  const x = fromMajorString(a, currency);
  const y = fromMajorString(b, currency);
  return x !== null && y !== null && x.amount === y.amount;
}
