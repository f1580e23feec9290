import { data, redirect } from 'react-router';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { opsSecondFactorParamsSchema, factorNameSchema } from '@parvoz/contracts/ops-second-factor';
import type { Route } from './+types/security';
import type { MessageKey } from '../../lib/i18n.tsx';
import { ApiError } from '../../lib/api.server.ts';
import { refusalOf } from '../../lib/endpoint-client.server.ts';
import { requestStateContext, type RequestState } from '../../lib/request-context.server.ts';
import { opsCall } from '../../features/ops/ops-api.server.ts';
import { siteOrigin } from '../../lib/origin.server.ts';

/**
 * The console's second factor (docs/decisions/0023-console-second-factor.md): a session that has not passed it verifies here (passkey,
 * authenticator code, recovery code); an admin with none enrols the first; everyone manages their factors
 * and recovery codes. The layout sends a pending session here; the site's origin (`PUBLIC_URL`) says whether
 * passkeys can be offered at all.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await opsCall(context.get(requestStateContext), opsEndpoints.opsSecondFactor, {});
  return { state: answer.data, origin: siteOrigin(request) };
}

/** What an action hands back to the page. */
export type SecurityResult =
  | { kind: 'problem'; problem: MessageKey }
  | { kind: 'codes'; codes: string[]; added: boolean }
  /** An authenticator app being added: its QR code (not again after a wrong code: the key is still shown). */
  | { kind: 'setup'; secret: string; qrSvg: string | null; problem?: MessageKey }
  | { kind: 'removed' }
  | { kind: 'options'; options: Record<string, unknown> };

/** The page's endpoints (the second factor's steps), whose refusals it says in words. */
const SECURITY_ENDPOINTS = [
  opsEndpoints.opsVerifySecondFactor,
  opsEndpoints.opsPasskeyAuthenticationOptions,
  opsEndpoints.opsPasskeyRegistrationOptions,
  opsEndpoints.opsRegisterPasskey,
  opsEndpoints.opsTotpSetup,
  opsEndpoints.opsEnrolTotp,
  opsEndpoints.opsRemoveSecondFactor,
  opsEndpoints.opsRegenerateRecoveryCodes,
] as const;

/** The words of a refusal, by its reason (packages/contracts/src/ops-refusals.ts), else by its code. */
function problemWords(error: unknown): MessageKey | null {
  const refusal = refusalOf(error, ...SECURITY_ENDPOINTS);
  if (refusal?.code === 'unprocessable') {
    if (refusal.details.reason === 'challenge_expired') return 'ops.security.error.expired';
    if (refusal.details.reason === 'last_factor') return 'ops.security.error.lastFactor';
  }
  switch (refusal?.code) {
    case 'invalid_code':
      return 'ops.security.error.invalid';
    case 'rate_limited':
      return 'ops.security.error.rateLimited';
    case 'validation_failed':
      return 'ops.security.error.form';
    default:
      return null;
  }
}

/** A refusal of the API as the page says it (unknown ones are real faults and go on to the error page). */
function problemOf(error: unknown): SecurityResult | null {
  const key = problemWords(error);
  return key ? { kind: 'problem', problem: key } : null;
}

async function act(state: RequestState, form: FormData): Promise<SecurityResult | Response> {
  const text = (name: string) => String(form.get(name) ?? '');
  const json = (name: string) => JSON.parse(text(name)) as Record<string, unknown>;
  const name = factorNameSchema.safeParse(text('name'));
  const home = `/${state.locale}/ops`;
  switch (text('intent')) {
    case 'totp-verify':
    case 'recovery-verify': {
      const method = text('intent') === 'totp-verify' ? 'totp' : 'recovery_code';
      await opsCall(state, opsEndpoints.opsVerifySecondFactor, { body: { method, code: text('code') } });
      return redirect(home);
    }
    case 'passkey-auth-options':
      return {
        kind: 'options',
        options: (await opsCall(state, opsEndpoints.opsPasskeyAuthenticationOptions, {})).data.options,
      };
    case 'passkey-verify':
      await opsCall(state, opsEndpoints.opsVerifySecondFactor, {
        body: { method: 'passkey', response: json('response') },
      });
      return redirect(home);
    case 'passkey-register-options':
      return {
        kind: 'options',
        options: (await opsCall(state, opsEndpoints.opsPasskeyRegistrationOptions, {})).data.options,
      };
    case 'passkey-register': {
      if (!name.success) return { kind: 'problem', problem: 'ops.security.error.form' };
      const added = await opsCall(state, opsEndpoints.opsRegisterPasskey, {
        body: { name: name.data, response: json('response') },
      });
      return { kind: 'codes', codes: added.data.recovery_codes ?? [], added: true };
    }
    case 'totp-setup': {
      const setup = (await opsCall(state, opsEndpoints.opsTotpSetup, {})).data;
      return { kind: 'setup', secret: setup.secret, qrSvg: setup.qr_svg };
    }
    case 'totp-enrol': {
      if (!name.success) return { kind: 'problem', problem: 'ops.security.error.form' };
      try {
        const added = await opsCall(state, opsEndpoints.opsEnrolTotp, {
          body: { name: name.data, code: text('code') },
        });
        return { kind: 'codes', codes: added.data.recovery_codes ?? [], added: true };
      } catch (error) {
        // A mistyped code keeps the key the app was given (the API keeps it 5 minutes): type the next code.
        const secret = text('secret');
        if (error instanceof ApiError && error.code === 'invalid_code' && /^[A-Z2-7]{16,128}$/.test(secret))
          return { kind: 'setup', secret, qrSvg: null, problem: 'ops.security.error.invalid' };
        throw error;
      }
    }
    case 'remove': {
      const params = opsSecondFactorParamsSchema.safeParse({ id: text('id') });
      if (!params.success) return { kind: 'problem', problem: 'ops.security.error.form' };
      await opsCall(state, opsEndpoints.opsRemoveSecondFactor, { params: params.data });
      return { kind: 'removed' };
    }
    case 'regenerate':
      return {
        kind: 'codes',
        codes: (await opsCall(state, opsEndpoints.opsRegenerateRecoveryCodes, {})).data.recovery_codes,
        added: false,
      };
    default:
      throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const form = await request.formData();
  try {
    const result = await act(state, form);
    return result instanceof Response ? result : data<SecurityResult>(result);
  } catch (error) {
    if (error instanceof SyntaxError)
      return data<SecurityResult>({ kind: 'problem', problem: 'ops.security.error.form' }, 400);
    const problem = problemOf(error);
    if (problem) return data<SecurityResult>(problem, 422);
    throw error;
  }
}
