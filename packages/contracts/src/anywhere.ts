/**
 * GET /v1/flights/anywhere (docs/anywhere.md): from a city, every city it flies to nonstop at its lowest fare for
 * one adult in economy, in a month (one way) or on a weekend (a round trip out Friday or Saturday, back Sunday),
 * cheapest first. Each amount is what the results page of that day (or pair of days) shows first by price.
 */
import { z } from 'zod';
import { isFriday } from '@parvoz/core/anywhere';

/** The months and weekends a traveller may pick, as core defines them, re-exported for the web's form. */
export { anywhereMonths, anywhereWeekends } from '@parvoz/core/anywhere';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { LOCALES } from '@parvoz/i18n/locales';
import { iataCodeSchema, isoDateSchema } from './search.ts';

/** A month of this century as YYYY-MM (the schedule sells 330 days ahead: any other is no period to scan). */
export const anywhereMonthSchema = z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'a month as YYYY-MM');

export const flightAnywhereQuerySchema = z
  .object({
    origin: iataCodeSchema,
    /** One of the two: a month, or a weekend named by its Friday. */
    month: anywhereMonthSchema.optional(),
    weekend: isoDateSchema.refine(isFriday, 'a Friday (the weekend’s first day)').optional(),
    currency: z.enum(CURRENCIES).default('USD'),
    lang: z.enum(LOCALES).default('en'),
  })
  .refine((q) => (q.month === undefined) !== (q.weekend === undefined), {
    message: 'either a month or a weekend',
    path: ['month'],
  });
export type FlightAnywhereQuery = z.infer<typeof flightAnywhereQuerySchema>;

const placeOnMapSchema = z.object({
  /** City code (an airport's code where it has no city). */
  code: z.string(),
  name: z.string(),
  /** Where the city's airports are (their mean), for the map. */
  lat: z.number(),
  lon: z.number(),
});

export const anywhereResponseSchema = z.object({
  data: z.object({
    origin: placeOnMapSchema,
    currency: z.enum(CURRENCIES),
    destinations: z.array(
      placeOnMapSchema.extend({
        /** The day of the lowest fare (local departure date). */
        departure_date: z.string(),
        /** A weekend's return day; null one way. */
        return_date: z.string().nullable(),
        min_amount: z.string(),
      }),
    ),
  }),
});
export type Anywhere = z.infer<typeof anywhereResponseSchema>['data'];
export type AnywhereDestination = Anywhere['destinations'][number];
