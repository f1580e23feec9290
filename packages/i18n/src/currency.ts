import type { Locale } from './locales.ts';

export const CURRENCIES = ['UZS', 'USD', 'EUR', 'RUB', 'TRY'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_COOKIE = 'currency';

export const DEFAULT_CURRENCY_BY_LOCALE: Record<Locale, Currency> = {
  en: 'USD',
  ru: 'RUB',
  uz: 'UZS',
  tr: 'TRY',
};

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Digits shown for a currency: UZS prices are shown in whole som. */
export function displayFractionDigits(currency: Currency): number {
  return currency === 'UZS' ? 0 : 2;
}

/** Formats an amount in major units (e.g. 412.5) for the locale, through Intl. */
export function formatMoney(locale: Locale, amount: number, currency: Currency): string {
  const digits = displayFractionDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    // The familiar signs ($, €, ₽, ₺): the same output in Node and in Chromium for every locale.
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
