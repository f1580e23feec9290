import { useSearchParams } from 'react-router';
import type { Route } from './+types/unsubscribe';
import { pageMeta } from '../../lib/meta.ts';
import { AlertLinkView } from '../../features/price-alerts/AlertLinkView.tsx';

export { action } from './unsubscribe.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'priceAlert.unsubscribe.heading');

export default function PriceAlertUnsubscribe({ actionData }: Route.ComponentProps) {
  const [query] = useSearchParams();
  return <AlertLinkView page="unsubscribe" token={query.get('token') ?? ''} result={actionData} />;
}
