import { matchRoutes } from 'react-router';
import { isLocale, type Locale } from '@parvoz/i18n/locales';
import type { ShippedMessages } from './shipped-messages.ts';
import { WORDS_NOT_LOADED } from './missing-words.ts';

/**
 * The messages of each language this process or page has, for root's intl object and the pages' titles. The
 * server keeps its whole catalogue here from the root loader; the browser loads a language's shell file
 * (shell-messages.server.ts `shellMessagesFile`) and the files of the routes it shows (`pageMessagesFile`)
 * before it hydrates a page, before it shows another route (root's clientMiddleware) and before it shows a page
 * in another language (root's clientLoader), so rendering reads them synchronously.
 */
const loaded = new Map<Locale, ShippedMessages>();
/** Per language, each route chunk with words of its own → its file's address (the shell file's `pages`). */
const pageFiles = new Map<Locale, Readonly<Record<string, string>>>();
/** A route's own words by language and route chunk. */
const pageLoaded = new Map<string, ShippedMessages>();
/** The merged catalogues handed out, one object per language and set of routes (intl objects key on it). */
const merged = new Map<string, ShippedMessages>();

/** The id of root's modulepreload link to the page's messages file, where the browser reads its address. */
export const SHELL_MESSAGES_LINK_ID = 'parvoz-messages';
/** The attribute of root's modulepreload links to the routes' own files: the route chunk they belong to. */
export const PAGE_MESSAGES_ATTRIBUTE = 'data-page-messages';

export function keepShellMessages(
  locale: Locale,
  messages: ShippedMessages,
  pages: Readonly<Record<string, string>> = {},
): void {
  loaded.set(locale, messages);
  pageFiles.set(locale, pages);
}

export function shellMessagesOf(locale: Locale): ShippedMessages {
  const messages = loaded.get(locale);
  if (!messages) throw new Error(`the ${locale} messages are not loaded`);
  return messages;
}

/** Loads a language's messages file once (the browser; its address comes from the server). */
export async function loadShellMessages(locale: Locale, url: string): Promise<void> {
  if (loaded.has(locale)) return;
  const module = (await import(/* @vite-ignore */ url)) as {
    default: ShippedMessages;
    pages?: Record<string, string>;
  };
  keepShellMessages(locale, module.default, module.pages);
}

/** The address of each route's own file among `chunks` (route chunks of the matched routes), in their order. */
export function pageMessagesUrls(locale: Locale, chunks: readonly string[]): Array<[string, string]> {
  const files = pageFiles.get(locale) ?? {};
  return chunks.flatMap((chunk) => (files[chunk] ? [[chunk, files[chunk]] as [string, string]] : []));
}

/** Loads a route's file from its address (the page's own links, before hydration: entry.client.tsx). */
export async function keepPageMessagesFile(locale: Locale, chunk: string, url: string): Promise<void> {
  const id = `${locale} ${chunk}`;
  if (pageLoaded.has(id)) return;
  const module = (await import(/* @vite-ignore */ url)) as { default: ShippedMessages };
  pageLoaded.set(id, module.default);
}

/** Loads the files of the routes whose chunks are given (those not loaded yet). */
export async function loadPageMessages(locale: Locale, chunks: readonly string[]): Promise<void> {
  await Promise.all(
    pageMessagesUrls(locale, chunks).map(([chunk, url]) => keepPageMessagesFile(locale, chunk, url)),
  );
}

/**
 * The words of a page made of the routes whose chunks are given: the shell's and each route's own. The same
 * object for the same words, so that root, the titles and a layout share one intl object.
 */
export function pageMessagesOf(locale: Locale, chunks: readonly string[]): ShippedMessages {
  const shell = shellMessagesOf(locale);
  // The server's catalogue is whole (root's loader keeps it): the routes' files are the browser's.
  if (typeof document === 'undefined') return shell;
  const own = pageMessagesUrls(locale, chunks);
  if (own.length === 0) return shell;
  const id = `${locale} ${own.map(([chunk]) => chunk).join(' ')}`;
  const known = merged.get(id);
  if (known) return known;
  const parts = own.map(([chunk]) => pageLoaded.get(`${locale} ${chunk}`));
  const made: ShippedMessages = Object.assign({}, shell, ...parts);
  // Reached only if a route was shown before its words loaded: its texts show as keys, until they do.
  if (parts.some((part) => !part)) console.error(`${WORDS_NOT_LOADED}: ${id}`);
  else merged.set(id, made);
  return made;
}

type BrowserRouter = {
  __reactRouterDataRouter?: { routes: Parameters<typeof matchRoutes>[0] };
  __reactRouterManifest?: { routes: Record<string, { module?: string } | undefined> };
};

/** The route chunks of route ids (React Router's manifest in the browser; none on the server). */
export function routeChunksOf(ids: readonly string[]): string[] {
  const manifest = (globalThis as BrowserRouter).__reactRouterManifest;
  return ids.flatMap((id) => manifest?.routes[id]?.module ?? []);
}

/**
 * Loads the words of the routes a browser navigation to `url` shows, in `locale` (by default the address's
 * language, if its shell file is here: a page in another language loads its own in root's clientLoader).
 */
export async function loadPageMessagesFor(url: URL, locale?: Locale): Promise<void> {
  const language = locale ?? url.pathname.split('/')[1];
  if (!isLocale(language) || !loaded.has(language)) return;
  const routes = (globalThis as BrowserRouter).__reactRouterDataRouter?.routes;
  const matches = routes ? (matchRoutes(routes, url.pathname) ?? []) : [];
  await loadPageMessages(language, routeChunksOf(matches.map((m) => m.route.id as string)));
}
