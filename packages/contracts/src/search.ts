import { z } from 'zod';
import { CABINS, FARE_FAMILIES } from '@parvoz/core/vocabulary';
import { LOCALES } from '@parvoz/i18n/locales';
import { CURRENCIES } from '@parvoz/i18n/currency';

// Limits of docs/design.md §3 as core defines them: at most 9 seated passengers, infants on an adult's lap
// (one per adult), bookable 330 days ahead.
import { MAX_SEATED_PASSENGERS, MAX_SLICES, SEARCH_HORIZON_DAYS } from './search-limits.ts';
export { MAX_SEATED_PASSENGERS };

/** Fare families: economy sells "light" and "standard", business "business" and "business_flex". */
export { FARE_FAMILIES };
export const fareFamilySchema = z.enum(FARE_FAMILIES);

export const iataCodeSchema = z.string().regex(/^[A-Z]{3}$/, 'a 3-letter IATA code in upper case');

export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'a real calendar date');

export const passengersSchema = z
  .object({
    adults: z.number().int().min(1).max(MAX_SEATED_PASSENGERS),
    children: z
      .number()
      .int()
      .min(0)
      .max(MAX_SEATED_PASSENGERS - 1)
      .default(0),
    infants: z.number().int().min(0).max(MAX_SEATED_PASSENGERS).default(0),
  })
  .refine((p) => p.adults + p.children <= MAX_SEATED_PASSENGERS, {
    message: `at most ${MAX_SEATED_PASSENGERS} seated passengers`,
    path: ['children'],
  })
  .refine((p) => p.infants <= p.adults, { message: 'at most one infant per adult', path: ['infants'] });

export const searchSliceSchema = z
  .object({ origin: iataCodeSchema, destination: iataCodeSchema, departure_date: isoDateSchema })
  .refine((s) => s.origin !== s.destination, {
    message: 'origin and destination differ',
    path: ['destination'],
  });

/**
 * The site language the traveller buys in: the agency's price rules scoped to markets apply by it
 * (docs/operations.md, "Markets"). Absent: English, as a booking without a language is.
 */
const marketSchema = z.enum(LOCALES).default('en');

export const flightSearchRequestSchema = z
  .object({
    slices: z.array(searchSliceSchema).min(1).max(MAX_SLICES),
    passengers: passengersSchema,
    cabin_class: z.enum(CABINS).default('economy'),
    max_connections: z.number().int().min(0).max(2).default(2),
    currency: z.enum(CURRENCIES).default('USD'),
    sort: z.enum(['best', 'cheapest', 'fastest']).default('best'),
    lang: marketSchema,
  })
  .superRefine((r, ctx) => {
    // Each flight on or after the one before it: the return of a round trip, the next leg of a multi-city trip.
    for (let i = 1; i < r.slices.length; i++)
      if (r.slices[i]!.departure_date < r.slices[i - 1]!.departure_date)
        ctx.addIssue({
          code: 'custom',
          message:
            i === 1 && r.slices.length === 2
              ? 'the return is on or after the departure'
              : 'each flight is on or after the one before',
          path: ['slices', i, 'departure_date'],
        });
  });
export type FlightSearchRequest = z.infer<typeof flightSearchRequestSchema>;

/** A trip's search slices: the way out, each further leg of a multi-city trip, or the way back of a round trip. */
export function searchSlices(trip: {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string | null | undefined;
  moreLegs?: ReadonlyArray<{ origin: string; destination: string; departureDate: string }> | undefined;
}): Array<{ origin: string; destination: string; departure_date: string }> {
  const out = { origin: trip.origin, destination: trip.destination, departure_date: trip.departureDate };
  if (trip.moreLegs?.length)
    return [
      out,
      ...trip.moreLegs.map((leg) => ({
        origin: leg.origin,
        destination: leg.destination,
        departure_date: leg.departureDate,
      })),
    ];
  if (!trip.returnDate) return [out];
  return [out, { origin: trip.destination, destination: trip.origin, departure_date: trip.returnDate }];
}

/**
 * POST /v1/flights/search?stage=: none, the whole answer; `first`, the built-in offers at once (flagged `pending`
 * while other suppliers still search); `rest`, the merged answer of the search `first` began (the suppliers are
 * not asked again). Without other suppliers configured every stage is the whole answer.
 */
export const flightSearchQuerySchema = z.object({ stage: z.enum(['first', 'rest']).optional() });

