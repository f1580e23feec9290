import { redirect } from 'react-router';
import type { EndpointDefinition, EndpointInput, EndpointOutput } from '@parvoz/contracts/endpoint';
import { ApiError } from '../../lib/api.server.ts';
import { fetchApiFile } from '../../lib/api-file.server.ts';
import { callEndpoint, type CallOptions } from '../../lib/endpoint-client.server.ts';
import type { RequestState } from '../../lib/request-context.server.ts';

/** The not-found page: what anyone without a console role sees of every console page (docs/after-sale.md §5). */
export const consoleNotFound = () => new Response(null, { status: 404, statusText: 'Not Found' });

/** The console's second-factor page (docs/decisions/0023-console-second-factor.md): verify, enrol, manage factors and recovery codes. */
export const securityPath = (state: RequestState) => `/${state.locale}/ops/security`;

/**
 * Calls a console endpoint (packages/contracts/src/ops-endpoints.ts; /v1/ops answers 404 to anyone without
 * a role) as the signed-in visitor, by its contract like `callEndpoint`; its 401/404 become the page's 404,
 * so the console shows nothing more than the API does, and its `second_factor_required` a redirect to the
 * second-factor page.
 */
export async function opsCall<const E extends EndpointDefinition & { access: 'staff' }>(
  state: RequestState,
  definition: E,
  input: EndpointInput<E> & CallOptions,
): Promise<EndpointOutput<E>> {
  if (!state.token) throw consoleNotFound();
  try {
    return await callEndpoint(state.api, definition, input);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) throw consoleNotFound();
    if (error instanceof ApiError && error.code === 'second_factor_required')
      throw redirect(securityPath(state));
    throw error;
  }
}

/**
 * A console CSV (`path`, with its query) from the API as the signed-in member of staff, for a download proxied
 * through the site (the browser never holds the token in script). As on every console page, no session, an ended
 * one (forgotten) or no role is the site's 404; any other answer is the caller's to read.
 */
export async function fetchConsoleCsv(
  request: Request,
  state: RequestState,
  path: string,
): Promise<Response> {
  if (!state.token) throw consoleNotFound();
  const answer = await fetchApiFile(
    request,
    path,
    { authorization: `Bearer ${state.token}`, accept: 'text/csv', 'x-request-id': state.requestId },
    60_000,
  );
  if (answer.status === 401) state.clearToken = true;
  if (answer.status === 401 || answer.status === 404) {
    await answer.body?.cancel();
    throw consoleNotFound();
  }
  return answer;
}
