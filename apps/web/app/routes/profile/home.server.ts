import { data } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import { personalDataFormSchema } from '@parvoz/contracts/profile';
import { endpoints } from '@parvoz/contracts/endpoints';
import { travellerInputSchema } from '@parvoz/contracts/travellers';
import type { Route } from './+types/home';
import { apiFieldErrors, parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import { redirectWithToast } from '../../lib/toast.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { runGuards } from '../../lib/guards.server.ts';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  await runGuards(context, 'auth');
  const { api } = context.get(requestStateContext);
  const [me, travellers] = await Promise.all([
    callEndpoint(api, endpoints.getMe, { query: { include: 'userDetail' } }),
    callEndpoint(api, endpoints.listTravellers, {}),
  ]);
  return { user: me.data, travellers: travellers.data };
}

export type ProfileActionData =
  | { intent: 'personal'; ok: false; submission: SubmissionResult }
  | { intent: 'traveller'; ok: false; id: string | null; submission: SubmissionResult };

/** Personal data and saved travellers: one action, by `intent`; each validated with the API's schema. */
export async function action({ request, params, context }: Route.ActionArgs) {
  await runGuards(context, 'auth');
  const { api } = context.get(requestStateContext);
  const formData = await request.formData();
  const form = Object.fromEntries(formData);
  const here = `/${params.lang}/profile`;
  // The personal data form: Conform with the contract's schema (the browser checks with it too).
  const personal = form.intent === 'personal' ? parseForm(formData, personalDataFormSchema) : null;
  const traveller = form.intent === 'traveller-save' ? parseForm(formData, travellerInputSchema) : null;
  const id = typeof form.id === 'string' && /^[0-9a-f-]{36}$/i.test(form.id) ? form.id : null;
  try {
    if (personal) {
      if (personal.status !== 'success') {
        return data<ProfileActionData>(
          { intent: 'personal', ok: false, submission: personal.reply() },
          { status: 400 },
        );
      }
      await callEndpoint(api, endpoints.updateMe, { body: personal.value });
      return redirectWithToast(here, { type: 'success', key: 'profile.saved' });
    }
    if (form.intent === 'traveller-delete' && id) {
      await callEndpoint(api, endpoints.deleteTraveller, { params: { id } });
      return redirectWithToast(here, { type: 'success', key: 'travellers.deleted' });
    }
    if (traveller) {
      if (traveller.status !== 'success') {
        return data<ProfileActionData>(
          { intent: 'traveller', ok: false, id, submission: traveller.reply() },
          { status: 400 },
        );
      }
      if (id) await callEndpoint(api, endpoints.updateTraveller, { params: { id }, body: traveller.value });
      else await callEndpoint(api, endpoints.createTraveller, { body: traveller.value });
      return redirectWithToast(here, { type: 'success', key: 'travellers.saved' });
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(null, { status: 404 });
    if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
      // The API's field errors by path; one without details is the phone's (the API checks it further).
      return personal?.status === 'success'
        ? data<ProfileActionData>(
            {
              intent: 'personal',
              ok: false,
              submission: replyWithFieldErrors(personal, apiFieldErrors(error) ?? { phone: ['invalid'] }),
            },
            { status: 400 },
          )
        : traveller?.status === 'success'
          ? data<ProfileActionData>(
              {
                intent: 'traveller',
                ok: false,
                id,
                submission: replyWithFieldErrors(traveller, apiFieldErrors(error) ?? { '': ['invalid'] }),
              },
              { status: 400 },
            )
          : data<ProfileActionData>(
              {
                intent: 'traveller',
                ok: false,
                id,
                submission: { status: 'error', error: { '': ['invalid'] } },
              },
              { status: 400 },
            );
    }
    throw error;
  }
  throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
}
