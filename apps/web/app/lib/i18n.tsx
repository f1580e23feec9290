import { createIntl, createIntlCache, useIntl, type IntlShape } from 'react-intl';
import { useRouteLoaderData } from 'react-router';
import type { Locale } from '@parvoz/i18n/locales';
import type { Currency } from '@parvoz/i18n/currency';
import type en from '@parvoz/i18n/messages/en.json';
import { fromShipped, type ShippedMessages } from './shipped-messages.ts';
import { nextTask } from './next-task.ts';
import { MISSING_MESSAGE } from './missing-words.ts';

export type MessageKey = keyof typeof en;
type Values = Record<string, string | number | Date | null | undefined>;

const intlCache = createIntlCache();
const intls = new WeakMap<ShippedMessages, IntlShape>();

/**
 * One intl object per message catalogue: on the server every request of a language gets the same catalogue
 * (shell-messages.server.ts), so each Intl formatter is built once per process rather than once per request
 * (an IntlProvider makes a fresh cache each time it is rendered). The catalogue is ICU AST (its plain texts
 * turned back into AST here, once per catalogue), never ICU strings: nothing is parsed, and the browser's
 * bundle has no parser to parse with (vite.config.ts).
 */
export function sharedIntl(locale: Locale, messages: ShippedMessages): IntlShape {
  const known = intls.get(messages);
  return known?.locale === locale ? known : keepIntl(locale, messages, fromShipped(messages));
}

// A word a page lacks shows as its key: said on the console in every build (react-intl says so only in
// development).

function reportIntlError(error: { code?: string; message: string; descriptor?: { id?: unknown } }) {
  if (error.code === 'MISSING_TRANSLATION')
    console.error(`${MISSING_MESSAGE} ${String(error.descriptor?.id)}`);
  else if (process.env.NODE_ENV !== 'production') console.error(error);
}

function keepIntl(locale: Locale, messages: ShippedMessages, unshipped: ReturnType<typeof fromShipped>) {
  const intl = createIntl(
    { locale, messages: unshipped, defaultLocale: 'en', onError: reportIntlError },
    intlCache,
  );
  intls.set(messages, intl);
  return intl;
}

/**
 * Builds `sharedIntl`'s object in the browser before hydration, in tasks of its own: turning the catalogue
 * back into AST and the first Intl call (the engine's locale data) are ~15 ms each on a mid-range phone,
 * which otherwise made root's first render during hydration one long task.
 */
export async function prepareSharedIntl(locale: Locale, messages: ShippedMessages): Promise<IntlShape> {
  const known = intls.get(messages);
  if (known?.locale === locale) return known;
  const unshipped = fromShipped(messages);
  await nextTask();
  const intl = keepIntl(locale, messages, unshipped);
  await nextTask();
  return intl;
}

/** Translates a message key of the active locale (typed against en.json). */
export function useT(): (key: MessageKey, values?: Values) => string {
  const intl = useIntl();
  return (key, values) => intl.formatMessage({ id: key }, values);
}

export type RootData = {
  locale: Locale;
  currency: Currency;
  /**
   * The address of the shell's messages file of `locale` (ICU AST, plain texts as text): the page loads it
   * instead of carrying the words (shell-messages.ts, shell-messages.server.ts, shipped-messages.ts).
   */
  messagesUrl: string;
  languageNames: Record<Locale, string>;
  user: {
    id: string;
    email: string;
    name: string | null;
    language: string | null;
    currency: string | null;
  } | null;
  hasToken: boolean;
  /** A demonstration site (PARVOZ_MODE=demo): every page says so (components/DemoBanner.tsx). */
  demo: boolean;
  /** The site's public origin, for absolute links (canonical, hreflang). */
  origin: string;
  /** A message an action asked to show on this page (`redirectWithToast`), shown once by the shell. */
  toast?: {
    id: string;
    type: 'info' | 'success' | 'error';
    key: string;
    values?: Record<string, string | number>;
  } | null;
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
