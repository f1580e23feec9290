import type { HeadersArgs } from 'react-router';
import { readCookies, TOKEN_COOKIE } from './cookies.server.ts';

/**
 * Cache headers of a public page whose content is the same for every visitor of a language (information
 * pages, tours): browsers and shared caches may keep it for `maxAgeSeconds`. The shell around it still
 * depends on cookies (signed-in header, currency), so the answer varies by Cookie, and a signed-in
 * visitor's page is never stored by a shared cache. A first visit also gets the language cookie of the URL's
 * language (`lang=ru` on /ru/…): the same for everyone, so a shared copy carrying it does no harm.
 * The HTML document itself carries a per-request CSP nonce, so the host turns its `public` into `private`
 * (apps/host/src/security.ts): browsers may keep it, shared caches may not.
 */
export function publicPageHeaders(request: Request, maxAgeSeconds: number): Headers {
  const headers = new Headers({ Vary: 'Cookie' });
  const signedIn = Boolean(readCookies(request)[TOKEN_COOKIE]);
  headers.set(
    'Cache-Control',
    signedIn
      ? 'private, no-cache'
      : `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 10}`,
  );
  return headers;
}

/**
 * Whether a shared cache might keep this answer and hand it to others: any GET or HEAD whose
 * Cache-Control does not say `private` or `no-store` (an answer without one may be cached heuristically).
 * Such an answer must not set a per-visitor cookie.
 */
export function isSharedCacheable(request: Request, response: Response): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const cacheControl = (response.headers.get('Cache-Control') ?? '').toLowerCase();
  return !/(^|[\s,])(private|no-store)\b/.test(cacheControl);
}

/** Answers to a form post are never stored. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** A route's `headers`: the parent's (language cookie) plus the cache headers its loader or action chose. */
export function cachedPageHeaders({ loaderHeaders, actionHeaders, parentHeaders }: HeadersArgs): Headers {
  const merged = new Headers(parentHeaders);
  const source = actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders;
  for (const name of ['Cache-Control', 'Vary']) {
    const value = source.get(name);
    if (value) merged.set(name, value);
  }
  return merged;
}

/**
 * A personal page's `headers` (an order, a booking, the console's pages): never stored by any cache; the
 * parent's headers (the language cookie) are kept.
 */
export function personalPageHeaders({ parentHeaders }: Pick<HeadersArgs, 'parentHeaders'>): Headers {
  const merged = new Headers(parentHeaders);
  merged.set('Cache-Control', 'private, no-store');
  return merged;
}
