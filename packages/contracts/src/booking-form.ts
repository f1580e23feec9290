/**
 * The booking form's part of the booking contract (booking.ts re-exports all of it): the message keys, the
 * rules of the POST /v1/orders body's contact, passengers and luggage, and the web's booking form schema
 * built from them. Its own module so that the browser, which checks the form with this schema, loads these
 * rules and not the order, payment and refund schemas of booking.ts.
 */
import { z } from 'zod';
import { PASSENGER_TYPES } from '@parvoz/core/vocabulary';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { PHONE_COUNTRIES, phoneInputSchema } from './profile.ts';
import type { BookingErrorKey } from './booking-errors.ts';
import { asList } from './form-values.ts';

export { BOOKING_ERROR_KEYS, type BookingErrorKey } from './booking-errors.ts';

/** ISO 3166-1 alpha-2 codes accepted as citizenship (libphonenumber's regions less AC and TA). */
export const CITIZENSHIP_CODES: readonly string[] = PHONE_COUNTRIES.filter((c) => c !== 'AC' && c !== 'TA');

const isoDate = (key: BookingErrorKey) =>
  z
    .string({ error: key })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: key, abort: true })
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, key);

/**
 * A name as in the travel document: Latin letters, spaces, hyphens and apostrophes (’ ʻ ʼ become '),
 * at most 50 characters, starting and ending with a letter. Spaces are collapsed.
 */
