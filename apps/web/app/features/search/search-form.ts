/**
 * The flight search form's values, its validation and the results path it leads to. Pure: the same code
 * checks the form in the browser (instant messages, client-side navigation) and in the home route's action
 * (the form without JavaScript). The API stays the authority on codes and dates; this only catches what a
 * traveller can fix in the form.
 */
import { formatSearchSegment } from '@parvoz/core/search-segment';

/** Bookable days from today, today included (DESIGN §3; the API checks it again at the origin's date). */
export const SEARCH_HORIZON_DAYS = 330;
/** At most 9 passengers with a seat; infants on a lap, one per adult (DESIGN §3). */
export const MAX_SEATED = 9;

export type Cabin = 'economy' | 'business';

export type PlaceValue = { code: string; name: string };

export type PassengerCounts = { adults: number; children: number; infants: number };

export type SearchFormValues = {
  /** Airport or city code chosen in the list ("" until one is chosen). */
  fromCode: string;
  /** What the field shows (the chosen place's name, or what was typed). */
  fromName: string;
  toCode: string;
  toName: string;
  /** YYYY-MM-DD or "". */
  depart: string;
  /** YYYY-MM-DD or "" (one way). */
  ret: string;
  passengers: PassengerCounts;
  cabin: Cabin;
};

export type SearchFormField = 'route' | 'date' | 'returnDate' | 'passengers';

/** Message keys of the form's errors (the spec's two, and the rest in the same voice). */
export type SearchFormErrorKey =
  | 'search.form.error.route'
  | 'search.form.error.sameRoute'
  | 'search.form.error.date'
  | 'search.form.error.dateRange'
  | 'search.form.error.returnBeforeDeparture'
  | 'search.form.error.noAdults'
  | 'search.form.error.tooManyPassengers'
  | 'search.form.error.tooManyInfants';

export type SearchFormErrors = Partial<Record<SearchFormField, SearchFormErrorKey>>;

export type SearchFormResult = { ok: true; segment: string } | { ok: false; errors: SearchFormErrors };

export const EMPTY_FORM: SearchFormValues = {
  fromCode: '',
  fromName: '',
  toCode: '',
  toName: '',
  depart: '',
  ret: '',
  passengers: { adults: 1, children: 0, infants: 0 },
  cabin: 'economy',
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CODE = /^[A-Z]{3}$/;

/** Whether a YYYY-MM-DD string is a real calendar date. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().startsWith(value);
}

/** YYYY-MM-DD plus (or minus) whole days. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Days from `a` to `b` (both YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The browser's (or server's) local date as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * The earliest date someone somewhere can still call today: the server does not know the traveller's zone,
 * so it accepts UTC's yesterday too and leaves the exact check to the API (the origin's local date).
 */
export function earliestToday(now: Date = new Date()): string {
  return addDays(now.toISOString().slice(0, 10), -1);
}

/** The last bookable date for a given first one. */
export function lastBookableDate(today: string): string {
  return addDays(today, SEARCH_HORIZON_DAYS - 1);
}

function clampCount(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isSafeInteger(n) && n >= 0 && n <= MAX_SEATED ? n : fallback;
}

function text(value: FormDataEntryValue | null, max = 100): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/** Reads the form's fields (names as rendered by SearchForm). Unknown or broken values fall back safely. */
export function valuesFromFormData(form: FormData): SearchFormValues {
  const code = (name: string) => {
    const value = text(form.get(name), 10).toUpperCase();
    return CODE.test(value) ? value : '';
  };
  const date = (name: string) => {
    const value = text(form.get(name), 10);
    return isIsoDate(value) ? value : '';
  };
  return {
    fromCode: code('from'),
    fromName: text(form.get('fromName')),
    toCode: code('to'),
    toName: text(form.get('toName')),
    depart: date('depart'),
    ret: date('return'),
    passengers: {
      adults: clampCount(form.get('adults'), 1),
      children: clampCount(form.get('children'), 0),
      infants: clampCount(form.get('infants'), 0),
    },
    cabin: form.get('cabin') === 'business' ? 'business' : 'economy',
  };
}

/** The passenger rules, in the order a traveller fixes them. */
export function passengerError(p: PassengerCounts): SearchFormErrorKey | null {
  if (p.adults < 1) return 'search.form.error.noAdults';
  if (p.adults + p.children > MAX_SEATED) return 'search.form.error.tooManyPassengers';
  if (p.infants > p.adults) return 'search.form.error.tooManyInfants';
  return null;
}

/**
 * Checks the form; when it is complete, the results path segment (`TAS1512IST1`, DESIGN §3).
 * `today` is the first bookable date as the checker sees it (the browser's date, or `earliestToday()`).
 */
export function validateSearchForm(
  values: SearchFormValues,
  today: string,
  last: string = lastBookableDate(today),
): SearchFormResult {
  const errors: SearchFormErrors = {};
  if (!values.fromCode || !values.toCode) errors.route = 'search.form.error.route';
  else if (values.fromCode === values.toCode) errors.route = 'search.form.error.sameRoute';

  if (!values.depart) errors.date = 'search.form.error.date';
  else if (values.depart < today || values.depart > last) errors.date = 'search.form.error.dateRange';

  if (values.ret) {
    if (values.ret > last) errors.returnDate = 'search.form.error.dateRange';
    else if (values.depart && values.ret < values.depart)
      errors.returnDate = 'search.form.error.returnBeforeDeparture';
  }
  const pax = passengerError(values.passengers);
  if (pax) errors.passengers = pax;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const segment = formatSearchSegment({
    origin: values.fromCode,
    destination: values.toCode,
    departureDate: values.depart,
    returnDate: values.ret || null,
    passengers: values.passengers,
    cabin: values.cabin,
  });
  return { ok: true, segment };
}

/** Total passengers (infants included), for "2 passengers". */
export function passengerTotal(p: PassengerCounts): number {
  return p.adults + p.children + p.infants;
}
