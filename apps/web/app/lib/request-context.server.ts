import { createContext } from 'react-router';
import { CLIENT_IP_HEADER, createApiClient, INTERNAL_TOKEN_HEADER, type ApiClient } from './api.server.ts';
import { randomBytes } from 'node:crypto';
import { VISITOR_COOKIE, VISITOR_ID_PATTERN } from '@parvoz/contracts/visitor';
import { readCookies, TOKEN_COOKIE } from './cookies.server.ts';
import { webConfig } from './config.server.ts';
import { requestLog } from './log.server.ts';
import type { Logger } from 'pino';
import { isLocale, negotiateLocale, type Locale } from '@parvoz/i18n/locales';
import { DEFAULT_CURRENCY_BY_LOCALE, isCurrency, type Currency } from '@parvoz/i18n/currency';

/** Per-request state shared by the root middleware and every loader/action. */
export type RequestState = {
  /**
   * The page's language, read once per request: the path's `/{lang}` when it has one, else the visitor's
   * choice (cookie, then Accept-Language). Loaders and actions read it here instead of parsing `params.lang`.
   */
  locale: Locale;
  /** The display currency: the visitor's choice (cookie), else the language's default. */
  currency: Currency;
  api: ApiClient;
  token: string | null;
  /** Set when the API answered 401: the middleware then clears the token cookie (spec §4, §8). */
  clearToken: boolean;
  requestId: string;
  /** This request's log (pino, with its request id). */
  log: Logger;
  /**
   * The anonymous visitor's id (docs/operations.md#idempotency-keys-per-caller): from its cookie, else new
   * (then `newVisitor`, and the middleware sets the cookie); API calls carry it only when it came from the
   * cookie.
   */
  visitorId: string;
  newVisitor: boolean;
  /** Set when the root loader handed the toast cookie's message to the page: the middleware clears it. */
  toastTaken?: boolean;
  /**
   * Set by a loader whose page lacks a part it could not load (the API did not answer): the root middleware
   * then marks the answer so that the host's page cache does not keep it for others (server.ts).
   */
  incomplete: boolean;
};

export const requestStateContext = createContext<RequestState>();

export function createRequestState(
  request: Request,
  params: Readonly<Record<string, string | undefined>> = {},
): RequestState {
  const cookies = readCookies(request);
  const locale: Locale = isLocale(params.lang)
    ? params.lang
    : negotiateLocale(cookies.lang, request.headers.get('accept-language'));
  const token = cookies[TOKEN_COOKIE] || null;
  const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
  const known = cookies[VISITOR_COOKIE];
  const newVisitor = !(known && VISITOR_ID_PATTERN.test(known));
  const visitorId = newVisitor ? randomBytes(32).toString('base64url') : known!;
  // A new id is named to the API only once the browser sends it back: two posts of one form that both come
  // without the cookie (a double click on the first visit, cookies off) must stay one caller (the client IP).
  const apiVisitorId = newVisitor ? null : visitorId;
  const state: RequestState = {
    locale,
    currency: isCurrency(cookies.currency) ? cookies.currency : DEFAULT_CURRENCY_BY_LOCALE[locale],
    token,
    clearToken: false,
    requestId,
    log: requestLog(requestId),
    visitorId,
    newVisitor,
    incomplete: false,
    api: createApiClient({
      baseUrl: webConfig.apiUrl,
      anonymousToken: webConfig.anonymousToken,
      token,
      requestId,
      // Both set by server.ts on every page request, over whatever the visitor sent under those names.
      clientIp: request.headers.get(CLIENT_IP_HEADER),
      internalToken: request.headers.get(INTERNAL_TOKEN_HEADER),
      visitorId: apiVisitorId,
      onUnauthorized: () => {
        state.clearToken = true;
      },
    }),
  };
  return state;
}
