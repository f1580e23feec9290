import type { Route } from './+types/robots';
import { siteOrigin } from '../../lib/origin.server.ts';
import { DISALLOWED_PATHS } from '../../features/info/public-pages.ts';

/** robots.txt: everything public may be crawled except personal pages and the API; where the sitemap is. */
export function loader({ request }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
