import { useNavigation } from 'react-router';
import type { PriceAlert } from '@parvoz/contracts/price-alerts';
import type { Route } from './+types/price-alerts';
import { RemoveItemButton } from '../../components/PostButton.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useMoney } from '../../lib/use-money.ts';
import { routeOf, SeeFlightsLink, useTripText } from '../../features/price-alerts/AlertSummary.tsx';
import { useInstantFormat } from '../../lib/use-instant-format.ts';
import { PriceHistoryChart } from '../../features/price-alerts/PriceHistoryChart.tsx';

export { loader, action } from './price-alerts.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'profile.nav.priceAlerts');

function AlertItem({ alert }: { alert: PriceAlert }) {
  const t = useT();
  const { locale } = useRootData();
  const instant = useInstantFormat(locale);
  const money = useMoney();
  const trip = useTripText();
  const busy = useNavigation().formData?.get('id') === alert.id;
  const route = routeOf(alert);
  return (
    <li className="grid gap-2 rounded border border-neutral-200 bg-white p-4" data-testid="price-alert-item">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">{route}</h2>
        <span
          className={`rounded px-2 py-0.5 text-sm ${alert.status === 'active' ? 'bg-green-50 text-green-900' : 'bg-amber-50 text-amber-950'}`}
        >
          {alert.status === 'active' ? t('priceAlert.status.active') : t('priceAlert.status.pending')}
        </span>
      </div>
      <p className="text-sm text-neutral-700">{trip(alert)}</p>
      <p className="text-sm">
        {t('priceAlert.profile.reference', { price: money(alert.reference_amount, alert.currency) })}
      </p>
      {alert.last_amount !== null && alert.last_checked_at ? (
        <p className="text-sm">
          {t('priceAlert.profile.latest', {
            price: money(alert.last_amount, alert.currency),
            time: instant(alert.last_checked_at),
          })}
        </p>
      ) : null}
      <PriceHistoryChart alert={alert} />
      <div className="flex flex-wrap items-center gap-4">
        <SeeFlightsLink alert={alert} />
        <RemoveItemButton
          intent="delete"
          fields={{ id: alert.id }}
          busy={busy}
          label={t('priceAlert.profile.delete', { route })}
        >
          {t('priceAlert.profile.deleteButton')}
        </RemoveItemButton>
      </div>
    </li>
  );
}

export default function ProfilePriceAlerts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { user } = useRootData();
  const { alerts } = loaderData;

  return (
    <>
      <PageHeading>{t('profile.nav.priceAlerts')}</PageHeading>
      {alerts.length === 0 ? (
        <p className="text-neutral-700">{t('priceAlert.profile.empty')}</p>
      ) : (
        <div className="grid gap-4">
          <p className="text-neutral-700">{t('priceAlert.profile.lead', { email: user?.email ?? '' })}</p>
          <ul className="grid gap-3">
            {alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} />
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
