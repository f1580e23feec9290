import { redirect } from 'react-router';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Route } from './+types/logout';
import { clearTokenCookie } from '../../lib/cookies.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';

/** Logs out: ends the session on the server, clears the token cookie, goes home (spec §4). */
export async function action({ context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  if (state.token) {
    try {
      await callEndpoint(state.api, endpoints.logout, {});
    } catch (error) {
      // The cookie is cleared anyway; a session the API could not end expires on its own.
      state.log.warn({ err: error }, 'logout failed');
    }
  }
  return redirect(`/${state.locale}`, { headers: { 'Set-Cookie': clearTokenCookie() } });
}

export function loader({ context }: Route.LoaderArgs) {
  return redirect(`/${context.get(requestStateContext).locale}/profile`);
}
