/**
 * "Anywhere" (docs/anywhere.md): from a city, every city it flies to nonstop, each at its lowest fare in a month
 * (one way) or on a weekend (round trip), cheapest first.
 *
 * As the home page's destinations do (./popular-destinations.ts), the cheapest day of each destination is found
 * once per origin, period and UTC day (a month of price-only searches each: tens of milliseconds a city), and its
 * price is asked again on every call with a one-day calendar, so the amount shown is the one the linked results
 * page shows at that moment.
 */
import { anywhereWindows, byLowestFare, type AnywherePeriod } from '@parvoz/core/anywhere';
import type { CurrencyCode } from '@parvoz/core/money';
import type { Network } from '@parvoz/core/network';
import { addDays } from '@parvoz/core/supplier-calendar';
import { cheapestDay, rankDestinations } from '@parvoz/core/popular-destinations';
import type { Anywhere, AnywhereDestination } from '@parvoz/contracts/anywhere';
import type { Locale } from '@parvoz/i18n/locales';
import { searchPlaceName } from '../documents/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FlightService } from './service.ts';
import { dailyScans, ECONOMY_ADULT, oneDayFare } from './daily-scans.ts';

/** Destinations looked at: a capital's nonstop cities fit (Tashkent has about 60 in the network data). */
export const ANYWHERE_CANDIDATES = 80;
/** Origin and period pairs whose cheapest days are kept (the least recently asked go first). */
export const MAX_CACHED_PERIODS = 500;

/** A destination's cheapest day in the period: its departure and, on a weekend, how many days later it returns. */
type CheapestDay = { city: string; date: string; returnAfter?: number };

export interface AnywhereService {
  /** Whether this origin and period are priced already today (then an answer costs one day per city). */
  isPriced(origin: string, period: AnywherePeriod): boolean;
  /** null: the origin is no known place. */
  anywhere(query: {
    origin: string;
    period: AnywherePeriod;
    currency: CurrencyCode;
    lang: Locale;
  }): Promise<Anywhere | null>;
}

export function createAnywhere(
  flights: FlightService,
  network: Network,
  now: Clock,
  options: { live?: boolean } = {},
): AnywhereService {
  const kept = dailyScans<CheapestDay[]>(now, MAX_CACHED_PERIODS);

  async function scan(origin: string, period: AnywherePeriod, earliest: string): Promise<CheapestDay[]> {
    const found: CheapestDay[] = [];
    if (options.live) return found;
    const windows = anywhereWindows(period, earliest);
    for (const { city } of rankDestinations(network, origin, ANYWHERE_CANDIDATES)) {
      let best: (CheapestDay & { amount: number }) | null = null;
      for (const window of windows) {
        const days = await flights.calendar({
          origin,
          destination: city,
          from: window.from,
          days: window.days,
          currency: 'USD',
          ...ECONOMY_ADULT,
          ...(window.returnAfter !== undefined ? { return_after: window.returnAfter } : {}),
        });
        const day = days.ok ? cheapestDay(days.data.days) : null;
        if (day && (best === null || Number(day.min_amount) < best.amount)) {
          const back = window.returnAfter !== undefined ? { returnAfter: window.returnAfter } : {};
          best = { city, date: day.date, ...back, amount: Number(day.min_amount) };
        }
      }
      if (best)
        found.push({
          city: best.city,
          date: best.date,
          ...(best.returnAfter !== undefined ? { returnAfter: best.returnAfter } : {}),
        });
      // Each month is tens of milliseconds of search: let other requests in between.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return found;
  }

  const keyOf = (origin: string, period: AnywherePeriod) =>
    `${origin} ${period.kind === 'month' ? period.month : period.friday}`;
  const cheapestDays = (origin: string, period: AnywherePeriod) =>
    kept.get(keyOf(origin, period), (today) => scan(origin, period, addDays(today, 1)));

  /** The mean of a city's airports (a city's airports lie close together: no wrap at ±180° matters). */
  function placeOnMap(code: string, lang: Locale) {
    const airports = network.resolvePlace(code).map((index) => network.airports[index]!);
    const mean = (of: (a: (typeof airports)[number]) => number) =>
      Math.round((airports.reduce((sum, a) => sum + of(a), 0) / airports.length) * 100) / 100;
    return { code, name: searchPlaceName(lang, code), lat: mean((a) => a.lat), lon: mean((a) => a.lon) };
  }

  return {
    isPriced(code, period) {
      const origin = network.cityOf(code);
      return origin !== undefined && kept.has(keyOf(origin, period));
    },
    async anywhere({ origin: code, period, currency, lang }) {
      const origin = network.cityOf(code);
      if (origin === undefined) return null;
      const destinations: AnywhereDestination[] = [];
      for (const { city, date, returnAfter } of await cheapestDays(origin, period)) {
        const amount = await oneDayFare(flights, {
          origin,
          destination: city,
          date,
          ...(returnAfter !== undefined ? { returnAfter } : {}),
          currency,
          lang,
        });
        // Sold out since the day was chosen: left out rather than shown at a price no page offers.
        if (amount)
          destinations.push({
            ...placeOnMap(city, lang),
            departure_date: date,
            return_date: returnAfter === undefined ? null : addDays(date, returnAfter),
            min_amount: amount,
          });
      }
      return { origin: placeOnMap(origin, lang), currency, destinations: destinations.sort(byLowestFare) };
    },
  };
}
