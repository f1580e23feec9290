import { phoneInputSchema } from '@parvoz/contracts/profile';
import {
  BOOKING_ERROR_KEYS,
  createOrderRequestSchema,
  type BookingErrorKey,
  type CreateOrderRequest,
} from '@parvoz/contracts/booking';
import type { Locale } from '@parvoz/i18n/locales';
import { displayFractionDigits, type Currency } from '@parvoz/i18n/currency';
import {
  passengerFieldName,
  type FieldError,
  type FieldErrors,
  type FormValues,
  type PassengerField,
  type PassengerType,
} from './form-fields.ts';

export * from './form-fields.ts';

/** Reading the submitted booking form and turning it into the POST /v1/orders body (server side). */

const MAX_FIELD_LENGTH = 200;
const FIELD_NAME =
  /^(agreement|save_travellers|contact\.(full_name|email|phone|phone_country)|passengers\.\d{1,2}\.[a-z_.]{2,30})$/;

/** Reads the submitted form (unknown names and oversized values are dropped). */
export function readForm(form: FormData): FormValues {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string' || !FIELD_NAME.test(name)) continue;
    fields[name] = value.slice(0, MAX_FIELD_LENGTH);
  }
  const luggage = form
    .getAll('luggage')
    .filter((v): v is string => typeof v === 'string' && /^lug_\d{1,2}:\d{1,2}$/.test(v))
    .slice(0, 36);
  return { fields, luggage };
}

const isBookingErrorKey = (value: unknown): value is BookingErrorKey =>
  typeof value === 'string' && (BOOKING_ERROR_KEYS as readonly string[]).includes(value);

/** "/passengers/0/born_on" or ["passengers", 0, "born_on"] → "passengers.0.born_on". */
export function fieldNameOf(path: string | readonly PropertyKey[]): string {
  const parts =
    typeof path === 'string'
      ? path
          .split('/')
          .slice(1)
          .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
      : path.map(String);
  return parts.join('.');
}

/**
 * Where an error is shown: its field; a luggage service's error goes to that passenger's luggage choice;
 * the phone's country and number share one error.
 */
export function errorTarget(name: string, luggage: readonly string[]): string {
  const service = /^services\.(\d+)/.exec(name);
  if (service) {
    const passenger = luggage[Number(service[1])]?.split(':')[1];
    return passenger === undefined ? '' : `passengers.${passenger}.luggage`;
  }
  if (name === 'contact.phone_country') return 'contact.phone';
  if (name === 'passengers' || name === 'agreement' || name.startsWith('contact.')) return name;
  if (
    /^passengers\.\d+\.(given_name|family_name|born_on|gender|citizenship|document\.number|document\.expires_on)$/.test(
      name,
    )
  )
    return name;
  if (/^passengers\.\d+\.document$/.test(name)) return name.replace(/document$/, 'document.number');
  if (/^passengers\.\d+$/.test(name) || /^passengers\.\d+\.type$/.test(name)) return 'passengers';
  return '';
}

/** Adds an error unless the field has one already (the first error of a field is the one shown). */
function addError(errors: FieldErrors, name: string, error: FieldError): void {
  if (!errors[name]) errors[name] = error;
}

/** The API's (or the schema's) field errors, as the page shows them. Unknown message keys become generic. */
export function toFieldErrors(
  issues: ReadonlyArray<{ path: string | readonly PropertyKey[]; message: string; values?: unknown }>,
  luggage: readonly string[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const target = errorTarget(fieldNameOf(issue.path), luggage);
    const key = isBookingErrorKey(issue.message) ? issue.message : 'booking.error.offer';
    const values =
      issue.values && typeof issue.values === 'object'
        ? (Object.fromEntries(
            Object.entries(issue.values).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
          ) as Record<string, string | number>)
        : undefined;
    addError(errors, target, values ? { key, values } : { key });
  }
  return errors;
}

/**
 * The total the traveller saw: the offer's total plus the price shown for each bag ticked, exact in minor units
 * (form fields `offer_total` and `luggage_price.<service id>`). Undefined when a price is missing or unreadable.
 */
export function shownTotal(
  form: FormData,
  luggage: readonly string[],
  currency: Currency,
): string | undefined {
  const digits = displayFractionDigits(currency);
  const amount = /^\d{1,12}(?:\.\d{1,2})?$/;
  const toMinor = (value: FormDataEntryValue | null): number | null => {
    if (typeof value !== 'string' || !amount.test(value)) return null;
    const [whole, fraction = ''] = value.split('.');
    if (fraction.length > digits) return null;
    return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  };
  let total = toMinor(form.get('offer_total'));
  for (const value of luggage) {
    const price = toMinor(form.get(`luggage_price.${value.split(':')[0]}`));
    if (total === null || price === null) return undefined;
    total += price;
  }
  if (total === null) return undefined;
  if (digits === 0) return String(total);
  const text = String(total).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

export type BookingContext = {
  offerId: string;
  expectedTotal: string | undefined;
  currency: Currency;
  lang: Locale;
  passengerTypes: readonly PassengerType[];
  saveTravellers: boolean;
  agreement: boolean;
};

/**
 * The POST /v1/orders body from the form, checked with the API's own schema (packages/contracts). The phone is
 * read in the chosen country ("90 123 45 67" with UZ → "+998901234567"). Returns the body or the field errors.
 */
export function buildOrderRequest(
  values: FormValues,
  context: BookingContext,
): { ok: true; body: CreateOrderRequest } | { ok: false; errors: FieldErrors } {
  const f = values.fields;
  const phone = phoneInputSchema.safeParse({
    phone_country: f['contact.phone_country'] || undefined,
    phone: f['contact.phone'] ?? '',
  });
  const services = values.luggage.map((v) => {
    const [id, index] = v.split(':');
    return { id: id!, passenger_index: Number(index) };
  });
  const body = {
    offer_id: context.offerId,
    ...(context.expectedTotal ? { expected_total: context.expectedTotal } : {}),
    currency: context.currency,
    lang: context.lang,
    contact: {
      full_name: f['contact.full_name'] ?? '',
      email: f['contact.email'] ?? '',
      phone: phone.success && phone.data.phone ? phone.data.phone : (f['contact.phone'] ?? '').trim(),
    },
    passengers: context.passengerTypes.map((type, i) => {
      const p = (field: PassengerField) => f[passengerFieldName(i, field)] ?? '';
      return {
        type,
        given_name: p('given_name'),
        family_name: p('family_name'),
        born_on: p('born_on'),
        gender: p('gender') as 'male' | 'female',
        citizenship: p('citizenship'),
        document: { number: p('document.number'), expires_on: p('document.expires_on') },
      };
    }),
    services,
    agreement: context.agreement as true,
    ...(context.saveTravellers ? { save_travellers: true } : {}),
  } satisfies CreateOrderRequest;

  const parsed = createOrderRequestSchema.safeParse(body);
  const issues = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path, message: i.message }));
  // A number that is not valid for its country gets the phone message even if it looked like E.164.
  if (!phone.success) issues.push({ path: ['contact', 'phone'], message: 'booking.error.phone' });
  if (issues.length > 0) return { ok: false, errors: toFieldErrors(issues, values.luggage) };
  return { ok: true, body };
}
