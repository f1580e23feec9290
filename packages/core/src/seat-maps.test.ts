import { describe, expect, test } from 'vitest';
import { DEFAULT_RATES } from './money.ts';
import { AIRCRAFT_CLASSES } from './schedule-aircraft.ts';
import {
  builtInSeatMap,
  cabinLayout,
  layoutSeats,
  priceSeats,
  seatPriceIn,
  type BuiltInSeatMapInput,
  type Seat,
  type SeatMap,
} from './seat-maps.ts';

/** One aircraft code of each class. */
const CODES = { wide: '789', narrow: '320', regional: 'E90', turboprop: 'AT7' } as const;

const input = (changes: Partial<BuiltInSeatMapInput> = {}): BuiltInSeatMapInput => ({
  slice_index: 0,
  segment_index: 0,
  flight_key: 'HY601-2027-01-15',
  aircraftCode: '320',
  cabin: 'economy',
  family: 'light',
  distanceKm: 3000,
  currency: 'USD',
  rates: DEFAULT_RATES,
  passengers: [{ type: 'adult' }],
  assigned: new Set(),
  sold: 0,
  ...changes,
});
const seats = (map: SeatMap): Seat[] => map.rows.flatMap((r) => r.sections.flat());
const seat = (map: SeatMap, designator: string) => seats(map).find((s) => s.designator === designator)!;
const free = (map: SeatMap) => seats(map).filter((s) => s.services.length > 0);

describe('layouts', () => {
  test.each(Object.entries(CODES))(
    'a %s aircraft has the seats the schedule sells per cabin',
    (cls, code) => {
      const info = AIRCRAFT_CLASSES[cls as keyof typeof CODES];
      expect(layoutSeats(cabinLayout(code, 'economy'))).toBe(info.economy);
      expect(layoutSeats(cabinLayout(code, 'business'))).toBe(info.business);
    },
  );

  test('economy rows follow business; designators are unique; windows and aisles are named', () => {
    const map = builtInSeatMap(input());
    expect(map.rows[0]!.number).toBe(4);
    const all = seats(map).map((s) => s.designator);
    expect(new Set(all).size).toBe(156);
    expect(seat(map, '10A').features).toContain('window');
    expect(seat(map, '10C').features).toContain('aisle');
    expect(seat(map, '10D').features).toContain('aisle');
    expect(seat(map, '10B').features).toEqual([]);
    expect(seat(map, '14F').features).toEqual(['window', 'extra_legroom', 'exit_row']);
    expect(seat(map, '4A').features).toEqual(['window', 'extra_legroom']);
  });
});

describe('taken seats', () => {
  test('the same on every call, 30–60 % of an unsold cabin', () => {
    const a = builtInSeatMap(input());
    expect(builtInSeatMap(input())).toEqual(a);
    const taken = 156 - free(a).length;
    expect(taken).toBeGreaterThanOrEqual(Math.floor(0.3 * 156));
    expect(taken).toBeLessThanOrEqual(Math.ceil(0.6 * 156));
  });

  test('a seat our order holds is taken, and the other seats stay as they were', () => {
    const before = builtInSeatMap(input());
    const chosen = free(before)[0]!.designator;
    const after = builtInSeatMap(input({ assigned: new Set([chosen]), sold: 1 }));
    expect(seat(after, chosen).services).toEqual([]);
    const others = (m: SeatMap) =>
      free(m)
        .map((s) => s.designator)
        .filter((d) => d !== chosen);
    expect(others(after)).toEqual(others(before));
  });

  test('seats sold without a choice take more seats; a full cabin has none free', () => {
    expect(free(builtInSeatMap(input({ sold: 20 }))).length).toBeLessThan(
      free(builtInSeatMap(input())).length,
    );
    expect(free(builtInSeatMap(input({ sold: 156 })))).toEqual([]);
  });
});

