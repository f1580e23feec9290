/**
 * The second factor's recovery codes (./service.ts): ten at a time, kept hashed, each used once, replaced all
 * together; every generation audited.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import {
  normaliseRecoveryCode,
  RECOVERY_CODE_BYTES,
  RECOVERY_CODE_COUNT,
  recoveryCodeFromBytes,
} from '@parvoz/core/second-factor';
import { ApiFailure } from '../errors.ts';
import { auditOwnFactors, sha256, standing, type SecondFactorCaller } from './service.ts';

export async function replaceRecoveryCodes(
  tx: Database,
  caller: SecondFactorCaller,
  now: Date,
): Promise<string[]> {
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
  await auditOwnFactors(tx, caller, 'second_factor.recovery_codes_generated', { count: codes.length }, now);
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
