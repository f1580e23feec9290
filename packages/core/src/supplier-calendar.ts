/**
 * The built-in supplier's low fares without full searches (docs/decisions/0010-home-page-and-low-fare-calendar.md):
 * the cheapest total per day of a route (the calendar of low prices and the results page's ±3-day strip), and the
 * flexible dates' grid of a round trip, departures × returns around the searched days. Each amount is what the
 * search of that day (or pair of days) shows first by price: the same itineraries, breakdown and currency.
 */
import { toMajorString, type CurrencyCode, type ExchangeRates } from './money.ts';
import type { PassengerCounts } from './passengers.ts';
import type { Cabin } from './schedule.ts';
import { formatDay, parseDay } from './schedule-time.ts';
import type { Itinerary, SearchEngine } from './search.ts';
import type { SupplierErrorCode, SupplierResult } from './search-types.ts';
import type { CalendarData, CalendarQuery, SupplierContext } from './supplier.ts';
import { breakdownOf } from './supplier-offers.ts';

/** Days either side of the searched ones in the flexible dates' grid: 7 departures × 7 returns. */
export const DATE_GRID_REACH = 3;

/** A round trip's departure and return dates, each the middle of its side of the grid. */
export interface DateGridQuery {
  origin: string;
  destination: string;
  departure_date: string;
  return_date: string;
  cabin_class: Cabin;
  max_connections: number;
  currency: CurrencyCode;
  passengers?: PassengerCounts;
  /** The market the cells are priced for (SupplierContext `market`): the agency's rules scoped to markets. */
  lang?: string;
}

export interface DateGridCell {
  departure: string;
  return: string;
  /** The cheapest round trip's total in major units; null when nothing flies or no seats are left. */
  min_amount: string | null;
}

export interface DateGridData {
  currency: CurrencyCode;
  /** false: no flights connect the places on any date (then `cells` is empty). */
  connected: boolean;
  /** The rows (−3…+3 days around the departure) and columns (around the return), oldest first. */
  departures: string[];
  returns: string[];
  /** One per pair whose return is not before its departure, row by row; the other pairs have no trip. */
  cells: DateGridCell[];
  /** The lowest cell (the earliest departure, then return, of equal ones); null when none has a price. */
  cheapest: DateGridCell | null;
}

export const addDays = (date: string, n: number): string => formatDay(parseDay(date)! + n);

/** The grid's days around `middle`: −reach…+reach. */
export function gridDays(middle: string, reach = DATE_GRID_REACH): string[] {
  return Array.from({ length: 2 * reach + 1 }, (_, i) => addDays(middle, i - reach));
}

/**
 * The grid's cells from the price of each pair (`amount`, major units or null), and its cheapest cell. Pairs
 * whose return is before the departure are no trip and get no cell.
 */
export function gridCells(
  departures: readonly string[],
  returns: readonly string[],
  amount: (departure: string, ret: string) => string | null,
): { cells: DateGridCell[]; cheapest: DateGridCell | null } {
  const cells: DateGridCell[] = [];
  let cheapest: DateGridCell | null = null;
  for (const departure of departures)
    for (const ret of returns) {
      if (ret < departure) continue;
      const cell = { departure, return: ret, min_amount: amount(departure, ret) };
      cells.push(cell);
      if (cell.min_amount === null) continue;
      if (cheapest === null || Number(cell.min_amount) < Number(cheapest.min_amount)) cheapest = cell;
    }
  return { cells, cheapest };
}

type Failure = <T>(code: SupplierErrorCode, field?: string) => SupplierResult<T>;

export interface LowFareDeps {
  engine: SearchEngine;
  rates: ExchangeRates;
  /** The shortest stay between a leg's arrival and the return (the engine's `minStayMinutes`). */
  minStayMs: number;
  failure: Failure;
}

