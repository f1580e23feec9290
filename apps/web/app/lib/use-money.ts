import { createContext, useContext, useMemo } from 'react';
import { formatMoney, formatMoneyList, isCurrency, moneyListFormatter } from '@parvoz/i18n/currency';
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

/**
 * The formatter of amounts shown together (`useMoneyList`'s one rule, read from all of `amounts`) for a view whose
 * parts format their own: the low-fare calendar's days, the date grid's cells.
 */
export function useMoneyListFormatter(
  amounts: readonly (string | number | null)[],
  currency: string,
): (amount: string | number) => string {
  const locale = useLocale();
  // The same function while the amounts are the same: it is the list's context value (MoneyListProvider), and
  // a new one would render every price of the list again on any change above it.
  const key = amounts.join(' ');
  return useMemo(() => {
    if (!isCurrency(currency)) return (amount: string | number) => formatAmount(locale, amount, currency);
    const format = moneyListFormatter(
      locale,
      key ? key.split(' ').map((a) => (a === '' ? null : Number(a))) : [],
      currency,
    );
    return (amount: string | number) => format(Number(amount));
  }, [locale, key, currency]);
}

const MoneyListContext = createContext<((amount: string | number) => string) | null>(null);

/** Gives the views inside one list's formatter of prices (`useMoneyListFormatter`): the results page's offers. */
export const MoneyListProvider = MoneyListContext.Provider;

/** A price of a list (`MoneyListProvider`'s one rule for all its prices) or, outside one, alone (`useMoney`). */
export function useListedMoney(): (amount: string | number, currency: string) => string {
  const money = useMoney();
  const listed = useContext(MoneyListContext);
  return listed ? (amount) => listed(amount) : money;
}
