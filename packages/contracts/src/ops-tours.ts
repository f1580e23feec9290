/**
 * The console's tours and inboxes (docs/after-sale.md §7): requests of /v1/ops/tours, /v1/ops/tour_requests
 * and /v1/ops/agency_applications. Every field a form can send is checked here, by the API and by the web
 * page.
 */
import { z } from 'zod';
import { CURRENCIES } from '@parvoz/i18n/currency';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { BOARD_BASES, TOUR_INCLUDES } from './tours.ts';
import { asList, emptyAsNull } from './form-values.ts';

export const OPS_TOUR_REQUEST_STATUSES = ['new', 'in_progress', 'done'] as const;
export type OpsTourRequestStatus = (typeof OPS_TOUR_REQUEST_STATUSES)[number];
export const OPS_AGENCY_APPLICATION_STATUSES = ['new', 'approved', 'rejected'] as const;
export type OpsAgencyApplicationStatus = (typeof OPS_AGENCY_APPLICATION_STATUSES)[number];

/** A tour picture: at most 5 MB, JPEG, PNG or WebP by its first bytes (never by its name). */
export const TOUR_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const text = (max: number) => z.string().trim().max(max);
/** An optional text: empty means none. */
const optionalText = (max: number) =>
  text(max)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/** One field per language of the site (docs/languages.md): English, the fallback, may be required. */
type PerLanguage<Field, English> = { [L in Locale]: L extends 'en' ? English : Field };
function perLanguage<Field extends z.ZodType, English extends z.ZodType>(
  other: () => Field,
  english: English,
): z.ZodObject<PerLanguage<Field, English>> {
  const shape = Object.fromEntries(
    LOCALES.map((locale) => [locale, locale === 'en' ? english : other()]),
  ) as PerLanguage<Field, English>;
  return z.object(shape);
}

const localizedSchema = (max: number, required: boolean) =>
  perLanguage(() => optionalText(max), required ? text(max).min(1) : optionalText(max));

const placeCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'a 3-letter code');

/** POST /v1/ops/tours (create, unpublished) and PUT /v1/ops/tours/{id} (the whole tour again). */
export const opsTourInputSchema = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and dashes')
    .min(3)
    .max(80),
  title: localizedSchema(160, true),
  summary: localizedSchema(400, false),
  description: localizedSchema(4000, false),
  origin_code: placeCode,
  destination_code: placeCode,
  country_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'a 2-letter country code'),
  hotel_name: optionalText(120),
  hotel_stars: z.coerce.number().int().min(1).max(5).nullable().optional().default(null),
  board_basis: z.enum(BOARD_BASES).nullable().optional().default(null),
  departs_on: z.iso.date('a date as YYYY-MM-DD'),
  nights: z.coerce.number().int().min(1).max(60),
  /** Per person from, in major units of `currency` ("689.00"); never negative. */
  price: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'an amount such as 689.00 (never negative)'),
  currency: z.enum(CURRENCIES),
  seats_left: z.coerce.number().int().min(0).max(999),
  includes: z
    .array(z.enum(TOUR_INCLUDES))
    .max(TOUR_INCLUDES.length)
    .default([])
    .transform((codes) => [...new Set(codes)]),
});
export type OpsTourInput = z.infer<typeof opsTourInputSchema>;

/**
 * The console's tour form (Conform, nested names such as `title.en`), read in the browser and in the action
 * with this one schema. Its fields are the body's, checked by the body's rules, with what a form sends
 * differently: the stars and board selects send '' for none, and the includes are checkboxes of one name.
 * Its output is the body.
 */
export const opsTourFormSchema = opsTourInputSchema.extend({
  hotel_stars: z.preprocess(emptyAsNull<string | null | undefined>, opsTourInputSchema.shape.hotel_stars),
  board_basis: z.preprocess(emptyAsNull<string | null | undefined>, opsTourInputSchema.shape.board_basis),
  includes: z.preprocess(asList, opsTourInputSchema.shape.includes),
});

export const opsTourParamsSchema = z.object({ id: z.uuid() });

