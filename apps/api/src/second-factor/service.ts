/**
 * The console's second factor (docs/decisions/0023-console-second-factor.md): passkeys, authenticator apps and recovery codes, kept per
 * person; a session passes it once and stays verified for its life. The rules (who must, what a session may
 * do before) are pure in packages/core/src/second-factor.ts; the routes in ./routes.ts. Every change is
 * audited in the same transaction (enrolment, removal, recovery codes generated or used, failed attempts,
 * the command line's reset).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNull, or, lt, sql } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { SecondFactorChallengePurpose, SecondFactorMethod } from '@parvoz/db/schema-second-factor';
import {
  mayEnrol,
  mayRemoveFactor,
  normaliseRecoveryCode,
  normaliseTotpCode,
  passkeyOrigin,
  RECOVERY_CODE_BYTES,
  RECOVERY_CODE_COUNT,
  recoveryCodeFromBytes,
  secondFactorStatus,
  totpStepAcceptable,
  type SecondFactorStatus,
} from '@parvoz/core/second-factor';
import type {
  OpsSecondFactor,
  OpsSecondFactorState,
  OpsSecondFactorVerify,
} from '@parvoz/contracts/ops-second-factor';
import { ApiFailure } from '../errors.ts';
import { recordAudit, type Actor, type Staff } from '../modules/ops/index.ts';
import { findUserIdByEmail, sessionIdsOf } from '../modules/accounts/index.ts';
import {
  answeredCredentialId,
  authenticationOptions,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
  type RelyingParty,
  type StoredPasskey,
} from './passkeys.ts';
import { matchTotpStep, newTotpSecret, totpQrSvg, totpUri } from './totp.ts';

/** WebAuthn challenges and authenticator secrets being added live 5 minutes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Who is asking: the staff member and their session. */
export type SecondFactorCaller = { staff: Staff; sessionId: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const actorOf = (caller: SecondFactorCaller): Actor => ({
  userId: caller.staff.userId,
  email: caller.staff.email,
});

// ---- Where a session stands -------------------------------------------------------------------------------

/** The person's factor count and whether this session passed the second factor: one round trip. */
async function standing(db: Database, userId: string, sessionId: string) {
  const [row] = await db
    .select({
      factors: sql<number>`(SELECT count(*)::int FROM second_factors WHERE user_id = ${userId})`,
      verified: sql<boolean>`EXISTS (SELECT 1 FROM second_factor_sessions WHERE session_id = ${sessionId})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return { factors: Number(row!.factors), sessionVerified: Boolean(row!.verified) };
}

/** The session's status (core `secondFactorStatus`): what the console's gate and /v1/ops/me go by. */
export async function statusOf(db: Database, caller: SecondFactorCaller): Promise<SecondFactorStatus> {
  const { factors, sessionVerified } = await standing(db, caller.staff.userId, caller.sessionId);
  return secondFactorStatus({ role: caller.staff.role, factors, sessionVerified });
}

function presentFactor(row: typeof schema.secondFactors.$inferSelect): OpsSecondFactor {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

async function factorsOf(db: Database, userId: string) {
  return db
    .select()
    .from(schema.secondFactors)
    .where(eq(schema.secondFactors.userId, userId))
    .orderBy(asc(schema.secondFactors.createdAt), asc(schema.secondFactors.id));
}

async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schema.recoveryCodes)
    .where(and(eq(schema.recoveryCodes.userId, userId), isNull(schema.recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function secondFactorState(
  db: Database,
  caller: SecondFactorCaller,
  origin: string,
): Promise<OpsSecondFactorState> {
  const [factors, left, status] = [
    await factorsOf(db, caller.staff.userId),
    await recoveryCodesLeft(db, caller.staff.userId),
    await statusOf(db, caller),
  ];
  const passkeys = passkeyOrigin(origin);
  return {
    status,
    passkeys: passkeys.available
      ? { available: true, reason: null }
      : { available: false, reason: passkeys.reason },
    factors: factors.map(presentFactor),
    recovery_codes_left: left,
  };
}

// ---- Challenges: per session and purpose, 5 minutes, used once ---------------------------------------------

async function putChallenge(
  db: Database,
  sessionId: string,
  purpose: SecondFactorChallengePurpose,
  value: string,
  now: Date,
) {
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await db
    .insert(schema.secondFactorChallenges)
    .values({ sessionId, purpose, value, expiresAt })
    .onConflictDoUpdate({
      target: [schema.secondFactorChallenges.sessionId, schema.secondFactorChallenges.purpose],
      set: { value, expiresAt },
    });
}

/** The live challenge, removed as it is read (a WebAuthn challenge is answered once, right or wrong). */
async function takeChallenge(
  db: Database,
  sessionId: string,
  purpose: SecondFactorChallengePurpose,
  now: Date,
) {
  const [row] = await db
    .delete(schema.secondFactorChallenges)
    .where(
      and(
        eq(schema.secondFactorChallenges.sessionId, sessionId),
        eq(schema.secondFactorChallenges.purpose, purpose),
      ),
    )
    .returning();
  return row && row.expiresAt > now ? row.value : null;
}

/** The live challenge, left in place (an authenticator secret survives a mistyped code). */
async function peekChallenge(
  db: Database,
  sessionId: string,
  purpose: SecondFactorChallengePurpose,
  now: Date,
) {
  const [row] = await db
    .select()
    .from(schema.secondFactorChallenges)
    .where(
      and(
        eq(schema.secondFactorChallenges.sessionId, sessionId),
        eq(schema.secondFactorChallenges.purpose, purpose),
        gt(schema.secondFactorChallenges.expiresAt, now),
      ),
    );
  return row?.value ?? null;
}

const noChallenge = () =>
  new ApiFailure('unprocessable', 'Start again: the request expired (5 minutes) or was already answered.', {
    reason: 'challenge_expired',
  });

// ---- Enrolment ------------------------------------------------------------------------------------------------

async function requireMayEnrol(db: Database, caller: SecondFactorCaller) {
  const { factors, sessionVerified } = await standing(db, caller.staff.userId, caller.sessionId);
  if (!mayEnrol({ factors, sessionVerified }))
    throw new ApiFailure('second_factor_required', 'Pass the second factor before adding another one.', {
      status: 'verify',
    });
  return { first: factors === 0 };
}

function relyingParty(origin: string): RelyingParty {
  const passkeys = passkeyOrigin(origin);
  if (!passkeys.available)
    throw new ApiFailure('unprocessable', 'Passkeys cannot be used on this site address.', {
      reason:
        passkeys.reason === 'ip_address'
          ? 'passkeys_unavailable_ip_address'
          : 'passkeys_unavailable_insecure_origin',
    });
  return { rpId: passkeys.rpId, origin: new URL(origin).origin };
}

const storedPasskey = (row: typeof schema.secondFactors.$inferSelect): StoredPasskey => ({
  credentialId: row.credentialId!,
  publicKey: row.publicKey!,
  signCount: row.signCount ?? 0,
  transports: row.transports,
});

export async function passkeyRegistrationOptions(
  db: Database,
  caller: SecondFactorCaller,
  origin: string,
  now: Date,
) {
  const rp = relyingParty(origin);
  await requireMayEnrol(db, caller);
  const existing = (await factorsOf(db, caller.staff.userId)).filter((f) => f.kind === 'passkey');
  const options = await registrationOptions(
    rp,
    { id: caller.staff.userId, email: caller.staff.email },
    existing.map(storedPasskey),
  );
  await putChallenge(db, caller.sessionId, 'passkey-registration', options.challenge, now);
  return { ...options } as Record<string, unknown>;
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
  await recordAudit(tx, {
    actor: actorOf(caller),
    action: 'second_factor.enrolled',
    targetType: 'user',
    targetId: caller.staff.userId,
    details: { factor_id: row!.id, kind: row!.kind, name: row!.name },
    at: now,
  });
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

// ---- Recovery codes ---------------------------------------------------------------------------------------------

async function replaceRecoveryCodes(tx: Database, caller: SecondFactorCaller, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    recoveryCodeFromBytes(randomBytes(RECOVERY_CODE_BYTES)),
  );
  await tx.delete(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, caller.staff.userId));
  await tx.insert(schema.recoveryCodes).values(
    codes.map((code) => ({
      userId: caller.staff.userId,
      codeHash: sha256(normaliseRecoveryCode(code)!),
      createdAt: now,
    })),
  );
  await recordAudit(tx, {
    actor: actorOf(caller),
    action: 'second_factor.recovery_codes_generated',
    targetType: 'user',
    targetId: caller.staff.userId,
    details: { count: codes.length },
    at: now,
  });
  return codes;
}

/** Ten new codes for a session that passed the second factor (the old ones stop working). */
export async function regenerateRecoveryCodes(db: Database, caller: SecondFactorCaller, now: Date) {
  return db.transaction(async (tx) => {
    const { factors, sessionVerified } = await standing(tx, caller.staff.userId, caller.sessionId);
    if (!sessionVerified)
      throw new ApiFailure('second_factor_required', 'Pass the second factor first.', { status: 'verify' });
    if (factors === 0)
      throw new ApiFailure('unprocessable', 'Recovery codes go with a factor: enrol one first.', {
        reason: 'no_factor',
      });
    return replaceRecoveryCodes(tx, caller, now);
  });
}

// ---- Verification ------------------------------------------------------------------------------------------------

async function markVerified(tx: Database, caller: SecondFactorCaller, method: SecondFactorMethod, now: Date) {
  await tx
    .insert(schema.secondFactorSessions)
    .values({ sessionId: caller.sessionId, userId: caller.staff.userId, method, verifiedAt: now })
    .onConflictDoNothing();
}

export async function passkeyAuthenticationOptions(
  db: Database,
  caller: SecondFactorCaller,
  origin: string,
  now: Date,
) {
  const rp = relyingParty(origin);
  const passkeys = (await factorsOf(db, caller.staff.userId)).filter((f) => f.kind === 'passkey');
  if (passkeys.length === 0)
    throw new ApiFailure('unprocessable', 'No passkey is enrolled.', { reason: 'no_passkey' });
  const options = await authenticationOptions(rp, passkeys.map(storedPasskey));
  await putChallenge(db, caller.sessionId, 'passkey-authentication', options.challenge, now);
  return { ...options } as Record<string, unknown>;
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
    await recordAudit(tx, {
      actor: actorOf(caller),
      action: 'second_factor.recovery_code_used',
      targetType: 'user',
      targetId: userId,
      details: { codes_left: await recoveryCodesLeft(tx, userId) },
      at: now,
    });
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
    await recordAudit(db, {
      actor: actorOf(caller),
      action: 'second_factor.verification_failed',
      targetType: 'user',
      targetId: caller.staff.userId,
      details: { method: input.method },
      at: now,
    });
    throw new ApiFailure('invalid_code', 'That did not verify. Try again.', { method: input.method });
  }
  return { recoveryCodesLeft: await recoveryCodesLeft(db, caller.staff.userId) };
}

// ---- Removal and reset ------------------------------------------------------------------------------------------------

/** Removes one of the caller's factors (a verified session; an admin keeps at least one). */
export async function removeFactor(db: Database, caller: SecondFactorCaller, factorId: string, now: Date) {
  return db.transaction(async (tx) => {
    const { sessionVerified } = await standing(tx, caller.staff.userId, caller.sessionId);
    const factors = await factorsOf(tx, caller.staff.userId);
    const factor = factors.find((f) => f.id === factorId);
    if (!factor) throw new ApiFailure('not_found', 'No such factor.');
    if (!sessionVerified)
      throw new ApiFailure('second_factor_required', 'Pass the second factor first.', { status: 'verify' });
    if (!mayRemoveFactor({ role: caller.staff.role, factorsAfter: factors.length - 1 }))
      throw new ApiFailure('unprocessable', 'An admin keeps at least one factor: add another one first.', {
        reason: 'last_factor',
      });
    await tx.delete(schema.secondFactors).where(eq(schema.secondFactors.id, factorId));
    // Without a factor, recovery codes have nothing to stand in for.
    if (factors.length === 1)
      await tx.delete(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, caller.staff.userId));
    await recordAudit(tx, {
      actor: actorOf(caller),
      action: 'second_factor.removed',
      targetType: 'user',
      targetId: caller.staff.userId,
      details: {
        factor_id: factor.id,
        kind: factor.kind,
        name: factor.name,
        factors_left: factors.length - 1,
      },
      at: now,
    });
  });
}

/**
 * `npm run ops -- reset-second-factor <email>` (someone who lost every factor and code): removes their
 * factors, recovery codes and pending challenges, and un-verifies their sessions; audited as the command line.
 * An admin then enrols anew after signing in with the emailed code. Null when there is no such account.
 */
export async function resetSecondFactor(db: Database, email: string, now: Date) {
  return db.transaction(async (tx) => {
    const userId = await findUserIdByEmail(tx, email.trim().toLowerCase());
    if (!userId) return null;
    const factors = await tx
      .delete(schema.secondFactors)
      .where(eq(schema.secondFactors.userId, userId))
      .returning({ id: schema.secondFactors.id });
    const codes = await tx
      .delete(schema.recoveryCodes)
      .where(eq(schema.recoveryCodes.userId, userId))
      .returning({ id: schema.recoveryCodes.id });
    const ids = await sessionIdsOf(tx, userId);
    if (ids.length) {
      await tx
        .delete(schema.secondFactorChallenges)
        .where(inArray(schema.secondFactorChallenges.sessionId, ids));
      await tx.delete(schema.secondFactorSessions).where(inArray(schema.secondFactorSessions.sessionId, ids));
    }
    await recordAudit(tx, {
      actor: { userId: null, email: 'command-line' },
      action: 'second_factor.reset',
      targetType: 'user',
      targetId: userId,
      details: {
        email: email.trim().toLowerCase(),
        factors_removed: factors.length,
        recovery_codes_removed: codes.length,
      },
      at: now,
    });
    return { factorsRemoved: factors.length, recoveryCodesRemoved: codes.length };
  });
}
