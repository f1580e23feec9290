import { data, redirect } from 'react-router';
import { z } from 'zod';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { opsSecondFactorParamsSchema, factorNameSchema } from '@parvoz/contracts/ops-second-factor';
import type { Route } from './+types/security';
import type { MessageKey } from '../../lib/i18n.tsx';
import { ApiError } from '../../lib/api.server.ts';
import { refusalOf } from '../../lib/endpoint-client.server.ts';
import { parseForm } from '../../lib/form.server.ts';
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

/** A field the API checks itself (a code: its refusal says whether the code was wrong or expired). */
const typed = z.string().max(4000).default('');
/** The browser's WebAuthn answer, posted as JSON text. */
const webAuthnJson = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), z.unknown()));

/** The page's forms, by their `intent`: each with the fields it posts. */
const securityFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.enum(['totp-verify', 'recovery-verify']), code: typed }),
  z.object({ intent: z.literal('passkey-verify'), response: webAuthnJson }),
  z.object({ intent: z.literal('passkey-register'), name: factorNameSchema, response: webAuthnJson }),
  z.object({ intent: z.literal('totp-enrol'), name: factorNameSchema, code: typed, secret: typed }),
  z.object({ intent: z.literal('remove'), id: opsSecondFactorParamsSchema.shape.id }),
  z.object({
    intent: z.enum(['passkey-auth-options', 'passkey-register-options', 'totp-setup', 'regenerate']),
  }),
]);
type SecurityForm = z.output<typeof securityFormSchema>;

async function act(state: RequestState, sent: SecurityForm): Promise<SecurityResult | Response> {
  const home = `/${state.locale}/ops`;
  switch (sent.intent) {
    case 'totp-verify':
    case 'recovery-verify': {
      const method = sent.intent === 'totp-verify' ? 'totp' : 'recovery_code';
      await opsCall(state, opsEndpoints.opsVerifySecondFactor, { body: { method, code: sent.code } });
      return redirect(home);
    }
    case 'passkey-auth-options':
      return {
        kind: 'options',
        options: (await opsCall(state, opsEndpoints.opsPasskeyAuthenticationOptions, {})).data.options,
      };
    case 'passkey-verify':
      await opsCall(state, opsEndpoints.opsVerifySecondFactor, {
        body: { method: 'passkey', response: sent.response },
      });
      return redirect(home);
    case 'passkey-register-options':
      return {
        kind: 'options',
        options: (await opsCall(state, opsEndpoints.opsPasskeyRegistrationOptions, {})).data.options,
      };
    case 'passkey-register': {
      const added = await opsCall(state, opsEndpoints.opsRegisterPasskey, {
        body: { name: sent.name, response: sent.response },
      });
      return { kind: 'codes', codes: added.data.recovery_codes ?? [], added: true };
    }
    case 'totp-setup': {
      const setup = (await opsCall(state, opsEndpoints.opsTotpSetup, {})).data;
      return { kind: 'setup', secret: setup.secret, qrSvg: setup.qr_svg };
    }
    case 'totp-enrol': {
      try {
        const added = await opsCall(state, opsEndpoints.opsEnrolTotp, {
          body: { name: sent.name, code: sent.code },
        });
        return { kind: 'codes', codes: added.data.recovery_codes ?? [], added: true };
      } catch (error) {
        // A mistyped code keeps the key the app was given (the API keeps it 5 minutes): type the next code.
        const { secret } = sent;
        if (error instanceof ApiError && error.code === 'invalid_code' && /^[A-Z2-7]{16,128}$/.test(secret))
          return { kind: 'setup', secret, qrSvg: null, problem: 'ops.security.error.invalid' };
        throw error;
      }
    }
    case 'remove':
      await opsCall(state, opsEndpoints.opsRemoveSecondFactor, { params: { id: sent.id } });
      return { kind: 'removed' };
    case 'regenerate':
      return {
        kind: 'codes',
        codes: (await opsCall(state, opsEndpoints.opsRegenerateRecoveryCodes, {})).data.recovery_codes,
        added: false,
      };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const submission = parseForm(await request.formData(), securityFormSchema);
  if (submission.status !== 'success') {
    // Only staff learn that a form was wrong (the API answers 404 to anyone else).
    await opsCall(state, opsEndpoints.opsMe, {});
    return data<SecurityResult>({ kind: 'problem', problem: 'ops.security.error.form' }, 400);
  }
  try {
    const result = await act(state, submission.value);
    return result instanceof Response ? result : data<SecurityResult>(result);
  } catch (error) {
    const problem = problemOf(error);
    if (problem) return data<SecurityResult>(problem, 422);
    throw error;
  }
}
