/**
 * Seat maps (docs/seats.md): the cabins of a flight row by row, each seat with who may take it and at what price,
 * Duffel-like (docs/duffel.md, "Seat maps"): a seat is offered per passenger, so a seat one passenger may not
 * take (an exit row for a child) lists only the others. The built-in network draws a plausible layout from the
 * aircraft's class (schedule-aircraft.ts): as many seats as the cabin the schedule sells, with exit rows over the
 * wing, extra legroom behind the bulkhead and the seats others took already, the same on every call.
 */
import { convertMoney, money, toMajorString, type CurrencyCode, type ExchangeRates } from './money.ts';
import type { PassengerType } from './passengers.ts';
import { aircraftClass, type AircraftClass } from './schedule-aircraft.ts';
import { hash32, unit } from './schedule-random.ts';
import type { Cabin } from './schedule.ts';
import type { FareFamily } from './vocabulary.ts';

export type SeatFeature = 'window' | 'aisle' | 'extra_legroom' | 'exit_row';

/** Who may take a seat and at what price (`amount` "0" when free): a passenger's index in the offer. */
export interface SeatService {
  passenger_index: number;
  amount: string;
}

export interface Seat {
  /** Row and column, e.g. "12A". */
  designator: string;
  features: SeatFeature[];
  /** Empty when the seat is taken (or no passenger of the booking may take it). */
  services: SeatService[];
}

export interface SeatRow {
  number: number;
  /** Seats between aisles, left to right. */
  sections: Seat[][];
}

/** The seats of one flight of an offer in its cabin. */
export interface SeatMap {
  slice_index: number;
  segment_index: number;
  flight_key: string;
  cabin_class: Cabin;
  currency: CurrencyCode;
  rows: SeatRow[];
}

/** A cabin's layout: column letters per section (aisles between), its rows, and which are special. */
export interface CabinLayout {
  sections: readonly string[];
  firstRow: number;
  rows: number;
  exitRows: readonly number[];
  extraLegroomRows: readonly number[];
}

interface ClassLayouts {
  business: { sections: readonly string[]; rows: number };
  economy: { sections: readonly string[]; rows: number; exitAfter: readonly number[] };
}

/**
 * Seats per cabin agree with AIRCRAFT_CLASSES (checked by a test): wide 30 + 260 (2-2-2, 3-4-3), narrow 12 + 156
 * (2-2, 3-3), regional 8 + 76 and turboprop 4 + 64 (2-2). Exit rows: economy rows counted from its first
 * (`exitAfter`), over the wing.
 */
const LAYOUTS: Readonly<Record<AircraftClass, ClassLayouts>> = {
  wide: {
    business: { sections: ['AC', 'DG', 'HK'], rows: 5 },
    economy: { sections: ['ABC', 'DEFG', 'HJK'], rows: 26, exitAfter: [0, 12] },
  },
  narrow: {
    business: { sections: ['AC', 'DF'], rows: 3 },
    economy: { sections: ['ABC', 'DEF'], rows: 26, exitAfter: [10, 11] },
  },
  regional: {
    business: { sections: ['AC', 'DF'], rows: 2 },
    economy: { sections: ['AC', 'DF'], rows: 19, exitAfter: [8] },
  },
  turboprop: {
    business: { sections: ['AC', 'DF'], rows: 1 },
    economy: { sections: ['AC', 'DF'], rows: 16, exitAfter: [0] },
  },
};

/** The layout of a cabin of an aircraft (by its IATA code; unknown codes are narrow-bodies). */
export function cabinLayout(aircraftCode: string, cabin: Cabin): CabinLayout {
  const layouts = LAYOUTS[aircraftClass(aircraftCode)];
  if (cabin === 'business') {
    return { ...layouts.business, firstRow: 1, exitRows: [], extraLegroomRows: [] };
  }
  const firstRow = layouts.business.rows + 1;
  const exitRows = layouts.economy.exitAfter.map((r) => firstRow + r);
  return {
    sections: layouts.economy.sections,
    rows: layouts.economy.rows,
    firstRow,
    exitRows,
    // The first row behind the bulkhead and the exit rows have room for the legs.
    extraLegroomRows: [...new Set([firstRow, ...exitRows])],
  };
}

