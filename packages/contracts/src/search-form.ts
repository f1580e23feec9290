/**
 * The flight search form (web home page and results page): its fields as the form names them, and the
 * rules a traveller can fix in the form, with their message keys. One schema checks the form in the browser
 * (instant messages) and in the home route's action (the form without JavaScript); the API stays the
 * authority on codes and dates. Places typed by name are looked up before the check (a code is the result).
 */
import { z } from 'zod';
import { checkPassengerCounts, MAX_SEATED_PASSENGERS, MAX_SLICES, type Cabin } from './search-limits.ts';

export { PASSENGER_ERRORS, SEARCH_FORM_ERROR_KEYS, type SearchFormErrorKey } from './search-form-errors.ts';
import { PASSENGER_ERRORS, type SearchFormErrorKey } from './search-form-errors.ts';

/**
 * Where each error shows: one message under both places (`route`), under each date, under the passengers.
 * `route` is no field of its own: the error names the pair.
 */
export type SearchFormErrorField = 'route' | 'depart' | 'return' | 'passengers';

/** The first and the last date a search may depart on, as the checker sees today (YYYY-MM-DD). */
export type BookableDates = { first: string; last: string };

const CODE = /^[A-Z]{3}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A posted text, trimmed and cut short; anything else (a missing or repeated field) is "". */
const text = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'string' ? value.trim().slice(0, max) : ''));

/** An airport or city code, or "" (none chosen, or not a code). */
const code = text(10).transform((value) => (CODE.test(value.toUpperCase()) ? value.toUpperCase() : ''));

/** A real calendar date as YYYY-MM-DD, or "" (none, or not a date). */
const date = text(10).transform((value) => {
  if (!ISO_DATE.test(value)) return '';
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) ? value : '';
});

/** A passenger count the counters can show (0–9); a broken one falls back (the counters' own start). */
const count = (fallback: number) =>
  text(3).transform((value) => {
    const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    return Number.isSafeInteger(n) && n <= MAX_SEATED_PASSENGERS ? n : fallback;
  });

/**
 * The form's fields as posted (`passengers.adults`, …), each read so that it never fails: a broken value
 * becomes what the form would show instead. The action shows the form again with these values.
 */
export const searchFormFieldsSchema = z.object({
  /** The chosen place's code ("" until one is chosen or found by name). */
  from: code,
  /** What the field shows: the chosen place's name, or what was typed. */
  fromName: text(100),
  to: code,
  toName: text(100),
  depart: date,
  /** "" for one way. */
  return: date,
  passengers: z.preprocess(
    (value) => (value && typeof value === 'object' && !Array.isArray(value) ? value : {}),
    z.object({ adults: count(1), children: count(0), infants: count(0) }),
  ),
  cabin: z
    .unknown()
    .optional()
    .transform((value): Cabin => (value === 'business' ? 'business' : 'economy')),
});
export type SearchFormFields = z.output<typeof searchFormFieldsSchema>;

/**
 * The multi-city form as posted (`legs[0].from`, …, docs/design.md "Multi-city"): up to six flights read like the
 * search form's places and date, the same travellers and cabin, and which button sent it (`search`, `add`, or
 * `remove-<row>`). Never fails: the action shows the form again with what it read.
 */
export const multiCityFormFieldsSchema = z.object({
  legs: z.preprocess(
    (value) => (Array.isArray(value) ? value.slice(0, MAX_SLICES) : []),
    z.array(
      z.preprocess(
        (value) => (value && typeof value === 'object' && !Array.isArray(value) ? value : {}),
        searchFormFieldsSchema.pick({ from: true, fromName: true, to: true, toName: true, depart: true }),
      ),
    ),
  ),
  passengers: searchFormFieldsSchema.shape.passengers,
  cabin: searchFormFieldsSchema.shape.cabin,
  intent: text(20),
});
export type MultiCityFormFields = z.output<typeof multiCityFormFieldsSchema>;
/** The names Conform knows the form's fields and errors by. */
export type SearchFormInput = z.input<typeof searchFormFieldsSchema> & { route?: string };

/** A complete search (core's SearchParams: the results path is written from it). */
export type SearchFormValue = {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string | null;
  passengers: SearchFormFields['passengers'];
  cabin: Cabin;
};

/** The errors of a form's fields by where they show (at most one each, in the order a traveller fixes them). */
export function searchFormErrors(
  fields: SearchFormFields,
  { first, last }: BookableDates,
): Partial<Record<SearchFormErrorField, SearchFormErrorKey>> {
  const errors: Partial<Record<SearchFormErrorField, SearchFormErrorKey>> = {};
  if (!fields.from || !fields.to) errors.route = 'search.form.error.route';
  else if (fields.from === fields.to) errors.route = 'search.form.error.sameRoute';

  if (!fields.depart) errors.depart = 'search.form.error.date';
  else if (fields.depart < first || fields.depart > last) errors.depart = 'search.form.error.dateRange';

  if (fields.return > last) errors.return = 'search.form.error.dateRange';
  else if (fields.return && fields.depart && fields.return < fields.depart)
    errors.return = 'search.form.error.returnBeforeDeparture';

  const passengers = checkPassengerCounts(fields.passengers);
  if (passengers) errors.passengers = PASSENGER_ERRORS[passengers];
  return errors;
}

/**
 * The search form's schema. `dates` is asked at each check (a page left open past midnight moves on with the
 * calendar): the browser's today, or on the server the earliest date anyone may still call today.
 */
export function searchFormSchema(dates: () => BookableDates) {
  return searchFormFieldsSchema.transform((fields, ctx): SearchFormValue => {
    const errors = searchFormErrors(fields, dates());
    for (const [path, message] of Object.entries(errors)) {
      ctx.addIssue({ code: 'custom', message, path: [path] });
    }
    if (Object.keys(errors).length > 0) return z.NEVER;
    return {
      origin: fields.from,
      destination: fields.to,
      departureDate: fields.depart,
      returnDate: fields.return || null,
      passengers: fields.passengers,
      cabin: fields.cabin,
    };
  });
}
