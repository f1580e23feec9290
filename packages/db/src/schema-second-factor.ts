/**
 * The console's second factor (docs/decisions/0023-console-second-factor.md), re-exported by schema.ts: each staff member's passkeys and
 * authenticator apps, their single-use recovery codes, the WebAuthn challenges and authenticator secrets
 * waiting for their answer (per session, 5 minutes, used once) and which sessions passed the second factor.
 * The rules (who must have one, code formats) are in packages/core/src/second-factor.ts; the service in
 * apps/api/src/second-factor/.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, oneOf, ownedBy, tsNullable, uuidId } from './schema-columns.ts';
import { sessions, users } from './schema-accounts.ts';

export const SECOND_FACTOR_KINDS = ['passkey', 'totp'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/**
 * One enrolled factor. A passkey keeps its WebAuthn credential (id, public key, signature counter,
 * transports); an authenticator app its base32 secret and the last time step a code was accepted for (a code
 * is never accepted twice). The secret is kept as it is: the repository has no encryption of secrets at rest
 * (server_secrets, migration 0005, keeps generated keys the same way) — see ADR 0023.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: uuidId(),
    userId: ownedBy('user_id', () => users.id),
    kind: text('kind', { enum: SECOND_FACTOR_KINDS }).notNull(),
    /** The name the staff member gave it ("Laptop", "Phone"). */
    name: text('name').notNull(),
    credentialId: text('credential_id'),
    publicKey: bytea('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }),
    transports: jsonb('transports').$type<string[]>(),
    totpSecret: text('totp_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    lastUsedAt: tsNullable('last_used_at'),
  },
  (t) => [
    index('second_factors_user_id_idx').on(t.userId),
    uniqueIndex('second_factors_credential_id_key').on(t.credentialId),
    check('second_factors_kind', oneOf('kind', SECOND_FACTOR_KINDS)),
    check(
      'second_factors_kind_fields',
      sql`("kind" = 'passkey' AND "credential_id" IS NOT NULL AND "public_key" IS NOT NULL AND "sign_count" IS NOT NULL)
        OR ("kind" = 'totp' AND "totp_secret" IS NOT NULL)`,
    ),
  ],
);

/** Ten per person, generated on the first enrolment and on demand (replacing the old ones); SHA-256 only. */
export const recoveryCodes = pgTable(
  'second_factor_recovery_codes',
  {
    id: uuidId(),
    userId: ownedBy('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: tsNullable('used_at'),
  },
  (t) => [uniqueIndex('second_factor_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

export const SECOND_FACTOR_CHALLENGE_PURPOSES = [
  'passkey-registration',
  'passkey-authentication',
  'totp-enrolment',
] as const;
export type SecondFactorChallengePurpose = (typeof SECOND_FACTOR_CHALLENGE_PURPOSES)[number];

/**
 * What a session was asked and has not answered yet: a WebAuthn challenge, or the secret of an authenticator
 * app being added. One per session and purpose (a new one replaces it); deleted when answered; dead after
 * `expires_at` (5 minutes).
 */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    sessionId: ownedBy('session_id', () => sessions.id),
    purpose: text('purpose', { enum: SECOND_FACTOR_CHALLENGE_PURPOSES }).notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('second_factor_challenges_session_purpose_key').on(t.sessionId, t.purpose),
    check('second_factor_challenges_purpose', oneOf('purpose', SECOND_FACTOR_CHALLENGE_PURPOSES)),
  ],
);

export const SECOND_FACTOR_METHODS = ['passkey', 'totp', 'recovery_code', 'enrolment'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** A session that passed the second factor: it stays so for its life (the session's own expiry ends it). */
export const secondFactorSessions = pgTable(
  'second_factor_sessions',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: ownedBy('user_id', () => users.id),
    method: text('method', { enum: SECOND_FACTOR_METHODS }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('second_factor_sessions_user_id_idx').on(t.userId),
    check('second_factor_sessions_method', oneOf('method', SECOND_FACTOR_METHODS)),
  ],
);
