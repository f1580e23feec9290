import { serialize, type SerializeOptions } from 'cookie';
import { parseCookies } from '@parvoz/contracts/cookies';
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE_SECONDS, type Locale } from '@parvoz/i18n/locales';
import { CURRENCY_COOKIE, type Currency } from '@parvoz/i18n/currency';
import { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_SECONDS } from '@parvoz/contracts/visitor';
import { webConfig } from './config.server.ts';

export const TOKEN_COOKIE = 'token';

/**
 * The request's cookies (values percent-decoded, a repeated name's first value), read by the parser the host's
 * page cache reads them with, so that a page is kept under the cookies it was rendered for
 * (docs/decisions/0018-page-cache.md).
 */
export function readCookies(request: Request): Record<string, string | undefined> {
  return parseCookies(request.headers.get('cookie'));
}

function baseOptions(): SerializeOptions {
  return { path: '/', sameSite: 'lax', secure: webConfig.secureCookies };
}

export function langCookie(locale: Locale): string {
  return serialize(LANG_COOKIE, locale, { ...baseOptions(), maxAge: LANG_COOKIE_MAX_AGE_SECONDS });
}

export function currencyCookie(currency: Currency): string {
  return serialize(CURRENCY_COOKIE, currency, { ...baseOptions(), maxAge: LANG_COOKIE_MAX_AGE_SECONDS });
}

/** The session token never reaches page scripts: HttpOnly, SameSite=Lax, Secure over HTTPS (docs/design.md §1). */
export function tokenCookie(token: string, maxAgeSeconds: number): string {
  return serialize(TOKEN_COOKIE, token, { ...baseOptions(), httpOnly: true, maxAge: maxAgeSeconds });
}

export function clearTokenCookie(): string {
  return serialize(TOKEN_COOKIE, '', { ...baseOptions(), httpOnly: true, maxAge: 0 });
}

/**
 * The anonymous visitor's random id (docs/operations.md#idempotency-keys-per-caller): only this server reads
 * it, so HttpOnly too.
 */
export function visitorCookie(visitorId: string): string {
  return serialize(VISITOR_COOKIE, visitorId, {
    ...baseOptions(),
    httpOnly: true,
    maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
  });
}
