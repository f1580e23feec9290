import type { Route } from './+types/info-confidential';
import { pageMeta } from '../lib/meta.ts';
import { cachedPageHeaders } from '../lib/page-cache.server.ts';
import { INFO_PAGES } from '../features/info/content.ts';
import { InfoPage } from '../features/info/InfoPage.tsx';
import { infoPageLoader } from '../features/info/info-page.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, INFO_PAGES.confidential.heading, undefined, {
    descriptionKey: INFO_PAGES.confidential.description,
  });

export const headers = cachedPageHeaders;

export function loader({ request, params }: Route.LoaderArgs) {
  return infoPageLoader(request, params.lang, 'confidential');
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <InfoPage name="confidential" content={loaderData} />;
}