export const LATIN_NAME_PATTERN = /^[A-Za-z]+(?:(?: |-|'|' | '|- | -)[A-Za-z]+)*$/;
const latinName = (key: BookingErrorKey) =>
  z
    .string({ error: key })
    .transform((v) =>
      v
        .normalize('NFC')
        .replace(/[’ʻʼ`]/g, "'")
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .pipe(z.string().min(1, key).max(50, key).regex(LATIN_NAME_PATTERN, key));

/** E.164 after normalising; must be a valid number for its country (libphonenumber). */
export const e164PhoneSchema = z
  .string({ error: 'booking.error.phone' })
  .trim()
  .max(40, 'booking.error.phone')
  .transform((value, ctx) => {
    const parsed = parsePhoneNumberFromString(value);
    if (!value.startsWith('+') || !parsed || !isValidPhoneNumber(value)) {
      ctx.addIssue({ code: 'custom', message: 'booking.error.phone' });
      return z.NEVER;
    }
    return parsed.number as string;
  });

/** An order's contact email as typed (trimmed, lower-cased), refused with the booking form's message. */
export const contactEmailSchema = z
  .string({ error: 'booking.error.email' })
  .trim()
  .max(254, 'booking.error.email')
  .pipe(z.email('booking.error.email'))
  .transform((v) => v.toLowerCase());

export const bookingContactSchema = z.object({
  full_name: z
    .string({ error: 'booking.error.fullName' })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, 'booking.error.fullName')
        .max(100, 'booking.error.fullName')
        // No control characters and no lone UTF-16 surrogates (they cannot be stored or emailed).
        .refine((v) => v.isWellFormed() && !/\p{Cc}/u.test(v), 'booking.error.fullName'),
    ),
  email: contactEmailSchema,
  phone: e164PhoneSchema,
});
export type BookingContact = z.infer<typeof bookingContactSchema>;

export const bookingPassengerSchema = z.object({
  type: z.enum(PASSENGER_TYPES, { error: 'booking.error.passengerType' }),
  given_name: latinName('booking.error.givenName'),
  family_name: latinName('booking.error.familyName'),
  born_on: isoDate('booking.error.bornOn').refine((v) => v >= '1900-01-01', 'booking.error.bornOn'),
  gender: z.enum(['male', 'female'], { error: 'booking.error.gender' }),
  citizenship: z
    .string({ error: 'booking.error.citizenship' })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => CITIZENSHIP_CODES.includes(v), 'booking.error.citizenship'),
  document: z.object(
    {
      number: z
        .string({ error: 'booking.error.documentNumber' })
        .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
        .pipe(z.string().regex(/^[A-Z0-9]{5,20}$/, 'booking.error.documentNumber')),
      expires_on: isoDate('booking.error.documentExpiresOn'),
    },
    { error: 'booking.error.documentNumber' },
  ),
});
export type BookingPassenger = z.infer<typeof bookingPassengerSchema>;

/** "Add luggage": a luggage service of the offer (`available_services[].id`, e.g. "lug_0") for one passenger. */
export const bookingServiceSchema = z.object({
  id: z.string({ error: 'booking.error.service' }).regex(/^lug_\d{1,2}$/, 'booking.error.service'),
  /** 0-based index into `passengers` of this request. */
  passenger_index: z.number({ error: 'booking.error.service' }).int().min(0).max(17),
});
export type BookingService = z.infer<typeof bookingServiceSchema>;

/** The passenger list of a booking: in the offer's order, at least one, at most 18 (9 seated and 9 on laps). */
export const passengerList = <T extends z.ZodType>(passenger: T) =>
  z.array(passenger, { error: 'booking.error.offer' }).min(1, 'booking.error.noAdult').max(18);

/** The traveller accepted the agreement (the body's `agreement`; the form's checkbox). */
export const agreementSchema = z.literal(true, { error: 'booking.error.agreement' });

/** A seat picked in the booking form: its flight, the seat and the price the traveller saw for it. */
export const SEAT_PICK = /^(\d)-(\d):([1-9]\d{0,2}[A-Z]):(\d{1,12}(?:\.\d{1,2})?)$/;

/**
 * The web's booking form (Conform, nested names: `contact.email`, `passengers[0].document.number`), read in
 * the browser and in the action with this one schema. Its fields are the POST /v1/orders body's, checked
 * by the body's own rules, with what the form asks differently: the phone as typed with its country
 * (`contact.phone_country`, read into E.164; a number the country does not know is refused at the phone),
 * each passenger's luggage as the ticked services' ids (`passengers[0].luggage`: one box per service), and
 * the agreement and "save travellers" as checkboxes. The offer, the total seen and the language are the
 * page's own (hidden fields and the request), added by the action.
 */
export const bookingFormSchema = z.object({
  contact: z.preprocess(contactAsTyped, bookingContactSchema),
  passengers: passengerList(
    bookingPassengerSchema.extend({
      luggage: z.preprocess(
        asList,
        // One error for the passenger's luggage (its boxes share one name), not one per box.
        z
          .array(z.string(), { error: 'booking.error.service' })
          .max(36, 'booking.error.service')
          .refine(
            (ids) => ids.every((id) => bookingServiceSchema.shape.id.safeParse(id).success),
            'booking.error.service',
          ),
      ),
      // One picker per flight, all under one name: "<slice>-<segment>:<seat>:<price seen>", or "" for none.
      seats: z.preprocess(
        (value) => asList(value as string | string[] | undefined).filter((v) => v !== ''),
        // One error for the passenger's seats, as for the luggage.
        z
          .array(z.string(), { error: 'booking.error.seat' })
          .max(12, 'booking.error.seat')
          .refine((picks) => picks.every((pick) => SEAT_PICK.test(pick)), 'booking.error.seat'),
      ),
    }),
  ),
  agreement: checkbox().pipe(agreementSchema),
  save_travellers: checkbox(),
});
export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingFormValue = z.output<typeof bookingFormSchema>;

/** A checkbox as a form sends it: "on" when ticked, nothing otherwise. */
function checkbox() {
  return z
    .string()
    .optional()
    .transform((value) => value === 'on');
}

/**
 * The contact as typed: the number read in the chosen country ("90 123 45 67" with UZ → "+998901234567";
 * one written with "+" stands on its own). One the country's rules refuse becomes empty, which the body's
 * phone rule then refuses, so the error is the phone's.
 */
function contactAsTyped(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { phone_country: country, phone, ...contact } = value as Record<string, unknown>;
  const typed = phoneInputSchema.safeParse({
    phone_country: typeof country === 'string' && country ? country : undefined,
    phone: typeof phone === 'string' ? phone : '',
  });
  return { ...contact, phone: typed.success ? (typed.data.phone ?? '') : '' };
}
