import { z } from 'zod';
import {
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { LOCALES } from '@parvoz/i18n/locales';
import { CURRENCIES } from '@parvoz/i18n/currency';

/** ISO 3166-1 alpha-2 regions libphonenumber knows (the phone country picker). */
export const PHONE_COUNTRIES: readonly string[] = getCountries();

/** The phone country picker's options: region and calling code ("UZ", "998"). */
export const PHONE_COUNTRY_OPTIONS: ReadonlyArray<{ region: string; dial: string }> = getCountries().map(
  (region) => ({ region, dial: getCountryCallingCode(region) }),
);

const nameSchema = z
  .string()
  .trim()
  .max(100)
  .transform((v) => (v === '' ? null : v));

/**
 * A phone number as typed with its country (used when the number has no "+"): valid for that country
 * per libphonenumber, normalised to E.164. An empty number clears it.
 */
export const phoneInputSchema = z
  .object({
    phone_country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    phone: z.string().trim().max(40).optional(),
  })
  .transform((value, ctx) => {
    if (!value.phone) return { phone: null as string | null };
    const country =
      value.phone_country && PHONE_COUNTRIES.includes(value.phone_country)
        ? (value.phone_country as CountryCode)
        : undefined;
    const parsed = parsePhoneNumberFromString(value.phone, country);
    if (!parsed || !isValidPhoneNumber(value.phone, country)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'invalid_phone' });
      return z.NEVER;
    }
    return { phone: parsed.number as string };
  });

/** PATCH /v1/user/me: every field optional; a present field is set (null or "" clears a name/phone). */
export const profileUpdateSchema = z
  .object({
    first_name: nameSchema.nullable().optional(),
    last_name: nameSchema.nullable().optional(),
    /** E.164 ("+998901234567") or null. */
    phone: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/)
      .refine((v) => isValidPhoneNumber(v), 'invalid_phone')
      .nullable()
      .optional(),
    language: z.enum(LOCALES).optional(),
    currency: z.enum(CURRENCIES).optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The personal-data form of the web profile page. */
export const personalDataFormSchema = z
  .object({
    first_name: nameSchema,
    last_name: nameSchema,
  })
  .and(phoneInputSchema);

/** The profile's language-and-currency form (in settings.ts: its page need not load phone numbers' data). */
export { profileSettingsFormSchema } from './settings.ts';

/** Formats an E.164 number for display ("+998 90 123 45 67"). */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** The region of an E.164 number, for pre-selecting the phone country. */
export function phoneCountryOf(e164: string | null | undefined): string | undefined {
  if (!e164) return undefined;
  return parsePhoneNumberFromString(e164)?.country;
}
