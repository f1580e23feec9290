import type { Route } from './+types/unsubscribe';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { alertLinkAction } from '../../features/price-alerts/link-action.server.ts';

/** The link in every alert email: the button ends the alert, no sign-in needed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return alertLinkAction(context.get(requestStateContext).api, request, params.lang, 'unsubscribe');
}
