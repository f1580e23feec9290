import { data } from 'react-router';
import { isLocale } from '@parvoz/i18n/locales';
import { publicPageHeaders } from '../../lib/page-cache.server.ts';
import { INFO_PAGE_MAX_AGE_SECONDS, renderInfoPage } from './content.server.ts';
import { infoPageAt } from './content.ts';

/** The loader of an information page: its text in the page's language, cacheable by anyone. */
export function infoPageLoader(request: Request, lang: string | undefined) {
  const name = infoPageAt(new URL(request.url).pathname);
  if (!isLocale(lang) || !name) throw new Response(null, { status: 404, statusText: 'Not Found' });
  return data(
    { name, content: renderInfoPage(lang, name) },
    { headers: publicPageHeaders(request, INFO_PAGE_MAX_AGE_SECONDS) },
  );
}