/** Seats a layout has. */
export function layoutSeats(layout: CabinLayout): number {
  return layout.rows * layout.sections.join('').length;
}

/** Rounding of a seat's price: whole units of each currency (UZS in thousands). */
const SEAT_PRICE_STEP: Readonly<Record<CurrencyCode, number>> = {
  USD: 100,
  EUR: 100,
  RUB: 100,
  TRY: 100,
  UZS: 1000,
};

/**
 * A seat's price per passenger in USD cents: business seats come with the fare; an economy seat with room for
 * the legs $15 + $5 per 1000 km (at most $45); any other economy seat is free on the standard fare and costs
 * $5 + $2 per 1000 km (at most $15) on light.
 */
export function seatPriceCents(
  features: readonly SeatFeature[],
  cabin: Cabin,
  family: FareFamily,
  distanceKm: number,
): number {
  if (cabin === 'business') return 0;
  if (features.includes('extra_legroom')) return Math.min(45, Math.round(15 + distanceKm / 200)) * 100;
  if (family === 'standard') return 0;
  return Math.min(15, Math.round(5 + distanceKm / 500)) * 100;
}

/** A USD-cent price in `currency`, rounded up to the currency's whole step. */
export function seatPriceIn(cents: number, currency: CurrencyCode, rates: ExchangeRates): string {
  if (cents === 0) return toMajorString(money(0, currency));
  const converted = convertMoney(money(cents, 'USD'), currency, rates).amount;
  const step = SEAT_PRICE_STEP[currency];
  return toMajorString(money(Math.ceil(converted / step) * step, currency));
}

export interface BuiltInSeatMapInput {
  slice_index: number;
  segment_index: number;
  flight_key: string;
  aircraftCode: string;
  cabin: Cabin;
  family: FareFamily;
  distanceKm: number;
  currency: CurrencyCode;
  rates: ExchangeRates;
  /** The offer's passengers in order (infants sit on the laps of the first adults). */
  passengers: readonly { type: PassengerType }[];
  /** Seats our own orders hold on this flight (designators). */
  assigned: ReadonlySet<string>;
  /** Seats sold in this cabin (the seat inventory), those with a seat chosen included. */
  sold: number;
}

/**
 * Of the seats nobody chose here, those taken: the seats sold without a choice plus a share of the rest (30–60 %
 * by flight) the airline's other channels sold, picked by a hash of the flight and the seat so every call agrees.
 */
function takenSeats(input: BuiltInSeatMapInput, designators: readonly string[]): Set<string> {
  const free = designators.filter((d) => !input.assigned.has(d));
  const capacity = designators.length;
  const sold = Math.min(capacity, Math.max(input.sold, input.assigned.size));
  const soldWithoutChoice = sold - input.assigned.size;
  const othersShare = 0.3 + 0.3 * unit(hash32(`seat-load:${input.flight_key}`));
  const count = Math.min(free.length, soldWithoutChoice + Math.floor(othersShare * (capacity - sold)));
  const ranked = free
    .map((d) => ({ d, rank: hash32(`seat:${input.flight_key}:${d}`) }))
    .sort((a, b) => a.rank - b.rank || (a.d < b.d ? -1 : 1));
  return new Set([...input.assigned, ...ranked.slice(0, count).map((r) => r.d)]);
}

/**
 * Who may sit in a seat of an exit row: adults with no infant on their lap (the airlines' rule for the people who
 * open the door; infants sit on the first adults' laps, booking-rules.ts).
 */
function mayTake(features: readonly SeatFeature[], passengers: readonly { type: PassengerType }[]) {
  const infants = passengers.filter((p) => p.type === 'infant').length;
  let adults = 0;
  return passengers.map((p) => {
    if (p.type === 'infant') return false;
    if (p.type === 'adult') adults++;
    if (!features.includes('exit_row')) return true;
    return p.type === 'adult' && adults > infants;
  });
}

