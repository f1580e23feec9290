import type { Route } from './+types/confirm';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { alertLinkAction } from '../../features/price-alerts/link-action.server.ts';

/** The first email's link (double opt-in): the button turns the alert on. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return alertLinkAction(context.get(requestStateContext).api, request, params.lang, 'confirm');
}
