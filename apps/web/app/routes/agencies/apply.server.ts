import type { Route } from './+types/apply';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { agencyApplicationAction, loadAgenciesPage } from './apply-page.server.ts';

export function loader({ request, params }: Route.LoaderArgs) {
  return loadAgenciesPage(request, params.lang);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return agencyApplicationAction(request, params.lang, context.get(requestStateContext));
}
