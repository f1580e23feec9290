/**
 * The second factor's challenges (./service.ts): a WebAuthn challenge or an authenticator secret being added,
 * one per session and purpose, living 5 minutes and used once.
 */
import { and, eq, gt } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { SecondFactorChallengePurpose } from '@parvoz/db/schema-second-factor';
import { ApiFailure } from '../errors.ts';

/** WebAuthn challenges and authenticator secrets being added live 5 minutes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export async function putChallenge(
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

/** Keeps the challenge of WebAuthn `options` for the session (`purpose`) and gives the options to the browser. */
export async function offerChallenge(
  db: Database,
  sessionId: string,
  purpose: SecondFactorChallengePurpose,
  options: { challenge: string },
  now: Date,
): Promise<Record<string, unknown>> {
  await putChallenge(db, sessionId, purpose, options.challenge, now);
  return { ...options };
}

/** The live challenge, removed as it is read (a WebAuthn challenge is answered once, right or wrong). */
export async function takeChallenge(
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
export async function peekChallenge(
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

export const noChallenge = () =>
  new ApiFailure('unprocessable', 'Start again: the request expired (5 minutes) or was already answered.', {
    reason: 'challenge_expired',
  });
