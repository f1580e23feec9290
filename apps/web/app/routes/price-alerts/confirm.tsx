import { useSearchParams } from 'react-router';
import type { Route } from './+types/confirm';
import { pageMeta } from '../../lib/meta.ts';
import { AlertLinkView } from '../../features/price-alerts/AlertLinkView.tsx';

export { action } from './confirm.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'priceAlert.confirm.heading');

export default function PriceAlertConfirm({ actionData }: Route.ComponentProps) {
  const [query] = useSearchParams();
  return <AlertLinkView page="confirm" token={query.get('token') ?? ''} result={actionData} />;
}
