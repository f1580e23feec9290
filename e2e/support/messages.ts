/** What the pages say, from the same message files (packages/i18n): tests find elements by their words. */
import { getIntl, type MessageKey } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';

export type MessageValues = Record<string, string | number>;

/** A message in a language, with its values filled in. */
export const m = (lang: Locale, key: MessageKey, values?: MessageValues): string =>
  getIntl(lang).formatMessage({ id: key }, values);

/** A message in English. */
export const en = (key: MessageKey, values?: MessageValues): string => m('en', key, values);
