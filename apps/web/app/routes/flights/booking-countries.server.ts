import { PHONE_COUNTRY_OPTIONS } from '@parvoz/contracts/profile';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import type { CountryOption } from './booking-form-fields.ts';

/** Ascension and Tristan da Cunha have calling codes of their own but no ISO 3166-1 code (no passports). */
const NOT_ISO = new Set(['AC', 'TA']);

/**
 * Country names in each language, taken once at start from the server's `Intl.DisplayNames` (Node has the
 * full ICU data; Chromium has no Uzbek names). The page gets the list from its loader and never computes it in
 * the browser, so /uz shows "Oʻzbekiston" before and after hydration.
 */
const SNAPSHOT: Record<Locale, readonly CountryOption[]> = Object.fromEntries(
  LOCALES.map((locale) => {
    const names = new Intl.DisplayNames(locale, { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(locale);
    const options = PHONE_COUNTRY_OPTIONS.filter((c) => !NOT_ISO.has(c.region))
      .map((c) => ({ code: c.region, name: names.of(c.region) ?? c.region, dial: c.dial }))
      .sort((a, b) => collator.compare(a.name, b.name));
    return [locale, options];
  }),
) as unknown as Record<Locale, readonly CountryOption[]>;

export function countryOptions(locale: Locale): readonly CountryOption[] {
  return SNAPSHOT[locale];
}

export const COUNTRY_CODES: ReadonlySet<string> = new Set(SNAPSHOT.en.map((c) => c.code));