/** POST /v1/ops/tours/{id}/image: the picture's bytes in base64 (what the web form uploaded). */
export const opsTourImageSchema = z.object({
  data_base64: z
    .string()
    .min(1)
    // 5 MB of bytes are at most this many base64 characters; anything longer is refused unread.
    .max(Math.ceil(TOUR_IMAGE_MAX_BYTES / 3) * 4, 'at most 5 MB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
});

/** The inboxes' list: newest first, optionally one status. */
export const opsTourRequestListSchema = z.object({
  status: z.enum(OPS_TOUR_REQUEST_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const opsAgencyApplicationListSchema = z.object({
  status: z.enum(OPS_AGENCY_APPLICATION_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const OPS_INBOX_PAGE_SIZE = 20;

export const opsInboxParamsSchema = z.object({ id: z.uuid() });

/** POST /v1/ops/tour_requests/{id}: a new status, the operator's note (empty clears it), or both. */
export const opsTourRequestUpdateSchema = z
  .object({
    status: z.enum(OPS_TOUR_REQUEST_STATUSES).optional(),
    note: text(2000).optional(),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, 'a status or a note');
export const opsAgencyApplicationUpdateSchema = z
  .object({
    status: z.enum(OPS_AGENCY_APPLICATION_STATUSES).optional(),
    note: text(2000).optional(),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, 'a status or a note');

// ---- Answers (what apps/api/src/modules/tours/ and modules/ops/inbox.ts build) ------------------------

/** A UTC instant as the API writes it (`Date.prototype.toISOString`). */
const instant = z.iso.datetime();
/** A text in the four languages as stored: English always (maybe empty), the others or null. */
export const localizedAnswer = perLanguage(() => z.string().nullable(), z.string());

/** A tour as the console sees it: every field of its form, published or not. */
export const opsTourSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  published: z.boolean(),
  title: localizedAnswer,
  summary: localizedAnswer,
  description: localizedAnswer,
  origin_code: z.string(),
  destination_code: z.string(),
  country_code: z.string(),
  hotel_name: z.string().nullable(),
  hotel_stars: z.number().int().nullable(),
  /** One of `BOARD_BASES` (tours.ts), or null. */
  board_basis: z.string().nullable(),
  departs_on: z.iso.date(),
  nights: z.number().int(),
  /** Per person from, in major units of `currency`. */
  price: z.string(),
  currency: z.string(),
  seats_left: z.number().int(),
  /** Codes of `TOUR_INCLUDES` (tours.ts). */
  includes: z.array(z.string()),
  /** Where the web serves the uploaded picture (/tour-images/{id}), or null. */
  image_url: z.string().nullable(),
  valid_until: instant.nullable(),
  updated_at: instant,
});
export type OpsTour = z.infer<typeof opsTourSchema>;
export const opsTourResponseSchema = z.object({ data: opsTourSchema });
export const opsToursResponseSchema = z.object({ data: z.array(opsTourSchema) });

/** What was done to a tour (its audit entries, newest first). */
export const opsTourHistoryEntrySchema = z.object({
  at: instant,
  actor: z.string().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type OpsTourHistoryEntry = z.infer<typeof opsTourHistoryEntrySchema>;
export const opsTourDetailResponseSchema = z.object({
  data: z.object({ tour: opsTourSchema, history: z.array(opsTourHistoryEntrySchema) }),
});

const inboxPage = { total: z.number().int(), page: z.number().int(), page_size: z.number().int() };

/** An inbox item: its id, status and the operator's note, what was sent (`fields`), when it came and last changed. */
const inboxItem = <const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  statuses: S,
  fields: F,
) =>
  z.object({
    id: z.uuid(),
    status: z.enum(statuses),
    /** The operator's note. */
    note: z.string().nullable(),
    ...fields,
    created_at: instant,
    updated_at: instant,
  });

/** An inbox item after a change: its status and note now, and whether anything changed. */
const inboxUpdate = <const S extends readonly [string, ...string[]]>(statuses: S) =>
  z.object({
    data: z.object({
      id: z.uuid(),
      status: z.enum(statuses),
      note: z.string().nullable(),
      changed: z.boolean(),
    }),
  });

export const opsTourRequestSchema = inboxItem(OPS_TOUR_REQUEST_STATUSES, {
  /**
   * The tour asked about, its title in each language (English always, the others or null) for the console to show
   * in its own; null for a request about tours in general.
   */
  tour: z.object({ slug: z.string(), title: localizedAnswer }).nullable(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  adults: z.number().int(),
  children: z.number().int(),
  message: z.string().nullable(),
  lang: z.string(),
});
export type OpsTourRequest = z.infer<typeof opsTourRequestSchema>;
export const opsTourRequestsResponseSchema = z.object({ data: z.array(opsTourRequestSchema), ...inboxPage });

export const opsAgencyApplicationSchema = inboxItem(OPS_AGENCY_APPLICATION_STATUSES, {
  company_name: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string().nullable(),
  country_code: z.string().nullable(),
  website: z.string().nullable(),
  tax_id: z.string().nullable(),
  message: z.string().nullable(),
  lang: z.string(),
});
export type OpsAgencyApplication = z.infer<typeof opsAgencyApplicationSchema>;
export const opsAgencyApplicationsResponseSchema = z.object({
  data: z.array(opsAgencyApplicationSchema),
  ...inboxPage,
});

export const opsTourRequestUpdateResponseSchema = inboxUpdate(OPS_TOUR_REQUEST_STATUSES);
export const opsAgencyApplicationUpdateResponseSchema = inboxUpdate(OPS_AGENCY_APPLICATION_STATUSES);
