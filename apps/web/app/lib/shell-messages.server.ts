import { MESSAGES, type Messages } from '@parvoz/i18n/messages';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';

/** Long texts of the information pages: formatted on the server by their own page, never in the shell. */
export const CONTENT_PREFIX = 'content.';
/** The agency console's words: shipped by the console's layout to staff only, never to every traveller. */
export const CONSOLE_PREFIX = 'ops.';

function catalogue(keep: (key: string) => boolean): Record<Locale, Record<string, string>> {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(Object.entries(MESSAGES[locale] as Messages).filter(([key]) => keep(key))),
    ]),
  ) as Record<Locale, Record<string, string>>;
}

const SHELL = catalogue((key) => !key.startsWith(CONTENT_PREFIX) && !key.startsWith(CONSOLE_PREFIX));
const CONSOLE = catalogue((key) => key.startsWith(CONSOLE_PREFIX));

/** The messages every page ships to the browser: all but the information pages' texts and the console's. */
export function shellMessages(locale: Locale): Record<string, string> {
  return SHELL[locale];
}

/** The console's messages (routes/ops-layout.tsx adds them to the shell's for its pages). */
export function consoleMessages(locale: Locale): Record<string, string> {
  return CONSOLE[locale];
}
