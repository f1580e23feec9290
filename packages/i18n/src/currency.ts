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

/**
 * Currencies whose whole amounts are shown without decimals, as local sites show them ("12 500 ₽", "3 200 ₺",
 * "1 234 567 soʻm"); an amount with kopecks or kuruş keeps its two digits. Dollars and euros always show cents.
 */
const WHOLE_WITHOUT_DECIMALS: ReadonlySet<Currency> = new Set(['UZS', 'RUB', 'TRY']);

// Building an Intl.NumberFormat costs far more than formatting with one (a page formats dozens of prices).
const moneyFormats = new Map<string, Intl.NumberFormat>();
// And on /uz each format is ~0.5 ms of the FormatJS polyfill's JavaScript, while a results page shows the same
// few prices again and again (the strip, the calendar, the cheapest offers): kept per amount, a bounded few.
const formattedMoney = new Map<string, string>();
const FORMATTED_MONEY_KEPT = 500;

/** Whether an amount is whole to the currency's shown precision: 12500.004 roubles are, 12500.5 are not. */
function isWhole(amount: number, digits: number): boolean {
  return Math.round(amount * 10 ** digits) % 10 ** digits === 0;
}

/** Formats an amount in major units (e.g. 412.5) for the locale, through Intl. */
export function formatMoney(locale: Locale, amount: number, currency: Currency): string {
  const digits = displayFractionDigits(currency);
  // Whole to the shown precision: 12500.004 is "12 500 ₽", not "12 500,00 ₽".
  return formatWithMinimum(
    locale,
    amount,
    currency,
    WHOLE_WITHOUT_DECIMALS.has(currency) && isWhole(amount, digits) ? 0 : digits,
  );
}

/**
 * Amounts shown together (the ±3-day strip, the low-fare calendar, the popular destinations) in one rule, so whole
 * lira never sit beside kuruş in one view: without decimals only when every amount of the list is whole, otherwise
 * every one with its two digits. A null (a day without a price) stays null.
 */
export function formatMoneyList(
  locale: Locale,
  amounts: readonly (number | null)[],
  currency: Currency,
): (string | null)[] {
  const format = moneyListFormatter(locale, amounts, currency);
  return amounts.map((amount) => (amount === null ? null : format(amount)));
}

/**
 * `formatMoneyList`'s one rule, read from all of `amounts` at once, as a formatter of any one of them: a view
 * whose parts format their own amounts (a calendar's days, which hydrate one by one) still shows every amount
 * the same way.
 */
export function moneyListFormatter(
  locale: Locale,
  amounts: readonly (number | null)[],
  currency: Currency,
): (amount: number) => string {
  const digits = displayFractionDigits(currency);
  const whole = amounts.every((amount) => amount === null || isWhole(amount, digits));
  const minimum = WHOLE_WITHOUT_DECIMALS.has(currency) && whole ? 0 : digits;
  // An amount outside the list that has kopecks or kuruş shows them whole ("350,50", never "350,5").
  return (amount) => formatWithMinimum(locale, amount, currency, isWhole(amount, digits) ? minimum : digits);
}

function formatWithMinimum(locale: Locale, amount: number, currency: Currency, minimum: number): string {
  const digits = displayFractionDigits(currency);
  const key = `${locale} ${currency} ${minimum}`;
  const formattedKey = `${key} ${amount}`;
  const formatted = formattedMoney.get(formattedKey);
  if (formatted !== undefined) return formatted;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // The familiar signs ($, €, ₽, ₺): the same output in Node and in Chromium for every locale.
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: minimum,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(key, format);
  }
  if (formattedMoney.size >= FORMATTED_MONEY_KEPT) formattedMoney.clear();
  const text = format.format(amount);
  formattedMoney.set(formattedKey, text);
  return text;
}
