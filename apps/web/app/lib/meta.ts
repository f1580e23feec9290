import { createIntl, createIntlCache } from 'react-intl';
import type { MetaDescriptor } from 'react-router';
import { LOCALE_TAGS } from '@parvoz/i18n/locales';
import type { MessageKey, RootData } from './i18n.tsx';

const cache = createIntlCache();

type MetaArgsLike = { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> };

/** Title, description and Open Graph tags of a page in the active language. */
export function pageMeta(
  args: MetaArgsLike,
  titleKey: MessageKey,
  values?: Record<string, string | number>,
): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  if (!root) return [];
  const intl = createIntl({ locale: root.locale, messages: root.messages }, cache);
  const heading = intl.formatMessage({ id: titleKey }, values);
  const appName = intl.formatMessage({ id: 'app.name' });
  const title = titleKey === 'page.home.title' ? heading : `${heading} — ${appName}`;
  const description = intl.formatMessage({ id: 'app.description' });
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: appName },
    { property: 'og:locale', content: LOCALE_TAGS[root.locale].replace('-', '_') },
  ];
}
