import type { Route } from './+types/subscribe';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { PriceAlertForm } from '../../features/price-alerts/PriceAlertForm.tsx';

export { loader, action } from './subscribe.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'priceAlert.page.heading');

export default function PriceAlerts({ actionData }: Route.ComponentProps) {
  const t = useT();
  const { user } = useRootData();
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <PageHeading>{t('priceAlert.page.heading')}</PageHeading>
      {actionData?.segment ? (
        <>
          <PriceAlertForm
            segment={actionData.segment}
            defaultEmail={user?.email ?? ''}
            initial={actionData}
          />
          <LocalizedLink to={`/flight/${actionData.segment}`} className="text-primary-700 underline">
            {t('priceAlert.page.back')}
          </LocalizedLink>
        </>
      ) : (
        <p className="text-neutral-700">{t('priceAlert.page.lead')}</p>
      )}
    </div>
  );
}
