import type { Route } from './+types/tour';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { loadTourPage, tourRequestAction } from '../../features/info/tours.server.ts';

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadTourPage(request, params, context.get(requestStateContext));
}

export function action({ request, params, context }: Route.ActionArgs) {
  return tourRequestAction(request, params, context.get(requestStateContext));
}
