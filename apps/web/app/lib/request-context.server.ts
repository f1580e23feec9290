import { createContext } from 'react-router';
import { CLIENT_IP_HEADER, createApiClient, INTERNAL_TOKEN_HEADER, type ApiClient } from './api.server.ts';
import { readCookies, TOKEN_COOKIE } from './cookies.server.ts';
import { webConfig } from './config.server.ts';

/** Per-request state shared by the root middleware and every loader/action. */
export type RequestState = {
  api: ApiClient;
  token: string | null;
  /** Set when the API answered 401: the middleware then clears the token cookie (spec §4, §8). */
  clearToken: boolean;
  requestId: string;
};

export const requestStateContext = createContext<RequestState>();

export function createRequestState(request: Request): RequestState {
  const token = readCookies(request)[TOKEN_COOKIE] || null;
  const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
  const state: RequestState = {
    token,
    clearToken: false,
    requestId,
    api: createApiClient({
      baseUrl: webConfig.apiUrl,
      anonymousToken: webConfig.anonymousToken,
      token,
      requestId,
      // Both set by server.ts on every page request, over whatever the visitor sent under those names.
      clientIp: request.headers.get(CLIENT_IP_HEADER),
      internalToken: request.headers.get(INTERNAL_TOKEN_HEADER),
      onUnauthorized: () => {
        state.clearToken = true;
      },
    }),
  };
  return state;
}
