import { useSearchParams } from 'react-router';
import type { Route } from './+types/confirm';
import { pageMeta } from '../../lib/meta.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { AlertLinkView } from '../../features/price-alerts/AlertLinkView.tsx';
import { alertLinkAction } from '../../features/price-alerts/link-action.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'priceAlert.confirm.heading');

/** The first email's link (double opt-in): the button turns the alert on. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return alertLinkAction(context.get(requestStateContext).api, request, params.lang, 'confirm');
}

export default function PriceAlertConfirm({ actionData }: Route.ComponentProps) {
  const [query] = useSearchParams();
  return <AlertLinkView page="confirm" token={query.get('token') ?? ''} result={actionData} />;
}
