import { endpoints } from '@parvoz/contracts/endpoints';
import { priceAlertDeleteFormSchema } from '@parvoz/contracts/price-alerts';
import type { Route } from './+types/price-alerts';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { redirectWithToast } from '../../lib/toast.server.ts';
import { runGuards } from '../../lib/guards.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';

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
