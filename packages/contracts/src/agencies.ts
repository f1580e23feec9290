import { z } from 'zod';
import { getCountries, type CountryCode } from 'libphonenumber-js';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { emailSchema } from './auth.ts';
import {
  PHONE_COUNTRY_BY_LOCALE,
  internationalPhoneSchema,
  optionalText,
  typedPhoneSchema,
} from './tours.ts';

/** ISO 3166-1 alpha-2 countries an agency can be registered in (libphonenumber's list without AC and TA). */
export const AGENCY_COUNTRIES: readonly string[] = getCountries().filter((c) => c !== 'AC' && c !== 'TA');

const agencyFields = {
  company_name: z.string().trim().min(2).max(200),
  /** Taxpayer number as registered (INN/STIR, VKN, BIN…): 5–20 letters, digits, spaces or dashes. */
  tax_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{3,18}[A-Za-z0-9]$/)
    .transform((value) => value.toUpperCase()),
  country_code: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => AGENCY_COUNTRIES.includes(value), 'unknown_country'),
  city: optionalText(100),
  contact_name: z.string().trim().min(2).max(100),
  email: emailSchema,
  website: z
    .string()
    .trim()
    .max(200)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), 'invalid_url'),
  message: optionalText(2000),
  lang: z.enum(LOCALES),
};

/** POST /v1/agencies/applications: a travel agency applies to the agency programme. */
export const agencyApplicationSchema = z.object({ ...agencyFields, phone: internationalPhoneSchema });
export type AgencyApplicationInput = z.infer<typeof agencyApplicationSchema>;

/** 201 with the stored application's reference. */
export const agencyApplicationResponseSchema = z.object({ data: z.object({ id: z.string() }) });

/** The application form of the web page: the same fields, the phone as typed (in the agency's country). */
export function agencyApplicationFormSchema(lang: Locale) {
  return z.object(agencyFields).and(
    z
      .object({ phone: z.string().optional(), country_code: z.string().optional() })
      .transform((value, ctx) => {
        const country = value.country_code?.trim().toUpperCase();
        const defaultCountry = (
          country && AGENCY_COUNTRIES.includes(country) ? country : PHONE_COUNTRY_BY_LOCALE[lang]
        ) as CountryCode;
        const parsed = typedPhoneSchema(defaultCountry).safeParse(value.phone ?? '');
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', path: ['phone'], message: 'invalid_phone' });
          return z.NEVER;
        }
        return { phone: parsed.data };
      }),
  );
}
export const AGENCY_FIELDS = [
  'company_name',
  'tax_id',
  'country_code',
  'city',
  'contact_name',
  'email',
  'phone',
  'website',
  'message',
] as const;
export type AgencyField = (typeof AGENCY_FIELDS)[number];