export const placesQuerySchema = z.object({
  q: z.string().max(100).default(''),
  lang: z.enum(LOCALES).default('en'),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export type PlacesQuery = z.infer<typeof placesQuerySchema>;

export const offerIdParamsSchema = z.object({ id: z.string().min(1).max(2000) });

export const offerQuerySchema = z.object({ currency: z.enum(CURRENCIES).optional(), lang: marketSchema });

/** A flight key as in `OfferSegment.flight_key`: carrier, number, local departure date ("HY601-2026-12-15"). */
export const flightKeySchema = z
  .string()
  .regex(/^[A-Z0-9]{2}[1-9]\d{0,3}-\d{4}-\d{2}-\d{2}$/, 'a flight key');

/** POST /v1/offers/reprice: a fresh offer for flights chosen earlier (a shared ticket link). */
export const repriceRequestSchema = z.object({
  slices: z.array(z.array(flightKeySchema).min(1).max(3)).min(1).max(MAX_SLICES),
  cabin_class: z.enum(CABINS).default('economy'),
  passengers: passengersSchema,
  fare_family: fareFamilySchema.default('light'),
  lang: marketSchema,
  currency: z.enum(CURRENCIES).default('USD'),
});
export type RepriceRequest = z.infer<typeof repriceRequestSchema>;

/** What the calendar and the date grid price: the cabin, connections, currency and whose total. */
const lowFareQueryFields = {
  cabin_class: z.enum(CABINS).default('economy'),
  max_connections: z.coerce.number().int().min(0).max(2).default(2),
  currency: z.enum(CURRENCIES).default('USD'),
  /** Whose total: one adult unless asked (the results page's ±3-day strip asks for its search's travellers). */
  adults: z.coerce.number().int().min(1).max(MAX_SEATED_PASSENGERS).default(1),
  children: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_SEATED_PASSENGERS - 1)
    .default(0),
  infants: z.coerce.number().int().min(0).max(MAX_SEATED_PASSENGERS).default(0),
  lang: marketSchema,
};

/**
 * GET /v1/flights/calendar: the cheapest one-way total per day for one adult (the "calendar of low prices"
 * and the home page's destinations). Each amount is what the results page's cheapest offer shows that day.
 */
export const flightCalendarQuerySchema = z.object({
  origin: iataCodeSchema,
  destination: iataCodeSchema,
  from: isoDateSchema,
  days: z.coerce.number().int().min(1).max(62).default(30),
  ...lowFareQueryFields,
  /** A round trip returning this many days after each day's departure: each day is the round trip's minimum. */
  return_after: z.coerce.number().int().min(0).max(SEARCH_HORIZON_DAYS).optional(),
});
export type FlightCalendarQuery = z.infer<typeof flightCalendarQuerySchema>;

/**
 * GET /v1/flights/date-grid: a round trip's flexible dates, each departure −3…+3 days around `departure_date` with
 * each return −3…+3 days around `return_date`, at the cheapest round trip's total for the asked travellers (what
 * the results page of that pair shows first by price, like the calendar's days).
 */
export const flightDateGridQuerySchema = z
  .object({
    origin: iataCodeSchema,
    destination: iataCodeSchema,
    departure_date: isoDateSchema,
    return_date: isoDateSchema,
    ...lowFareQueryFields,
  })
  .refine((q) => q.origin !== q.destination, {
    message: 'origin and destination differ',
    path: ['destination'],
  })
  .refine((q) => q.return_date >= q.departure_date, {
    message: 'the return is on or after the departure',
    path: ['return_date'],
  });
export type FlightDateGridQuery = z.infer<typeof flightDateGridQuerySchema>;

export interface FlightCalendarDay {
  date: string;
  /** Cheapest total in major units, null when nothing flies or no seats are left. */
  min_amount: string | null;
}

export interface FlightCalendar {
  currency: string;
  /** false: no flights connect the places on any date (then `days` is empty). */
  connected: boolean;
  days: FlightCalendarDay[];
}

/**
 * GET /v1/flights/popular: the destinations best connected to `origin` (a city or airport code) by nonstop
 * flights, each with its lowest one-way total for one adult (economy) in the next 30 days and that day. Each
 * amount is what the results page's cheapest offer of that day shows, priced at the time of the call.
 */
export const flightPopularQuerySchema = z.object({
  origin: iataCodeSchema,
  currency: z.enum(CURRENCIES).default('USD'),
  lang: z.enum(LOCALES).default('en'),
});
export type FlightPopularQuery = z.infer<typeof flightPopularQuerySchema>;
