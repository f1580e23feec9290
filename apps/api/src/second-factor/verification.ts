/**
 * Passing the second factor (./service.ts): a passkey, an authenticator app's code (each step accepted once) or a
 * recovery code (used once) verifies the session; a wrong answer is audited.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { SecondFactorMethod } from '@parvoz/db/schema-second-factor';
import { normaliseRecoveryCode, normaliseTotpCode, totpStepAcceptable } from '@parvoz/core/second-factor';
import type { OpsSecondFactorVerify } from '@parvoz/contracts/ops-second-factor';
import { ApiFailure } from '../errors.ts';
import { noChallenge, offerChallenge, takeChallenge } from './challenges.ts';
import {
  answeredCredentialId,
  authenticationOptions,
  relyingParty,
  storedPasskey,
  verifyAuthentication,
} from './passkeys.ts';
import {
  auditOwnFactors,
  factorsOf,
  markVerified,
  passkeysOf,
  recoveryCodesLeft,
  sha256,
  type SecondFactorCaller,
} from './service.ts';
import { matchTotpStep } from './totp.ts';

export async function passkeyAuthenticationOptions(
  db: Database,
  caller: SecondFactorCaller,
  origin: string,
  now: Date,
) {
  const rp = relyingParty(origin);
  const passkeys = await passkeysOf(db, caller.staff.userId);
  if (passkeys.length === 0)
    throw new ApiFailure('unprocessable', 'No passkey is enrolled.', { reason: 'no_passkey' });
  const options = await authenticationOptions(rp, passkeys.map(storedPasskey));
  return offerChallenge(db, caller.sessionId, 'passkey-authentication', options, now);
}

/** The factor (or recovery code) that `input` proves, after which the session is verified; else null. */
async function proof(
  tx: Database,
  caller: SecondFactorCaller,
  input: OpsSecondFactorVerify,
  origin: string,
  now: Date,
): Promise<SecondFactorMethod | null> {
  const userId = caller.staff.userId;
  if (input.method === 'recovery_code') {
    const code = normaliseRecoveryCode(input.code);
    if (!code) return null;
    const spent = await tx
      .update(schema.recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(schema.recoveryCodes.userId, userId),
          eq(schema.recoveryCodes.codeHash, sha256(code)),
          isNull(schema.recoveryCodes.usedAt),
        ),
      )
      .returning({ id: schema.recoveryCodes.id });
    if (!spent.length) return null;
    await auditOwnFactors(
      tx,
      caller,
      'second_factor.recovery_code_used',
      { codes_left: await recoveryCodesLeft(tx, userId) },
      now,
    );
    return 'recovery_code';
  }
  if (input.method === 'totp') {
    const code = normaliseTotpCode(input.code);
    if (!code) return null;
    for (const factor of await factorsOf(tx, userId)) {
      if (factor.kind !== 'totp') continue;
      const step = matchTotpStep(factor.totpSecret!, code, now);
      if (step === null || !totpStepAcceptable(step, factor.totpLastStep)) continue;
      // Only if no other request took this step meanwhile: a code is accepted once.
      const took = await tx
        .update(schema.secondFactors)
        .set({ totpLastStep: step, lastUsedAt: now })
        .where(
          and(
            eq(schema.secondFactors.id, factor.id),
            or(isNull(schema.secondFactors.totpLastStep), lt(schema.secondFactors.totpLastStep, step)),
          ),
        )
        .returning({ id: schema.secondFactors.id });
      if (took.length) return 'totp';
    }
    return null;
  }
  const rp = relyingParty(origin);
  const challenge = await takeChallenge(tx, caller.sessionId, 'passkey-authentication', now);
  if (!challenge) throw noChallenge();
  const credentialId = answeredCredentialId(input.response);
  if (!credentialId) return null;
  const [factor] = await tx
    .select()
    .from(schema.secondFactors)
    .where(and(eq(schema.secondFactors.userId, userId), eq(schema.secondFactors.credentialId, credentialId)));
  if (!factor) return null;
  const newCount = await verifyAuthentication(rp, input.response, challenge, storedPasskey(factor));
  if (newCount === null) return null;
  await tx
    .update(schema.secondFactors)
    .set({ signCount: newCount, lastUsedAt: now })
    .where(eq(schema.secondFactors.id, factor.id));
  return 'passkey';
}

/**
 * Passes the second factor for this session. A wrong answer is audited (`second_factor.verification_failed`,
 * committed even though the request fails) and answered `invalid_code`; the route limits the attempts.
 */
export async function verifySecondFactor(
  db: Database,
  caller: SecondFactorCaller,
  input: OpsSecondFactorVerify,
  origin: string,
  now: Date,
): Promise<{ recoveryCodesLeft: number }> {
  const method = await db.transaction(async (tx) => {
    const proved = await proof(tx, caller, input, origin, now);
    if (proved) await markVerified(tx, caller, proved, now);
    return proved;
  });
  if (!method) {
    await auditOwnFactors(db, caller, 'second_factor.verification_failed', { method: input.method }, now);
    throw new ApiFailure('invalid_code', 'That did not verify. Try again.', { method: input.method });
  }
  return { recoveryCodesLeft: await recoveryCodesLeft(db, caller.staff.userId) };
}
