import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { LOCALES, LOCALE_TAGS, isLocale, switchLocaleInPath } from '@parvoz/i18n/locales';
import { sharedIntl, type MessageKey, type RootData } from './i18n.tsx';
import type { ShippedMessages } from './shipped-messages.ts';
import { pageMessagesOf, routeChunksOf } from './shell-messages.ts';

type MetaArgsLike = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location?: { pathname: string };
};

export type PageMetaOptions = {
  /** The page's description (a message key of the shell's messages, or a text); default `app.description`. */
  descriptionKey?: MessageKey;
  description?: string | null;
  /** A title given as text (e.g. a tour's own title) instead of `titleKey`. */
  title?: string | null;
  /** Open Graph type; default "website". */
  type?: 'website' | 'article';
};

/** `origin + path` without a trailing slash: the one URL of a page. */
export function absoluteUrl(origin: string, path: string): string {
  return origin.replace(/\/+$/, '') + path.replace(/\/+$/, '');
}

/**
 * The words a page's title is made of, in the page's language: the shell's, its routes' own files' (in the
 * browser) and those a layout ships of its own (the console's), which it lends to its pages' titles.
 */
function titleIntl(args: MetaArgsLike, root: RootData) {
  const own = args.matches.find(
    (m) => (m?.loaderData as { consoleMessages?: unknown } | undefined)?.consoleMessages,
  )?.loaderData as { consoleMessages: ShippedMessages } | undefined;
  const shell = pageMessagesOf(root.locale, routeChunksOf(args.matches.flatMap((m) => (m ? [m.id] : []))));
  return sharedIntl(root.locale, own ? { ...shell, ...own.consoleMessages } : shell);
}

/**
 * Title, description, canonical and hreflang links and Open Graph tags of a page in the active language.
 * Every language version names the others (and English as x-default) with absolute URLs.
 */
export function pageMeta(
  args: MetaArgsLike,
  titleKey: MessageKey,
  values?: Record<string, string | number>,
  options: PageMetaOptions = {},
): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  if (!root) return [];
  const intl = titleIntl(args, root);
  const heading = options.title ?? intl.formatMessage({ id: titleKey }, values);
  const appName = intl.formatMessage({ id: 'app.name' });
  const title = titleKey === 'page.home.title' && !options.title ? heading : `${heading} — ${appName}`;
  const description =
    options.description ?? intl.formatMessage({ id: options.descriptionKey ?? 'app.description' });
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:site_name', content: appName },
    { property: 'og:locale', content: LOCALE_TAGS[root.locale].replace('-', '_') },
    ...LOCALES.filter((l) => l !== root.locale).map((l) => ({
      property: 'og:locale:alternate',
      content: LOCALE_TAGS[l].replace('-', '_'),
    })),
    { name: 'twitter:card', content: 'summary' },
  ];
  const pathname = args.location?.pathname;
  const origin = root.origin;
  if (pathname && origin && isLocale(pathname.split('/')[1])) {
    const canonical = absoluteUrl(origin, pathname);
    descriptors.push(
      { tagName: 'link', rel: 'canonical', href: canonical },
      { property: 'og:url', content: canonical },
      ...LOCALES.map((l) => ({
        tagName: 'link' as const,
        rel: 'alternate',
        hrefLang: l,
        href: absoluteUrl(origin, switchLocaleInPath(pathname, l)),
      })),
      {
        tagName: 'link',
        rel: 'alternate',
        hrefLang: 'x-default',
        href: absoluteUrl(origin, switchLocaleInPath(pathname, 'en')),
      },
    );
  }
  return descriptors;
}

/** An error page's title: a message, or a status text given by the error ("Bad Request"). */
export type ErrorTitle = { key: MessageKey; values?: Record<string, string | number> } | { text: string };

/**
 * The title of an error page (404, 500, a search that cannot be shown): "{title} — Parvoz" in the page's
 * language, and noindex. Without the root's data (it failed itself) the site's name alone.
 */
export function errorMeta(args: MetaArgsLike, heading: ErrorTitle): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  const robots = { name: 'robots', content: 'noindex' };
  if (!root) return [{ title: 'Parvoz' }, robots];
  const intl = titleIntl(args, root);
  const text = 'text' in heading ? heading.text : intl.formatMessage({ id: heading.key }, heading.values);
  return [{ title: `${text} — ${intl.formatMessage({ id: 'app.name' })}` }, robots];
}

/** The heading the error page (components/ErrorPage.tsx) shows for an error, as its title. */
export function errorPageTitle(error: unknown): ErrorTitle {
  if (isRouteErrorResponse(error) && error.status === 404) return { key: 'error.notFound.title' };
  if (isRouteErrorResponse(error) && error.statusText) return { text: error.statusText };
  return { key: 'error.generic.title' };
}
