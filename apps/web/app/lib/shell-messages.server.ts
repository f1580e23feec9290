import { MESSAGES, type Messages } from '@parvoz/i18n/messages';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';

/** Long texts of the information pages: formatted on the server by their own page, never in the shell. */
export const CONTENT_PREFIX = 'content.';

const SHELL: Record<Locale, Record<string, string>> = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    Object.fromEntries(
      Object.entries(MESSAGES[locale] as Messages).filter(([key]) => !key.startsWith(CONTENT_PREFIX)),
    ),
  ]),
) as Record<Locale, Record<string, string>>;

/** The messages every page ships to the browser: all but the information pages' texts. */
export function shellMessages(locale: Locale): Record<string, string> {
  return SHELL[locale];
}
