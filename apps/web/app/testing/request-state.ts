import type { ApiClient } from '../lib/api.server.ts';
import { requestLog } from '../lib/log.server.ts';
import type { RequestState } from '../lib/request-context.server.ts';

/** A request's state as the root middleware makes it (lib/request-context.server.ts), with the API client given. */
export function testRequestState(api: ApiClient, state: Partial<RequestState> = {}): RequestState {
  return {
    locale: 'en',
    currency: 'USD',
    token: null,
    clearToken: false,
    requestId: 'test',
    log: requestLog('test'),
    visitorId: 'v'.repeat(43),
    newVisitor: false,
    incomplete: false,
    api,
    ...state,
  };
}
