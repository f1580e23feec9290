/**
 * Test helpers of the second factor: a signed-in admin passes it through the real endpoints, as a person
 * with an authenticator app would (the code computed from the secret at the API's clock, `now`). Console
 * suites call `passSecondFactor` after signing an admin in.
 */
import type { FastifyInstance } from 'fastify';
import { TOTP_PERIOD_SECONDS } from '@parvoz/core/second-factor';
import { totpCodeAt } from './totp.ts';

type Headers = Record<string, string>;

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/** What the helper enrolled per API and email: the app's secret, the last step it typed, the codes left. */
const enrolledBy = new WeakMap<
  FastifyInstance,
  Map<string, { secret: string; lastStep: number; recoveryCodes: string[] }>
>();

/** Enrols an authenticator app for the session's person at `now`: its secret and (first factor) recovery codes. */
export async function enrolTotp(app: FastifyInstance, headers: Headers, now: Date, name = 'Phone') {
  const setup = await app.inject({ method: 'POST', url: '/v1/ops/second-factor/totp/setup', headers });
  if (setup.statusCode !== 200) throw new Error(`totp setup: ${setup.statusCode} ${setup.body}`);
  const secret = setup.json<{ data: { secret: string } }>().data.secret;
  const answer = await app.inject({
    method: 'POST',
    url: '/v1/ops/second-factor/totp',
    headers,
    payload: { name, code: totpCodeAt(secret, now) },
  });
  if (answer.statusCode !== 201) throw new Error(`totp enrolment: ${answer.statusCode} ${answer.body}`);
  const data = answer.json<{ data: { recovery_codes: string[] | null; factor: { id: string } } }>().data;
  return { secret, factorId: data.factor.id, recoveryCodes: data.recovery_codes ?? [] };
}

/**
 * The session passes the second factor at `now`: the person's first authenticator app is enrolled when they
 * have no factor, else its code for a time step not used yet (within the allowed drift) is typed, else one
 * of the recovery codes kept from the enrolment.
 */
export async function passSecondFactor(app: FastifyInstance, headers: Headers, now: Date): Promise<void> {
  const me = await app.inject({ method: 'GET', url: '/v1/ops/me', headers });
  if (me.statusCode !== 200) throw new Error(`not staff: ${me.statusCode}`);
  const { email, second_factor: status } = me.json<{ data: { email: string; second_factor: string } }>().data;
  if (status === 'verified') return;
  const current = Math.floor(now.getTime() / STEP_MS);
  const enrolled = enrolledBy.get(app) ?? new Map();
  enrolledBy.set(app, enrolled);
  if (status === 'enrol' || status === 'optional') {
    const { secret, recoveryCodes } = await enrolTotp(app, headers, now);
    enrolled.set(email, { secret, lastStep: current, recoveryCodes });
    return;
  }
  const kept = enrolled.get(email);
  if (!kept) throw new Error(`${email} has a factor the helper did not enrol`);
  const step = Math.max(current - 1, kept.lastStep + 1);
  const payload =
    step <= current + 1
      ? { method: 'totp', code: totpCodeAt(kept.secret, new Date(step * STEP_MS)) }
      : { method: 'recovery_code', code: kept.recoveryCodes.shift() ?? 'none' };
  const verified = await app.inject({
    method: 'POST',
    url: '/v1/ops/second-factor/verify',
    headers,
    payload,
  });
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  if (payload.method === 'totp') kept.lastStep = step;
}
