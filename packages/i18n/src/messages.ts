import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import en from '../messages/en.json' with { type: 'json' };
import ru from '../messages/ru.json' with { type: 'json' };
import uz from '../messages/uz.json' with { type: 'json' };
import tr from '../messages/tr.json' with { type: 'json' };
import type { Locale } from './locales.ts';

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

export const MESSAGES: Record<Locale, Messages> = { en, ru, uz, tr };

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape<string>>();

/** A server-side formatter (API errors, emails, PDFs) using the same ICU messages as the web app. */
export function getIntl(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale, messages: MESSAGES[locale], defaultLocale: 'en' }, cache);
    intls.set(locale, intl);
  }
  return intl;
}
