import type { OpsTour } from '@parvoz/contracts/ops-tours';
import type { Locale } from '@parvoz/i18n/locales';
import { useRootData } from '../../lib/i18n.tsx';

/** A tour's title in the console's language, else in English (the one every tour has). */
export const tourTitleIn = (title: OpsTour['title'], locale: Locale): string => title[locale] || title.en;

/** The title as the console shows it; an English one on a page in another language is marked as English. */
export function TourTitle({ title }: { title: OpsTour['title'] }) {
  const { locale } = useRootData();
  return title[locale] ? <>{title[locale]}</> : <span lang="en">{title.en}</span>;
}
