import { formatMoney, isCurrency } from '@parvoz/i18n/currency';
import { useLocale } from './i18n.tsx';

/** Formats an API amount (major units, "412.50") in its currency for the page's language, through Intl. */
export function useMoney(): (amount: string | number, currency: string) => string {
  const locale = useLocale();
  return (amount, currency) =>
    isCurrency(currency) ? formatMoney(locale, Number(amount), currency) : `${amount} ${currency}`;
}
