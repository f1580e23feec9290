/**
 * Where the visitor last searched from, so the home page can show popular destinations from that city. A
 * cookie rather than local storage (where the recent searches live): the home page is rendered on the server,
 * which reads it. It holds only a place code ("TAS"), set by the results page in the browser.
 */
export const LAST_ORIGIN_COOKIE = 'last_origin';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const PLACE_CODE = /^[A-Z]{3}$/;

/** The code from the cookies, or null when there is none or it is no place code. */
export function lastOrigin(cookies: Record<string, string | undefined>): string | null {
  const code = cookies[LAST_ORIGIN_COOKIE];
  return code !== undefined && PLACE_CODE.test(code) ? code : null;
}

/** Remembers a searched origin (in the browser; nothing to do where cookies are blocked). */
export function rememberOrigin(code: string): void {
  if (typeof document === 'undefined' || !PLACE_CODE.test(code)) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LAST_ORIGIN_COOKIE}=${code}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}
