import { endpoints } from '@parvoz/contracts/endpoints';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { isLocale } from '@parvoz/i18n/locales';
import type { Route } from './+types/places';
import { ApiError } from '../../lib/api.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';

/**
 * `GET /{lang}/search/places?q=` for the search form's from/to fields: the API's place autocomplete
 * (`/v1/places`) through the web server, so the browser needs no credential and no route to the API
 * (with PARVOZ_ROLE=web the API may live elsewhere). JSON `{ data: Place[] }`, cached briefly.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isLocale(params.lang)) return Response.json({ data: [] }, { status: 404 });
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100);
  if (q.trim() === '')
    return Response.json({ data: [] }, { headers: { 'Cache-Control': 'public, max-age=300' } });
  const { api } = context.get(requestStateContext);
  try {
    const answer = await callEndpoint(api, endpoints.searchPlaces, {
      query: { q, lang: params.lang, limit: 8 },
      signal: request.signal,
    });
    return Response.json(
      { data: answer.data },
      { headers: { 'Cache-Control': 'public, max-age=300', Vary: 'Accept-Encoding' } },
    );
  } catch (error) {
    const status = error instanceof ApiError && error.status === 429 ? 429 : 502;
    const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
    const retryAfter = error instanceof ApiError ? error.response.headers.get('retry-after') : null;
    if (retryAfter) headers['Retry-After'] = retryAfter;
    return Response.json({ data: [] }, { status, headers });
  }
}
