import { describe, expect, test } from 'vitest';
import { parseSearchSegment } from '@parvoz/core/search-segment';
import type { FlightDateGrid } from '@parvoz/contracts/offers';
import { gridRows, gridSegment } from './date-grid.ts';

const grid: FlightDateGrid = {
  currency: 'USD',
  connected: true,
  departures: ['2026-12-14', '2026-12-15', '2026-12-16'],
  returns: ['2026-12-14', '2026-12-15', '2026-12-16'],
  cells: [
    { departure: '2026-12-14', return: '2026-12-14', min_amount: '300.00' },
    { departure: '2026-12-14', return: '2026-12-15', min_amount: null },
    { departure: '2026-12-14', return: '2026-12-16', min_amount: '280.00' },
    { departure: '2026-12-15', return: '2026-12-15', min_amount: '310.00' },
    { departure: '2026-12-15', return: '2026-12-16', min_amount: '290.00' },
    { departure: '2026-12-16', return: '2026-12-16', min_amount: '305.00' },
  ],
  cheapest: { departure: '2026-12-14', return: '2026-12-16', min_amount: '280.00' },
};

describe('gridRows', () => {
  test('a row per departure, a slot per return: none where the return is before the departure', () => {
    const rows = gridRows(grid);
    expect(rows.map((r) => r.departure)).toEqual(grid.departures);
    expect(rows[0]!.cells.map((c) => c?.min_amount)).toEqual(['300.00', null, '280.00']);
    expect(rows[1]!.cells[0]).toBeUndefined();
    expect(rows[2]!.cells.map((c) => c?.return)).toEqual([undefined, undefined, '2026-12-16']);
  });
});

describe('gridSegment', () => {
  test('the same travellers and cabin on the pair of days, as a search path', () => {
    const parsed = parseSearchSegment('TAS1512IST2212210b', { today: '2026-11-20', knownCode: () => true });
    if (!parsed.ok) throw new Error(parsed.error.code);
    const segment = gridSegment(parsed.value, '2026-12-13', '2026-12-20');
    const again = parseSearchSegment(segment, { today: '2026-11-20', knownCode: () => true });
    expect(again.ok && again.value).toEqual({
      ...parsed.value,
      departureDate: '2026-12-13',
      returnDate: '2026-12-20',
    });
  });
});
