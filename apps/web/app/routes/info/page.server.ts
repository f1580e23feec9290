/** The loader of every information page (routes/info/page.tsx): its text by path. */
import type { Route } from './+types/page';
import { infoPageLoader } from './page-content.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';

export function loader({ request, params, context }: Route.LoaderArgs) {
  return infoPageLoader(request, params.lang, context.get(requestStateContext));
}
