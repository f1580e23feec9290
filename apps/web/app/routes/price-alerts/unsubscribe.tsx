import { useSearchParams } from 'react-router';
import type { Route } from './+types/unsubscribe';
import { pageMeta } from '../../lib/meta.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { AlertLinkView } from '../../features/price-alerts/AlertLinkView.tsx';
import { alertLinkAction } from '../../features/price-alerts/link-action.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'priceAlert.unsubscribe.heading');

/** The link in every alert email: the button ends the alert, no sign-in needed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return alertLinkAction(context.get(requestStateContext).api, request, params.lang, 'unsubscribe');
}

export default function PriceAlertUnsubscribe({ actionData }: Route.ComponentProps) {
  const [query] = useSearchParams();
  return <AlertLinkView page="unsubscribe" token={query.get('token') ?? ''} result={actionData} />;
}
