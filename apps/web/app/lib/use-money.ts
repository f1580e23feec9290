import { useMemo } from 'react';
import { formatMoney, isCurrency } from '@parvoz/i18n/currency';
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
