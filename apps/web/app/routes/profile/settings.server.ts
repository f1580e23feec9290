import { data } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import { endpoints } from '@parvoz/contracts/endpoints';
import { profileSettingsFormSchema } from '@parvoz/contracts/settings';
import type { Route } from './+types/settings';
import { currencyCookie, langCookie } from '../../lib/cookies.server.ts';
import { redirectWithToast } from '../../lib/toast.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { runGuards } from '../../lib/guards.server.ts';
import { apiFieldErrors, parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  await runGuards(context, 'auth');
  return null;
}

/** Saves language and currency to the profile and applies them at once (cookies + the new language's URL). */
export async function action({ request, context }: Route.ActionArgs) {
  await runGuards(context, 'auth');
  // The schema the browser checks with too; the API's refusal lands on the fields by path.
  const submission = parseForm(await request.formData(), profileSettingsFormSchema);
  const refuse = (reply: SubmissionResult) =>
    data<{ submission: SubmissionResult }>({ submission: reply }, { status: 400 });
  if (submission.status !== 'success') return refuse(submission.reply());
  const { language, currency } = submission.value;
  try {
    await callEndpoint(context.get(requestStateContext).api, endpoints.updateMe, {
      body: { language, currency },
    });
  } catch (error) {
    const fieldErrors = apiFieldErrors(error);
    if (fieldErrors) return refuse(replyWithFieldErrors(submission, fieldErrors));
    throw error;
  }
  const headers = new Headers();
  headers.append('Set-Cookie', langCookie(language));
  headers.append('Set-Cookie', currencyCookie(currency));
  const lang = language ?? context.get(requestStateContext).locale;
  return redirectWithToast(
    `/${lang}/profile/settings`,
    { type: 'success', key: 'settings.saved' },
    { headers },
  );
}