describe('who pays what', () => {
  test('light pays for any economy seat, standard only for legroom, business nothing', () => {
    const light = builtInSeatMap(input({ sold: 156, assigned: new Set() }));
    expect(light.rows).toHaveLength(26);
    const open = (changes: Partial<BuiltInSeatMapInput>) =>
      builtInSeatMap(input({ ...changes, flight_key: 'X1-2027-01-15' }));
    const price = (m: SeatMap, d: string) => seat(m, d).services[0]?.amount;
    const everyFree = (m: SeatMap) => free(m)[0]!;
    const l = open({});
    const s = open({ family: 'standard' });
    const plain = free(l).find((x) => !x.features.includes('extra_legroom'))!.designator;
    const legroom = free(l).find((x) => x.features.includes('extra_legroom'))!.designator;
    expect(price(l, plain)).toBe('11.00');
    expect(price(l, legroom)).toBe('30.00');
    expect(price(s, plain)).toBe('0.00');
    expect(price(s, legroom)).toBe('30.00');
    const business = open({ cabin: 'business', family: 'business' });
    expect(everyFree(business).services[0]!.amount).toBe('0.00');
  });

  test('prices are whole units of the currency (UZS in thousands)', () => {
    expect(seatPriceIn(1100, 'UZS', DEFAULT_RATES)).toBe('140000');
    expect(seatPriceIn(1100, 'RUB', DEFAULT_RATES)).toBe('1012.00');
    expect(seatPriceIn(1100, 'EUR', DEFAULT_RATES)).toBe('11.00');
  });

  test('an exit row is for adults without an infant on the lap', () => {
    const map = builtInSeatMap(
      input({
        flight_key: 'X2-2027-01-15',
        passengers: [{ type: 'adult' }, { type: 'adult' }, { type: 'child' }, { type: 'infant' }],
      }),
    );
    const exit = free(map).find((s) => s.features.includes('exit_row'))!;
    expect(exit.services.map((s) => s.passenger_index)).toEqual([1]);
    const plain = free(map).find((s) => !s.features.includes('exit_row'))!;
    expect(plain.services.map((s) => s.passenger_index)).toEqual([0, 1, 2]);
  });
});

describe('priceSeats', () => {
  const map = builtInSeatMap(
    input({ flight_key: 'X3-2027-01-15', passengers: [{ type: 'adult' }, { type: 'child' }] }),
  );
  const open = free(map).filter((s) => !s.features.includes('exit_row'));
  const taken = seats(map).find((s) => s.services.length === 0)!;
  const exit = free(map).find((s) => s.features.includes('exit_row'))!;
  const at = (passenger_index: number, designator: string) => ({
    passenger_index,
    slice_index: 0,
    segment_index: 0,
    designator,
  });

  test('prices each seat for its passenger', () => {
    const result = priceSeats([at(0, open[0]!.designator), at(1, open[1]!.designator)], [map]);
    expect(result).toEqual({
      ok: true,
      lines: [
        { ...at(0, open[0]!.designator), flight_key: 'X3-2027-01-15', amount: open[0]!.services[0]!.amount },
        { ...at(1, open[1]!.designator), flight_key: 'X3-2027-01-15', amount: open[1]!.services[1]!.amount },
      ],
    });
  });

  test.each([
    ['a seat not on the map', [at(0, '99Z')], 'booking.error.seat'],
    [
      'a flight not in the offer',
      [{ ...at(0, open[0]!.designator), segment_index: 1 }],
      'booking.error.seat',
    ],
    ['a taken seat', [at(0, taken.designator)], 'booking.error.seatTaken'],
    ['an exit row for a child', [at(1, exit.designator)], 'booking.error.seat'],
    ['one seat for two', [at(0, open[0]!.designator), at(1, open[0]!.designator)], 'booking.error.seatTwice'],
    [
      'two seats for one',
      [at(0, open[0]!.designator), at(0, open[1]!.designator)],
      'booking.error.seatTwice',
    ],
  ])('refuses %s', (_, choices, message) => {
    const result = priceSeats(choices, [map]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.at(-1)!.message).toBe(message);
  });
});
