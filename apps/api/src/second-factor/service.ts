/**
 * The console's second factor (docs/decisions/0023-console-second-factor.md): passkeys, authenticator apps and recovery codes, kept per
 * person; a session passes it once and stays verified for its life. The rules (who must, what a session may
 * do before) are pure in packages/core/src/second-factor.ts; the routes in ./routes.ts. Every change is
 * audited in the same transaction (enrolment, removal, recovery codes generated or used, failed attempts,
 * the command line's reset).
 *
 * This file: where a person and a session stand, and removing or resetting factors. Adding one is
 * ./enrolment.ts, passing it ./verification.ts, the recovery codes ./recovery-codes.ts, the WebAuthn and
 * authenticator-secret challenges ./challenges.ts.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { SecondFactorMethod } from '@parvoz/db/schema-second-factor';
import {
  mayRemoveFactor,
  passkeyOrigin,
  secondFactorStatus,
  type SecondFactorStatus,
} from '@parvoz/core/second-factor';
import type { OpsSecondFactor, OpsSecondFactorState } from '@parvoz/contracts/ops-second-factor';
import { ApiFailure } from '../errors.ts';
import { recordAudit, type Staff } from '../modules/ops/index.ts';
import { findUserIdByEmail, sessionIdsOf } from '../modules/accounts/index.ts';

/** Who is asking: the staff member and their session. */
export type SecondFactorCaller = { staff: Staff; sessionId: string };

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The audit entry of what the caller did to their own second factors (`action`, e.g. `second_factor.enrolled`). */
export const auditOwnFactors = (
  db: Database,
  caller: SecondFactorCaller,
  action: string,
  details: Record<string, unknown>,
  at: Date,
) =>
  recordAudit(db, {
    actor: { userId: caller.staff.userId, email: caller.staff.email },
    action,
    targetType: 'user',
    targetId: caller.staff.userId,
    details,
    at,
  });

// ---- Where a session stands -------------------------------------------------------------------------------

/** The person's factor count and whether this session passed the second factor: one round trip. */
export async function standing(db: Database, userId: string, sessionId: string) {
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

export function presentFactor(row: typeof schema.secondFactors.$inferSelect): OpsSecondFactor {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function factorsOf(db: Database, userId: string) {
  return db
    .select()
    .from(schema.secondFactors)
    .where(eq(schema.secondFactors.userId, userId))
    .orderBy(asc(schema.secondFactors.createdAt), asc(schema.secondFactors.id));
}

/** The person's passkeys (oldest first). */
export async function passkeysOf(db: Database, userId: string) {
  return (await factorsOf(db, userId)).filter((f) => f.kind === 'passkey');
}

export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
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

/** The session passed the second factor (by `method`): it stays verified for its life. */
export async function markVerified(
  tx: Database,
  caller: SecondFactorCaller,
  method: SecondFactorMethod,
  now: Date,
) {
  await tx
    .insert(schema.secondFactorSessions)
    .values({ sessionId: caller.sessionId, userId: caller.staff.userId, method, verifiedAt: now })
    .onConflictDoNothing();
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
    await auditOwnFactors(
      tx,
      caller,
      'second_factor.removed',
      {
        factor_id: factor.id,
        kind: factor.kind,
        name: factor.name,
        factors_left: factors.length - 1,
      },
      now,
    );
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