/** The built-in supplier's calendar and date grid over its engine. */
export function createLowFares({ engine, rates, minStayMs, failure }: LowFareDeps) {
  type Leg = { origin: string; destination: string; from: string; days: number };
  type Asked = Pick<CalendarQuery, 'cabin_class' | 'max_connections' | 'currency'> & {
    passengers: PassengerCounts;
  };
  const legDays = (leg: Leg, q: Asked, ctx: SupplierContext) =>
    engine.lowestFares({
      ...leg,
      passengers: q.passengers,
      cabin: q.cabin_class,
      maxConnections: q.max_connections,
      now: ctx.now,
      ...(ctx.soldSeats ? { soldSeats: ctx.soldSeats } : {}),
    });
  const total = (its: readonly Itinerary[], q: Asked) =>
    breakdownOf(rates, its, 'light', q.passengers, q.currency).total;

  /** The cheapest round trip leaving `date` with the cheapest legs of each day (null: none that day). */
  function roundTrip(
    q: Asked & { origin: string; destination: string },
    ctx: SupplierContext,
    dates: { out: string; back: string },
    there: Itinerary | null,
    home: Itinerary | null,
  ): string | null {
    if (!there || !home) return null;
    // The two cheapest legs make the cheapest round trip unless the return leaves too soon after the
    // arrival; then the pair's round-trip search itself says (its cheapest combination is always kept).
    if (home.departUtc >= there.arriveUtc + minStayMs) return toMajorString(total([there, home], q));
    const full = engine.search({
      slices: [
        { origin: q.origin, destination: q.destination, date: dates.out },
        { origin: q.destination, destination: q.origin, date: dates.back },
      ],
      passengers: q.passengers,
      cabin: q.cabin_class,
      maxConnections: q.max_connections,
      now: ctx.now,
      ...(ctx.soldSeats ? { soldSeats: ctx.soldSeats } : {}),
    });
    if (!full.ok || full.combinations.length === 0) return null;
    const totals = full.combinations.map((c) =>
      total(
        c.itineraries.map((idx, i) => full.slices[i]!.itineraries[idx]!),
        q,
      ),
    );
    return toMajorString(totals.reduce((a, b) => (b.amount < a.amount ? b : a)));
  }

  /** Per-day minima as the search's cheapest offer shows them (same breakdown, same currency conversion). */
  function lowestFares(query: CalendarQuery, ctx: SupplierContext): SupplierResult<CalendarData> {
    const q = { ...query, passengers: query.passengers ?? { adults: 1, children: 0, infants: 0 } };
    const out = legDays({ origin: q.origin, destination: q.destination, from: q.from, days: q.days }, q, ctx);
    if (!out.ok) return failure(out.error.code, out.error.field);
    if (q.return_after === undefined) {
      const list = out.days.map(({ date, itinerary }) => ({
        date,
        min_amount: itinerary ? toMajorString(total([itinerary], q)) : null,
      }));
      return { ok: true, data: { currency: q.currency, connected: out.connected, days: list } };
    }
    const after = q.return_after;
    const back = legDays(
      { origin: q.destination, destination: q.origin, from: addDays(q.from, after), days: q.days },
      q,
      ctx,
    );
    if (!back.ok) return failure(back.error.code, back.error.field);
    const returns = new Map(back.days.map((d) => [d.date, d.itinerary]));
    const list = out.days.map(({ date, itinerary: there }) => {
      const dates = { out: date, back: addDays(date, after) };
      return { date, min_amount: roundTrip(q, ctx, dates, there, returns.get(dates.back) ?? null) };
    });
    const connected = out.connected && back.connected;
    return { ok: true, data: { currency: q.currency, connected, days: connected ? list : [] } };
  }

  /**
   * The flexible dates' grid: each pair of a departure −3…+3 days around the asked one and a return around the
   * asked return, at the cheapest round trip's total. Two calendars of 7 days (one per direction) price every
   * pair; only a pair whose cheapest legs do not fit together costs a search of its own (a short stay).
   */
  function dateGrid(query: DateGridQuery, ctx: SupplierContext): SupplierResult<DateGridData> {
    const q = { ...query, passengers: query.passengers ?? { adults: 1, children: 0, infants: 0 } };
    if (parseDay(q.departure_date) === null) return failure('invalid_date', 'departure_date');
    if (parseDay(q.return_date) === null) return failure('invalid_date', 'return_date');
    if (q.return_date < q.departure_date) return failure('return_before_departure', 'return_date');
    const departures = gridDays(q.departure_date);
    const returns = gridDays(q.return_date);
    const days = departures.length;
    const out = legDays({ origin: q.origin, destination: q.destination, from: departures[0]!, days }, q, ctx);
    if (!out.ok) return failure(out.error.code, out.error.field);
    const back = legDays({ origin: q.destination, destination: q.origin, from: returns[0]!, days }, q, ctx);
    if (!back.ok) return failure(back.error.code, back.error.field);
    const connected = out.connected && back.connected;
    const there = new Map(out.days.map((d) => [d.date, d.itinerary]));
    const home = new Map(back.days.map((d) => [d.date, d.itinerary]));
    const { cells, cheapest } = connected
      ? gridCells(departures, returns, (dep, ret) =>
          roundTrip(q, ctx, { out: dep, back: ret }, there.get(dep) ?? null, home.get(ret) ?? null),
        )
      : { cells: [], cheapest: null };
    return { ok: true, data: { currency: q.currency, connected, departures, returns, cells, cheapest } };
  }

  return { lowestFares, dateGrid };
}
