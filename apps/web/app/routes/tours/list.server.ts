import type { Route } from './+types/list';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { loadToursPage } from '../../features/info/tours.server.ts';

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadToursPage(request, params.lang, context.get(requestStateContext));
}
