/**
 * The one reader of Cookie headers, for the web app (every loader's and action's cookies,
 * apps/web/app/lib/cookies.server.ts) and the host's page cache (apps/host/src/page-cache.ts). Two readers
 * had disagreed: the cache read values raw and kept a repeated name's last value, the web app percent-decoded
 * them and kept the first, so `currency=%52UB` or `currency=RUB; currency=x` rendered a page in roubles that
 * the cache filed under "no currency cookie" and served to every first-time visitor
 * (docs/decisions/0018-page-cache.md). Both now read through jshttp's `cookie` (`parseCookie`).
 */
import { parseCookie } from 'cookie';

export type Cookies = Record<string, string | undefined>;

/** A header's cookies as the pages read them: each value percent-decoded, a repeated name's first value. */
export function parseCookies(header: string | null | undefined): Cookies {
  return parseCookie(header ?? '');
}

/**
 * Every `name=value` pair of a header in order, repeated names included, values as sent (not decoded): what
 * `parseCookies` reads, pair by pair (it splits at `;` too). The page cache keeps a page only for a header
 * whose pairs are canonical: one of each name, values exactly as the pages will read them.
 */
export function cookiePairs(header: string | null | undefined): Array<[name: string, value: string]> {
  const pairs: Array<[string, string]> = [];
  for (const part of (header ?? '').split(';')) {
    for (const [name, value] of Object.entries(parseCookie(part, { decode: (raw) => raw })))
      if (value !== undefined) pairs.push([name, value]);
  }
  return pairs;
}
