import { describe, expect, test } from 'vitest';
import { fromMajorString } from './money.ts';
import { formatDay } from './schedule-time.ts';
import { fixtureSupplier, FIXTURE_NOW } from './search.fixture.ts';
import { addDays, gridCells, gridDays } from './supplier-calendar.ts';
import type { DateGridData } from './supplier.ts';

const { supplier } = fixtureSupplier();
/** A day `n` days after the fixture's clock. */
const day = (n: number) => formatDay(Math.floor(FIXTURE_NOW / 86_400_000) + n);

describe('gridDays', () => {
  test('three days either side of the middle, across a month and a year', () => {
    expect(gridDays('2026-12-30')).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });
});

describe('gridCells', () => {
  const departures = gridDays('2026-12-10');
  test('no cell where the return is before the departure; the others row by row', () => {
    const { cells } = gridCells(departures, gridDays('2026-12-11'), () => '10.00');
    // 7 × 7 pairs less those whose return is earlier: the returns 12-08…12-14 against departures 12-07…12-13.
    const expected = departures.flatMap((dep) =>
      gridDays('2026-12-11')
        .filter((ret) => ret >= dep)
        .map((ret) => `${dep}/${ret}`),
    );
    expect(cells.map((c) => `${c.departure}/${c.return}`)).toEqual(expected);
    expect(cells.length).toBe(49 - 15);
    expect(cells.every((c) => c.return >= c.departure)).toBe(true);
  });

  test('the cheapest cell is the lowest amount, the earliest pair of equal ones, never a null', () => {
    const prices: Record<string, string | null> = {
      '2026-12-08/2026-12-20': '99.50',
      '2026-12-09/2026-12-19': '99.50',
      '2026-12-10/2026-12-17': null,
      '2026-12-13/2026-12-18': '120.00',
    };
    const { cheapest } = gridCells(
      departures,
      gridDays('2026-12-17'),
      (dep, ret) => prices[`${dep}/${ret}`] ?? '100.00',
    );
    expect(cheapest).toEqual({ departure: '2026-12-08', return: '2026-12-20', min_amount: '99.50' });
    expect(gridCells(departures, departures, () => null).cheapest).toBeNull();
  });
});

describe('the built-in supplier’s date grid', () => {
  const party = { adults: 2, children: 1, infants: 1 };
  const grid = (departure: string, ret: string, over: object = {}) => {
    const r = supplier.dateGrid(
      {
        origin: 'TAS',
        destination: 'LON',
        departure_date: departure,
        return_date: ret,
        cabin_class: 'economy',
        max_connections: 2,
        currency: 'EUR',
        passengers: party,
        ...over,
      },
      { now: FIXTURE_NOW },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.data;
  };
  const searchedMin = async (dep: string, ret: string) => {
    const r = await supplier.search(
      {
        slices: [
          { origin: 'TAS', destination: 'LON', departure_date: dep },
          { origin: 'LON', destination: 'TAS', departure_date: ret },
        ],
        passengers: party,
        cabin_class: 'economy',
        max_connections: 2,
        currency: 'EUR',
        sort: 'cheapest',
      },
      { now: FIXTURE_NOW },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.data.offers[0]?.total_amount ?? null;
  };

  test('every cell is the cheapest offer of that pair’s round-trip search (short stays too)', async () => {
    // Departures and returns overlap: same-day and next-day returns need the full search's combinations.
    const data: DateGridData = grid(day(20), day(21));
    expect(data.connected).toBe(true);
    expect(data.departures).toEqual(gridDays(day(20)));
    expect(data.returns).toEqual(gridDays(day(21)));
    for (const cell of data.cells)
      expect(cell.min_amount, `${cell.departure} → ${cell.return}`).toBe(
        await searchedMin(cell.departure, cell.return),
      );
    const priced = data.cells.filter((c) => c.min_amount !== null);
    expect(priced.length).toBeGreaterThan(20);
    const lowest = Math.min(...priced.map((c) => fromMajorString(c.min_amount!, 'EUR')!.amount));
    expect(fromMajorString(data.cheapest!.min_amount!, 'EUR')!.amount).toBe(lowest);
  });

  test('days before the clock’s today have no price; they stay in the grid', () => {
    const data = grid(day(1), day(8));
    expect(data.departures[0]).toBe(day(-2));
    const past = data.cells.filter((c) => c.departure < day(0));
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((c) => c.min_amount === null)).toBe(true);
  });

  test('bad dates and a return before the departure are refused with their field', () => {
    const refused = (dep: string, ret: string) =>
      supplier.dateGrid(
        {
          origin: 'TAS',
          destination: 'LON',
          departure_date: dep,
          return_date: ret,
          cabin_class: 'economy',
          max_connections: 2,
          currency: 'USD',
        },
        { now: FIXTURE_NOW },
      );
    expect(refused('2026-13-01', day(20))).toMatchObject({ ok: false, error: { field: 'departure_date' } });
    expect(refused(day(20), '2026-02-30')).toMatchObject({ ok: false, error: { field: 'return_date' } });
    expect(refused(day(20), day(19))).toMatchObject({
      ok: false,
      error: { code: 'return_before_departure', field: 'return_date' },
    });
  });

  test('places no flight connects within the connections allowed: connected false and no cells', () => {
    // SKD only connects to TAS: New York is three flights away.
    const data = grid(day(20), day(25), { origin: 'SKD', destination: 'NYC', max_connections: 1 });
    expect(data).toMatchObject({ connected: false, cells: [], cheapest: null });
  });
});
