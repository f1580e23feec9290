import { useIntl } from 'react-intl';
import { useRouteLoaderData } from 'react-router';
import type { Locale } from '@parvoz/i18n/locales';
import type { Currency } from '@parvoz/i18n/currency';
import type en from '@parvoz/i18n/messages/en.json';

export type MessageKey = keyof typeof en;
type Values = Record<string, string | number | Date | null | undefined>;

/** Translates a message key of the active locale (typed against en.json). */
export function useT(): (key: MessageKey, values?: Values) => string {
  const intl = useIntl();
  return (key, values) => intl.formatMessage({ id: key }, values);
}

export type RootData = {
  locale: Locale;
  currency: Currency;
  messages: Record<string, string>;
  languageNames: Record<Locale, string>;
  user: {
    id: string;
    email: string;
    name: string | null;
    language: string | null;
    currency: string | null;
  } | null;
  hasToken: boolean;
  /** The site's public origin, for absolute links (canonical, hreflang). */
  origin: string;
};

export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('root loader data missing');
  return data;
}

/** The page's language: the root loader's, or (on an error page raised before it) the IntlProvider's. */
export function useLocale(): Locale {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const intl = useIntl();
  return data?.locale ?? (intl.locale as Locale);
}
