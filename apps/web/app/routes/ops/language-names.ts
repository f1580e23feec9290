import type { Locale } from '@parvoz/i18n/locales';
import type { MessageKey } from '../../lib/i18n.tsx';

/** The site's languages by name, in the console's language (a tour's texts, a price rule's markets). */
export const LANGUAGE_NAME: Record<Locale, MessageKey> = {
  en: 'ops.tours.lang.en',
  ru: 'ops.tours.lang.ru',
  uz: 'ops.tours.lang.uz',
  tr: 'ops.tours.lang.tr',
};
