import { ApiError, type SendOptions } from '../../lib/api.server.ts';
import type { RequestState } from '../../lib/request-context.server.ts';

/** The not-found page: what anyone without a console role sees of every console page (issue 13 §5). */
export const consoleNotFound = () => new Response(null, { status: 404, statusText: 'Not Found' });

/**
 * Calls the console API (/v1/ops, which answers 404 to anyone without a role) as the signed-in visitor;
 * its 401/404 become the page's 404, so the console shows nothing more than the API does.
 */
export async function opsCall<T>(
  state: RequestState,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  options: SendOptions = {},
): Promise<T> {
  if (!state.token) throw consoleNotFound();
  try {
    return await state.api[method]<T>(`/v1/ops${path}`, options);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) throw consoleNotFound();
    throw error;
  }
}

export type OpsMe = { email: string; role: 'operator' | 'admin' };
