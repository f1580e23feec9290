import { z } from 'zod';
import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { emailSchema } from './auth.ts';
import { MAX_TOUR_TRAVELLERS } from './tour-limits.ts';
import { idempotentRefusals, noDetails, reason, refusals } from './refusals.ts';

/** What a tour's price can include; each code has a label `tours.includes.<code>` in the message files. */
export const TOUR_INCLUDES = [
  'flight',
  'hotel',
  'transfer',
  'insurance',
  'baggage',
  'excursions',
  'visa_support',
] as const;
export type TourInclude = (typeof TOUR_INCLUDES)[number];

/** Meal plans (board basis): room only, breakfast, half board, full board, all inclusive. */
export const BOARD_BASES = ['RO', 'BB', 'HB', 'FB', 'AI'] as const;
export type BoardBasis = (typeof BOARD_BASES)[number];

export { MAX_TOUR_TRAVELLERS } from './tour-limits.ts';

/** Phone country assumed when a number is typed without "+" (the site's main markets). */
export const PHONE_COUNTRY_BY_LOCALE: Record<Locale, CountryCode> = {
  en: 'UZ',
  ru: 'UZ',
  uz: 'UZ',
  tr: 'TR',
};

/** A phone number in E.164 ("+998901234567"), valid per libphonenumber. */
export const internationalPhoneSchema = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/)
  .refine((value) => isValidPhoneNumber(value), 'invalid_phone');

/** A phone number as a person types it ("90 123 45 67", "+998 90 123-45-67"), normalised to E.164. */
export function typedPhoneSchema(defaultCountry: CountryCode) {
  return z
    .string()
    .trim()
    .max(40)
    .transform((value, ctx) => {
      const parsed = value ? parsePhoneNumberFromString(value, defaultCountry) : undefined;
      if (!parsed || !parsed.isValid()) {
        ctx.addIssue({ code: 'custom', message: 'invalid_phone' });
        return z.NEVER;
      }
      return parsed.number as string;
    });
}

/** A free text field a form may leave empty: trimmed, at most `max` characters, empty as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

const personName = z.string().trim().min(2).max(100);

/** GET /v1/tours: available last-minute tours, optionally from one city and in one month. */
export const toursQuerySchema = z.object({
  lang: z.enum(LOCALES).default('en'),
  /** Display currency of the prices (converted with the configured rates). */
  currency: z.enum(CURRENCIES).optional(),
  /** IATA city code of the departure city. */
  origin: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((value) => value.toUpperCase())
    .optional(),
  /** Departure month, YYYY-MM. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
});
export type ToursQuery = z.infer<typeof toursQuerySchema>;

/** GET /v1/tours/{slug} */
export const tourQuerySchema = toursQuerySchema.pick({ lang: true, currency: true });
export const tourSlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(100);

const tourRequestFields = {
  full_name: personName,
  email: emailSchema,
  adults: z.coerce.number().int().min(1).max(MAX_TOUR_TRAVELLERS),
  children: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_TOUR_TRAVELLERS - 1)
    .default(0),
  message: optionalText(1000),
  lang: z.enum(LOCALES),
};

const partyFits = (value: { adults: number; children: number }) =>
  value.adults + value.children <= MAX_TOUR_TRAVELLERS;
const partyIssue = { path: ['children'], message: 'too_many_travellers' };

/** POST /v1/tours/{slug}/requests: a traveller asks the operator to book a tour. */
export const tourRequestSchema = z
  .object({ ...tourRequestFields, phone: internationalPhoneSchema })
  .refine(partyFits, partyIssue);
export type TourRequestInput = z.infer<typeof tourRequestSchema>;

/** The tour request form of the web page: the same fields, the phone as typed. */
export function tourRequestFormSchema(lang: Locale) {
  return z
    .object({ ...tourRequestFields, phone: typedPhoneSchema(PHONE_COUNTRY_BY_LOCALE[lang]) })
    .refine(partyFits, partyIssue);
}
export const TOUR_REQUEST_FIELDS = ['full_name', 'phone', 'email', 'adults', 'children', 'message'] as const;
export type TourRequestField = (typeof TOUR_REQUEST_FIELDS)[number];

/** A place as the tours API names it in the asked language. */
const tourPlaceSchema = z.object({ code: z.string(), name: z.string() });
export type TourPlace = z.infer<typeof tourPlaceSchema>;

const tourPriceSchema = z.object({ amount: z.string(), currency: z.string() });

/** One tour as GET /v1/tours lists it. */
export const tourSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  origin: tourPlaceSchema,
  destination: tourPlaceSchema.extend({ country_code: z.string(), country_name: z.string() }),
  /** YYYY-MM-DD, and the day of the flight back (`departs_on` + `nights`). */
  departs_on: z.string(),
  returns_on: z.string(),
  nights: z.number().int(),
  hotel: z.object({ name: z.string(), stars: z.number().int().nullable() }).nullable(),
  board_basis: z.enum(BOARD_BASES).nullable(),
  includes: z.array(z.enum(TOUR_INCLUDES)),
  seats_left: z.number().int(),
  /** Per person, in the asked display currency (converted) and as the operator prices it. */
  price: tourPriceSchema,
  base_price: tourPriceSchema,
  image_url: z.string().nullable(),
});
export type TourSummary = z.infer<typeof tourSummarySchema>;

export const tourDetailSchema = tourSummarySchema.extend({ description: z.string().nullable() });
export type TourDetail = z.infer<typeof tourDetailSchema>;

/** GET /v1/tours */
export const toursListResponseSchema = z.object({
  data: z.array(tourSummarySchema),
  /** Over every available tour (not only the filtered ones), for the filter choices. */
  facets: z.object({ origins: z.array(tourPlaceSchema), months: z.array(z.string()) }),
});
export type ToursList = z.infer<typeof toursListResponseSchema>;

/** GET /v1/tours/{slug} */
export const tourResponseSchema = z.object({ data: tourDetailSchema });
export const tourSlugParamsSchema = z.object({ slug: tourSlugSchema });

/** POST /v1/tours/{slug}/requests answers 201 with the stored request's reference. */
export const tourRequestResponseSchema = z.object({ data: z.object({ id: z.string() }) });

/** A request for a tour no longer on sale, or for more travellers than it has places left. */
export const tourRequestRefusals = refusals(idempotentRefusals, {
  not_found: [noDetails],
  unprocessable: [reason('not_enough_seats', { seats_left: z.number() })],
});
