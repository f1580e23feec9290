/**
 * Accounts, their sessions, sign-in codes and saved travellers, re-exported by schema.ts: the tables of the
 * accounts module (apps/api/src/modules/accounts, docs/architecture.md "Modules own their tables"), in a file
 * of their own so that the tables of other files (schema-second-factor.ts) refer to them without an import cycle.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAt,
  GENDERS,
  oneOf,
  ownedBy,
  travellerColumns,
  tsNullable,
  updatedAt,
  uuidId,
} from './schema-columns.ts';

export const AUTH_CODE_PURPOSES = ['signin', 'unlock'] as const;
export type AuthCodePurpose = (typeof AUTH_CODE_PURPOSES)[number];

/** A traveller's account. The API's `userDetail` is a projection of phone, language and currency. */
export const users = pgTable(
  'users',
  {
    id: uuidId(),
    /** Always stored lower-cased (a CHECK enforces it), so the unique index is case-insensitive. */
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    language: text('language'),
    currency: text('currency'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set when code sign-in is blocked for this account (abuse); null when allowed. */
    codeSigninSuspendedAt: tsNullable('code_signin_suspended_at'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`"email" = lower("email")`),
  ],
);

/** A signed-in session; only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidId(),
    userId: ownedBy('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: tsNullable('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** A one-time sign-in code sent by email (hashed; 10 min; 5 wrong tries kill it). */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuidId(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: tsNullable('consumed_at'),
    ip: text('ip'),
    /** `signin`: a 6-digit code; `unlock`: the token of an emailed link that re-enables code sign-in. */
    purpose: text('purpose', { enum: AUTH_CODE_PURPOSES }).notNull().default('signin'),
  },
  (t) => [
    check('auth_codes_purpose', oneOf('purpose', AUTH_CODE_PURPOSES)),
    index('auth_codes_email_created_idx').on(t.email, t.createdAt),
    index('auth_codes_ip_created_idx').on(t.ip, t.createdAt),
    index('auth_codes_expires_idx').on(t.expiresAt),
    check('auth_codes_attempts_nonnegative', sql`"attempts" >= 0`),
  ],
);

/** Travellers a user saved for faster booking. */
export const savedTravellers = pgTable(
  'saved_travellers',
  {
    id: uuidId(),
    userId: ownedBy('user_id', () => users.id),
    ...travellerColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_travellers_user_id_idx').on(t.userId),
    check('saved_travellers_gender', oneOf('gender', GENDERS)),
  ],
);
