import { serialize } from 'cookie';
import { parseCookies } from '@parvoz/contracts/cookies';
import { webConfig } from './config.server.ts';

/**
 * The secret access link of an order (`/{lang}/orders/{id}?access_token=…`) is traded for an HttpOnly cookie
 * on first use, and the page redirects to the address without the token: the secret then stays out of the
 * address bar, the history, bookmarks, shared screenshots and Referer headers, the language switcher and
 * every later request (pay, e-ticket download) keep working, and page scripts can never read it.
 * One cookie per order (`order_<id>`), 30 days, SameSite=Lax, Secure over HTTPS.
 */
export const ORDER_ACCESS_MAX_AGE_SECONDS = 30 * 24 * 3600;
const ORDER_ID = /^ord_[A-Za-z0-9_-]{20,40}$/;
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

export function isOrderId(id: string | undefined): id is string {
  return typeof id === 'string' && ORDER_ID.test(id);
}

export function orderAccessCookieName(orderId: string): string {
  return `order_${orderId}`;
}

/** The order's access token from its cookie, or null. */
export function readOrderAccess(request: Request, orderId: string): string | null {
  const value = parseCookies(request.headers.get('cookie'))[orderAccessCookieName(orderId)];
  return value && TOKEN.test(value) ? value : null;
}

export function isAccessToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

export function orderAccessCookie(orderId: string, token: string): string {
  return serialize(orderAccessCookieName(orderId), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: webConfig.secureCookies,
    maxAge: ORDER_ACCESS_MAX_AGE_SECONDS,
  });
}
