import { useMemo } from 'react';
import { formatMoney, formatMoneyList, isCurrency } from '@parvoz/i18n/currency';
import type { Locale } from '@parvoz/i18n/locales';
import { useLocale } from './i18n.tsx';

/** An API amount (major units, "412.50") in its currency for a language, through Intl; an unknown currency as "412.50 XYZ". */
export function formatAmount(locale: Locale, amount: string | number, currency: string): string {
  return isCurrency(currency) ? formatMoney(locale, Number(amount), currency) : `${amount} ${currency}`;
}

/** `formatAmount` in the page's language. */
export function useMoney(): (amount: string | number, currency: string) => string {
  const locale = useLocale();
  return useMemo(() => (amount, currency) => formatAmount(locale, amount, currency), [locale]);
}

/**
 * Amounts shown together in one view (the ±3-day strip, the low-fare calendar, the popular destinations), in the
 * page's language and one rule for all (`formatMoneyList`): never whole lira beside kuruş. A null stays null.
 */
export function useMoneyList(): (
  amounts: readonly (string | number | null)[],
  currency: string,
) => (string | null)[] {
  const locale = useLocale();
  return useMemo(
    () => (amounts, currency) =>
      isCurrency(currency)
        ? formatMoneyList(
            locale,
            amounts.map((a) => (a === null ? null : Number(a))),
            currency,
          )
        : amounts.map((a) => (a === null ? null : formatAmount(locale, a, currency))),
    [locale],
  );
}