/** The seat map of a built-in network's flight. */
export function builtInSeatMap(input: BuiltInSeatMapInput): SeatMap {
  const layout = cabinLayout(input.aircraftCode, input.cabin);
  const letters = layout.sections.join('');
  const numbers = Array.from({ length: layout.rows }, (_, i) => layout.firstRow + i);
  const designators = numbers.flatMap((n) => [...letters].map((l) => `${n}${l}`));
  const taken = takenSeats(input, designators);
  const rows = numbers.map((number) => ({
    number,
    sections: layout.sections.map((section, s) =>
      [...section].map((letter, i) => {
        const features: SeatFeature[] = [];
        const edge = (s === 0 && i === 0) || (s === layout.sections.length - 1 && i === section.length - 1);
        if (edge) features.push('window');
        else if (i === 0 || i === section.length - 1) features.push('aisle');
        if (layout.extraLegroomRows.includes(number)) features.push('extra_legroom');
        if (layout.exitRows.includes(number)) features.push('exit_row');
        const designator = `${number}${letter}`;
        const amount = seatPriceIn(
          seatPriceCents(features, input.cabin, input.family, input.distanceKm),
          input.currency,
          input.rates,
        );
        const allowed = mayTake(features, input.passengers);
        const services = taken.has(designator)
          ? []
          : allowed.flatMap((ok, passenger_index) => (ok ? [{ passenger_index, amount }] : []));
        return { designator, features, services };
      }),
    ),
  }));
  return {
    slice_index: input.slice_index,
    segment_index: input.segment_index,
    flight_key: input.flight_key,
    cabin_class: input.cabin,
    currency: input.currency,
    rows,
  };
}

/** A seat a passenger asked for on one flight of the offer. */
export interface SeatChoice {
  passenger_index: number;
  slice_index: number;
  segment_index: number;
  designator: string;
}

/** A seat chosen and priced, as the order keeps it (`supplier`: a real supplier's service and exact price). */
export interface OrderSeatLine extends SeatChoice {
  flight_key: string;
  amount: string;
  supplier?: { service_id: string; amount: string; currency: string };
}

export type SeatChoiceError = {
  /** Index into the request's `seats`. */
  index: number;
  message: 'booking.error.seat' | 'booking.error.seatTaken' | 'booking.error.seatTwice';
};

/** A supplier seat map's seat: the same, with the supplier's service per passenger. */
export interface SupplierSeatService extends SeatService {
  supplier: { service_id: string; amount: string; currency: string };
}

/**
 * Prices the seats chosen against the flights' maps, or says which choice is wrong: a seat not on the map or not
 * for that passenger (`seat`), one taken (`seatTaken`), a passenger with two seats on a flight or a seat chosen
 * twice (`seatTwice`).
 */
export function priceSeats(
  choices: readonly SeatChoice[],
  maps: readonly SeatMap[],
): { ok: true; lines: OrderSeatLine[] } | { ok: false; errors: SeatChoiceError[] } {
  const errors: SeatChoiceError[] = [];
  const lines: OrderSeatLine[] = [];
  const seen = new Set<string>();
  choices.forEach((choice, index) => {
    const map = maps.find(
      (m) => m.slice_index === choice.slice_index && m.segment_index === choice.segment_index,
    );
    const seat = map?.rows.flatMap((r) => r.sections.flat()).find((s) => s.designator === choice.designator);
    const flight = `${choice.slice_index}/${choice.segment_index}`;
    const twice =
      seen.has(`${flight}/p${choice.passenger_index}`) || seen.has(`${flight}/${choice.designator}`);
    seen.add(`${flight}/p${choice.passenger_index}`).add(`${flight}/${choice.designator}`);
    if (!map || !seat) return errors.push({ index, message: 'booking.error.seat' });
    if (twice) return errors.push({ index, message: 'booking.error.seatTwice' });
    if (seat.services.length === 0) return errors.push({ index, message: 'booking.error.seatTaken' });
    const service = seat.services.find((s) => s.passenger_index === choice.passenger_index);
    if (!service) return errors.push({ index, message: 'booking.error.seat' });
    const supplier = (service as Partial<SupplierSeatService>).supplier;
    lines.push({
      ...choice,
      flight_key: map.flight_key,
      amount: service.amount,
      ...(supplier ? { supplier } : {}),
    });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, lines };
}
