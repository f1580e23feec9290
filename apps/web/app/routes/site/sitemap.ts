import { endpoints } from '@parvoz/contracts/endpoints';
import { LOCALES } from '@parvoz/i18n/locales';
import type { Route } from './+types/sitemap';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { siteOrigin } from '../../lib/origin.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { PUBLIC_PATHS } from '../../features/info/public-pages.ts';

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Every public page in every language, each naming its other language versions (hreflang). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const state = context.get(requestStateContext);
  let tourPaths: string[] = [];
  let complete = true;
  try {
    const tours = await callEndpoint(state.api, endpoints.listTours, {
      query: { lang: 'en' },
      signal: request.signal,
    });
    tourPaths = tours.data.map((tour) => `/tours/${tour.slug}`);
  } catch (error) {
    complete = false;
    state.log.error({ err: error }, 'sitemap: tours unavailable');
  }
  const url = (lang: string, path: string) => escapeXml(`${origin}/${lang}${path}`);
  const entries = [...PUBLIC_PATHS, ...tourPaths].flatMap((path) =>
    LOCALES.map(
      (lang) =>
        `<url><loc>${url(lang, path)}</loc>${LOCALES.map(
          (other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${url(other, path)}"/>`,
        ).join('')}<xhtml:link rel="alternate" hreflang="x-default" href="${url('en', path)}"/></url>`,
    ),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
  return new Response(body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': complete ? 'public, max-age=3600' : 'public, max-age=60',
    },
  });
}
