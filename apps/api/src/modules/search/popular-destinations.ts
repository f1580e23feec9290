/**
 * The home page's popular destinations (docs/decisions/0010-home-page-and-low-fare-calendar.md): from an
 * origin city, the destinations best connected to it by nonstop flights, each with its lowest one-way fare in
 * the next 30 days.
 *
 * Cheap and exact at once: finding each destination's cheapest day means a month of price-only searches per
 * destination (about 150 ms for an origin), so that day is kept per origin and UTC day; its price is then asked
 * again on every call, a one-day calendar that uses the same sold seats as the searches of that moment. The
 * amount shown is therefore the one the linked results page shows, even after seats have sold or the booking
 * curve has moved since the day was chosen (the chosen day may then no longer be the very cheapest).
 */
import { cheapestDay, rankDestinations } from '@parvoz/core/popular-destinations';
import type { CurrencyCode } from '@parvoz/core/money';
import type { Network } from '@parvoz/core/network';
import type { PopularDestination, PopularDestinations } from '@parvoz/contracts/offers';
import type { Locale } from '@parvoz/i18n/locales';
import { searchPlaceName } from '../documents/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FlightService } from './service.ts';
import { dailyScans, ECONOMY_ADULT, oneDayFare } from './daily-scans.ts';

/** Destinations shown; more are looked at, as some may have no fare in the window. */
export const POPULAR_DESTINATIONS = 6;
const CANDIDATES = 12;
/** The window: the 30 days from tomorrow (UTC). */
export const POPULAR_WINDOW_DAYS = 30;
/** Origins whose cheapest days are kept (the least recently asked go first). */
export const MAX_CACHED_ORIGINS = 500;

const DAY_MS = 86_400_000;

type CheapestDay = { city: string; date: string };

export interface PopularDestinationsService {
  /** Whether the origin's cheapest days of today are known already (then an answer costs a few lookups). */
  isPriced(origin: string): boolean;
  /** null: the origin is no known place. */
  popular(query: {
    origin: string;
    currency: CurrencyCode;
    lang: Locale;
  }): Promise<PopularDestinations | null>;
}

export function createPopularDestinations(
  flights: FlightService,
  network: Network,
  now: Clock,
): PopularDestinationsService {
  const kept = dailyScans<CheapestDay[]>(now, MAX_CACHED_ORIGINS);

  /** Each candidate's cheapest day in the window, in rank order, until enough have one. */
  async function scan(origin: string, from: string): Promise<CheapestDay[]> {
    const found: CheapestDay[] = [];
    for (const { city } of rankDestinations(network, origin, CANDIDATES)) {
      const month = await flights.calendar({
        origin,
        destination: city,
        from,
        days: POPULAR_WINDOW_DAYS,
        currency: 'USD',
        ...ECONOMY_ADULT,
      });
      const best = month.ok ? cheapestDay(month.data.days) : null;
      if (best) found.push({ city, date: best.date });
      if (found.length === POPULAR_DESTINATIONS) break;
      // Each month is tens of milliseconds of search: let other requests in between.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return found;
  }

  const cheapestDays = (origin: string) =>
    kept.get(origin, (today) =>
      scan(origin, new Date(Date.parse(today) + DAY_MS).toISOString().slice(0, 10)),
    );

  return {
    isPriced(code) {
      const origin = network.cityOf(code);
      return origin !== undefined && kept.has(origin);
    },
    async popular({ origin: code, currency, lang }) {
      const origin = network.cityOf(code);
      if (origin === undefined) return null;
      const destinations: PopularDestination[] = [];
      for (const { city, date } of await cheapestDays(origin)) {
        const amount = await oneDayFare(flights, { origin, destination: city, date, currency, lang });
        // Sold out since the day was chosen: left out rather than shown at a price no page offers.
        if (amount)
          destinations.push({ code: city, name: searchPlaceName(lang, city), date, min_amount: amount });
      }
      return { origin: { code: origin, name: searchPlaceName(lang, origin) }, currency, destinations };
    },
  };
}
