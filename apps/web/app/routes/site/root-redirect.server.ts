import { redirect } from 'react-router';
import { negotiateLocale } from '@parvoz/i18n/locales';
import type { Route } from './+types/root-redirect';
import { readCookies } from '../../lib/cookies.server.ts';

/** "/" goes to the language from the lang cookie, else Accept-Language, else en (docs/design.md §6). */
export function loader({ request }: Route.LoaderArgs) {
  const locale = negotiateLocale(readCookies(request).lang, request.headers.get('accept-language'));
  const url = new URL(request.url);
  throw redirect(`/${locale}${url.search}`, { headers: { Vary: 'Cookie, Accept-Language' } });
}
