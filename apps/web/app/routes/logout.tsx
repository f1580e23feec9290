import { redirect } from 'react-router';
import { endpoints } from '@parvoz/contracts/endpoints';
import { isLocale } from '@parvoz/i18n/locales';
import type { Route } from './+types/logout';
import { clearTokenCookie } from '../lib/cookies.server.ts';
import { callEndpoint } from '../lib/endpoint-client.server.ts';
import { requestStateContext } from '../lib/request-context.server.ts';

/** Logs out: ends the session on the server, clears the token cookie, goes home (spec §4). */
export async function action({ params, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  if (state.token) {
    try {
      await callEndpoint(state.api, endpoints.logout, {});
    } catch (error) {
      // The cookie is cleared anyway; a session the API could not end expires on its own.
      state.log.warn({ err: error }, 'logout failed');
    }
  }
  const lang = isLocale(params.lang) ? params.lang : 'en';
  return redirect(`/${lang}`, { headers: { 'Set-Cookie': clearTokenCookie() } });
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/${isLocale(params.lang) ? params.lang : 'en'}/profile`);
}
