/**
 * The flexible dates of a round trip on its results page (docs/decisions/0010-home-page-and-low-fare-calendar.md):
 * the API's grid of departures × returns three days either side of the searched ones (GET /v1/flights/date-grid),
 * each pair at the cheapest total for the search's travellers, and the search each cell links to.
 */
import type { FlightDateGrid } from '@parvoz/contracts/offers';
import { formatSearchSegment, type SearchParams } from '@parvoz/core/search-segment';

/** The API's grid, or why there is none. */
export type DateGrid = ({ kind: 'ok' } & FlightDateGrid) | { kind: 'error' };

export type DateGridRow = {
  departure: string;
  /** One per return column: undefined where the return is before the departure (no trip). */
  cells: ({ return: string; min_amount: string | null } | undefined)[];
};

/** The grid's rows in the order of its departures, each with a slot for every return column. */
export function gridRows(grid: FlightDateGrid): DateGridRow[] {
  const cells = new Map(grid.cells.map((c) => [`${c.departure} ${c.return}`, c]));
  return grid.departures.map((departure) => ({
    departure,
    cells: grid.returns.map((ret) => {
      const cell = cells.get(`${departure} ${ret}`);
      return cell ? { return: ret, min_amount: cell.min_amount } : undefined;
    }),
  }));
}

/** The search path of the same trip on another pair of days (its travellers and cabin kept). */
export function gridSegment(search: SearchParams, departure: string, ret: string): string {
  return formatSearchSegment({ ...search, departureDate: departure, returnDate: ret });
}
