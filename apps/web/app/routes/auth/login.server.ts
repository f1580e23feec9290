import { loginFormSchema } from '@parvoz/contracts/auth';
import { endpoints } from '@parvoz/contracts/endpoints';
import { localPathSchema } from '@parvoz/contracts/settings';
import { isCurrency } from '@parvoz/i18n/currency';
import { isLocale, switchLocaleInPath, type Locale } from '@parvoz/i18n/locales';
import { data, redirect } from 'react-router';
import type { LoginActionData } from '../../features/auth/login-result.ts';
import { ApiError } from '../../lib/api.server.ts';
import { currencyCookie, langCookie, tokenCookie } from '../../lib/cookies.server.ts';
import { callEndpoint, refusalOf } from '../../lib/endpoint-client.server.ts';
import { apiFieldErrors, parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import type { RequestState } from '../../lib/request-context.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { loadCurrentUserOnce } from '../../lib/user.server.ts';
import type { Route } from './+types/login';

/** The sign-in page (works without JavaScript); a signed-in visitor goes straight on. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const returnTo = localPathSchema.safeParse(new URL(request.url).searchParams.get('returnTo') ?? undefined);
  if (state.token && (await loadCurrentUserOnce(state))) {
    throw redirect(returnTo.success && returnTo.data ? returnTo.data : `/${params.lang}/profile`);
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context.get(requestStateContext));
}

const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

function retryAfterSeconds(error: ApiError): number {
  const value = Number(error.response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : 60;
}

/** Where to go after sign-in: a same-site path, else the profile. */
function target(lang: Locale, returnTo: string | undefined): string {
  return returnTo && !returnTo.startsWith(`/${lang}/login`) ? returnTo : `/${lang}/profile`;
}

/**
 * The sign-in steps for the dialog and the page (same schema as the API, from packages/contracts):
 * `send` asks the API to email a code, `verify` signs in, keeps the token in the HttpOnly cookie and
 * redirects; `restart` goes back to the email step. Refusals come back as data with a status.
 */
export async function loginAction(request: Request, state: RequestState) {
  const lang: Locale = state.locale;
  const formData = await request.formData();
  const form = Object.fromEntries(formData);
  const email = typeof form.email === 'string' ? form.email.slice(0, 254) : '';
  if (form.intent === 'restart') return data<LoginActionData>({ step: 'email', email });
  // The schema the browser checks with too (Conform's parseWithZod): errors land on their fields.
  const submission = parseForm(formData, loginFormSchema);
  if (submission.status !== 'success') {
    const step = form.intent === 'verify' ? 'code' : 'email';
    return data<LoginActionData>({ step, email, submission: submission.reply() }, { status: 400 });
  }
  const input = submission.value;
  // The API's 400 details by path; on the code step the email is a hidden field, so all land on the code.
  const fieldErrors = (error: ApiError, step: 'email' | 'code') =>
    replyWithFieldErrors(
      submission,
      apiFieldErrors(error, step === 'code' ? () => 'code' : undefined) ?? { [step]: ['invalid'] },
    );
  if (input.intent === 'send') {
    try {
      await callEndpoint(state.api, endpoints.requestSignInCode, { body: { email: input.email, lang } });
      return data<LoginActionData>({ step: 'code', email: input.email });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        const retryAfter = retryAfterSeconds(error);
        return data<LoginActionData>(
          // A resend refused: stay on the code step, the earlier code still works.
          {
            step: form.step === 'email' ? 'email' : 'code',
            email: input.email,
            error: 'rate_limited',
            retryAfter,
          },
          { status: 429, headers: { 'Retry-After': String(retryAfter) } },
        );
      }
      if (error instanceof ApiError && error.status === 400) {
        return data<LoginActionData>(
          { step: 'email', email, submission: fieldErrors(error, 'email') },
          { status: 400 },
        );
      }
      state.log.error({ err: error }, 'send code failed');
      return data<LoginActionData>({ step: 'email', email, error: 'generic' }, { status: 503 });
    }
  }

  try {
    const body = await callEndpoint(state.api, endpoints.verifySignInCode, {
      body: { email: input.email, code: input.code, lang },
    });
    const headers = new Headers();
    headers.append('Set-Cookie', tokenCookie(body.data.token, SESSION_MAX_AGE_SECONDS));
    // The profile's language and currency apply at once (spec §2 settings).
    const saved = body.data.user.userDetail;
    let destination = target(lang, input.returnTo);
    if (saved?.currency && isCurrency(saved.currency))
      headers.append('Set-Cookie', currencyCookie(saved.currency));
    if (saved?.language && isLocale(saved.language)) {
      headers.append('Set-Cookie', langCookie(saved.language));
      destination = switchLocaleInPath(destination, saved.language);
    }
    return redirect(destination, { headers });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      // The contract's reasons (packages/contracts/src/auth.ts); a refusal it does not list reads as wrong.
      const refused = refusalOf(error, endpoints.verifySignInCode);
      const details = refused?.code === 'invalid_code' ? refused.details : undefined;
      return data<LoginActionData>(
        {
          step: 'code',
          email: input.email,
          error: details?.reason ?? 'wrong',
          attemptsLeft: details?.reason === 'wrong' ? details.attempts_left : 0,
        },
        { status: 422 },
      );
    }
    if (error instanceof ApiError && error.status === 400) {
      return data<LoginActionData>(
        { step: 'code', email: input.email, submission: fieldErrors(error, 'code') },
        { status: 400 },
      );
    }
    if (error instanceof ApiError && error.status === 429) {
      // Too many codes checked from this network (docs/operations.md#sign-in-abuse-limits): the code itself
      // may still be good later.
      const retryAfter = retryAfterSeconds(error);
      return data<LoginActionData>(
        { step: 'code', email: input.email, error: 'rate_limited', retryAfter },
        { status: 429, headers: { 'Retry-After': String(retryAfter) } },
      );
    }
    state.log.error({ err: error }, 'verify failed');
    return data<LoginActionData>({ step: 'code', email: input.email, error: 'generic' }, { status: 503 });
  }
}
