import { data } from 'react-router';
import { isLocale } from '@parvoz/i18n/locales';
import type { Route } from './+types/lang-layout';
import { langCookie, readCookies } from '../../lib/cookies.server.ts';
import { redirectOrNotFound } from '../../lib/not-found.server.ts';

/** Every page lives under /{lang}; an unknown prefix is a 404. Visiting a language remembers it for 365 days. */
export function loader({ request, params }: Route.LoaderArgs) {
  if (!isLocale(params.lang)) redirectOrNotFound(request);
  const headers = new Headers();
  if (readCookies(request).lang !== params.lang) headers.append('Set-Cookie', langCookie(params.lang));
  return data({ lang: params.lang }, { headers });
}
