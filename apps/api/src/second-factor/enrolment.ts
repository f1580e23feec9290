/**
 * Adding a second factor (./service.ts): a passkey or an authenticator app, by a person with none yet or a session
 * that passed the second factor; the first one brings recovery codes (./recovery-codes.ts) and verifies the session.
 */
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import { mayEnrol, normaliseTotpCode } from '@parvoz/core/second-factor';
import { ApiFailure } from '../errors.ts';
import { noChallenge, offerChallenge, peekChallenge, putChallenge, takeChallenge } from './challenges.ts';
import { registrationOptions, relyingParty, storedPasskey, verifyRegistration } from './passkeys.ts';
import { replaceRecoveryCodes } from './recovery-codes.ts';
import {
  auditOwnFactors,
  markVerified,
  passkeysOf,
  presentFactor,
  standing,
  type SecondFactorCaller,
} from './service.ts';
import { matchTotpStep, newTotpSecret, totpQrSvg, totpUri } from './totp.ts';

export async function requireMayEnrol(db: Database, caller: SecondFactorCaller) {
  const { factors, sessionVerified } = await standing(db, caller.staff.userId, caller.sessionId);
  if (!mayEnrol({ factors, sessionVerified }))
    throw new ApiFailure('second_factor_required', 'Pass the second factor before adding another one.', {
      status: 'verify',
    });
  return { first: factors === 0 };
}

export async function passkeyRegistrationOptions(
  db: Database,
  caller: SecondFactorCaller,
  origin: string,
  now: Date,
) {
  const rp = relyingParty(origin);
  await requireMayEnrol(db, caller);
  const existing = await passkeysOf(db, caller.staff.userId);
  const options = await registrationOptions(
    rp,
    { id: caller.staff.userId, email: caller.staff.email },
    existing.map(storedPasskey),
  );
  return offerChallenge(db, caller.sessionId, 'passkey-registration', options, now);
}

/** Writes a new factor; the first one brings fresh recovery codes; the session counts as verified. */
async function enrol(
  tx: Database,
  caller: SecondFactorCaller,
  first: boolean,
  values: Omit<typeof schema.secondFactors.$inferInsert, 'userId'>,
  now: Date,
) {
  const [row] = await tx
    .insert(schema.secondFactors)
    .values({ ...values, userId: caller.staff.userId, createdAt: now, lastUsedAt: now })
    .returning();
  await auditOwnFactors(
    tx,
    caller,
    'second_factor.enrolled',
    { factor_id: row!.id, kind: row!.kind, name: row!.name },
    now,
  );
  const codes = first ? await replaceRecoveryCodes(tx, caller, now) : null;
  await markVerified(tx, caller, 'enrolment', now);
  return { factor: presentFactor(row!), recovery_codes: codes };
}

export async function registerPasskey(
  db: Database,
  caller: SecondFactorCaller,
  input: { name: string; response: unknown },
  origin: string,
  now: Date,
) {
  const rp = relyingParty(origin);
  await requireMayEnrol(db, caller);
  // Spent whatever the answer: taken outside the transaction that a wrong answer rolls back.
  const challenge = await takeChallenge(db, caller.sessionId, 'passkey-registration', now);
  if (!challenge) throw noChallenge();
  const credential = await verifyRegistration(rp, input.response, challenge);
  if (!credential) throw new ApiFailure('invalid_code', 'The passkey could not be verified.');
  return db.transaction(async (tx) => {
    const { first } = await requireMayEnrol(tx, caller);
    const [taken] = await tx
      .select({ id: schema.secondFactors.id })
      .from(schema.secondFactors)
      .where(eq(schema.secondFactors.credentialId, credential.credentialId));
    if (taken)
      throw new ApiFailure('unprocessable', 'This passkey is already enrolled.', {
        reason: 'already_enrolled',
      });
    return enrol(
      tx,
      caller,
      first,
      {
        kind: 'passkey',
        name: input.name,
        credentialId: credential.credentialId,
        publicKey: credential.publicKey,
        signCount: credential.signCount,
        transports: credential.transports,
      },
      now,
    );
  });
}

export async function startTotpEnrolment(db: Database, caller: SecondFactorCaller, now: Date) {
  await requireMayEnrol(db, caller);
  const secret = newTotpSecret();
  await putChallenge(db, caller.sessionId, 'totp-enrolment', secret, now);
  const uri = totpUri(secret, caller.staff.email);
  return { secret, uri, qr_svg: await totpQrSvg(uri) };
}

export async function enrolTotp(
  db: Database,
  caller: SecondFactorCaller,
  input: { name: string; code: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { first } = await requireMayEnrol(tx, caller);
    const secret = await peekChallenge(tx, caller.sessionId, 'totp-enrolment', now);
    if (!secret) throw noChallenge();
    const code = normaliseTotpCode(input.code);
    const step = code ? matchTotpStep(secret, code, now) : null;
    if (step === null) throw new ApiFailure('invalid_code', 'That code is not the one the app shows now.');
    await takeChallenge(tx, caller.sessionId, 'totp-enrolment', now);
    return enrol(
      tx,
      caller,
      first,
      { kind: 'totp', name: input.name, totpSecret: secret, totpLastStep: step },
      now,
    );
  });
}
