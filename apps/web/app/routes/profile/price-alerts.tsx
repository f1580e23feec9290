import { useNavigation } from 'react-router';
import { endpoints } from '@parvoz/contracts/endpoints';
import { priceAlertDeleteFormSchema, type PriceAlert } from '@parvoz/contracts/price-alerts';
import type { Route } from './+types/price-alerts';
import { PostButton } from '../../components/PostButton.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { redirectWithToast } from '../../lib/toast.server.ts';
import { runGuards } from '../../lib/guards.server.ts';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { formatInstant } from '../../lib/local-time.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { useMoney } from '../../lib/use-money.ts';
import { routeOf, SeeFlightsLink, useTripText } from '../../features/price-alerts/AlertSummary.tsx';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'profile.nav.priceAlerts');

/** The signed-in traveller's price alerts: those of the account's email, its places named in the page's language. */
export async function loader({ context }: Route.LoaderArgs) {
  await runGuards(context, 'auth');
  const { api } = context.get(requestStateContext);
  const lang = context.get(requestStateContext).locale;
  const answer = await callEndpoint(api, endpoints.listPriceAlerts, { query: { lang } });
  return { alerts: answer.data };
}

/** Deletes one of them (a 404 from the API means it is gone already, or never was theirs: the same page). */
export async function action({ request, params, context }: Route.ActionArgs) {
  await runGuards(context, 'auth');
  const { api } = context.get(requestStateContext);
  // A button with hidden fields only: anything else is no form of this page.
  const submission = parseForm(await request.formData(), priceAlertDeleteFormSchema);
  if (submission.status !== 'success')
    throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
  try {
    await callEndpoint(api, endpoints.deletePriceAlert, { params: { id: submission.value.id } });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  // The toast is set here, on the server (also without JavaScript), and shown on the page it lands on.
  return redirectWithToast(`/${params.lang}/profile/price-alerts`, {
    type: 'success',
    key: 'priceAlert.profile.deleted',
  });
}

function AlertItem({ alert }: { alert: PriceAlert }) {
  const t = useT();
  const { locale } = useRootData();
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
            time: formatInstant(locale, alert.last_checked_at),
          })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <SeeFlightsLink alert={alert} />
        <PostButton
          intent="delete"
          fields={{ id: alert.id }}
          variant="outline"
          color="neutral"
          size="sm"
          disabled={busy}
          aria-label={t('priceAlert.profile.delete', { route })}
        >
          {t('priceAlert.profile.deleteButton')}
        </PostButton>
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
