/**
 * Accounts and their sessions (DESIGN §5), re-exported by schema.ts: in a file of their own so that the tables of
 * other files (schema-second-factor.ts) refer to them without an import cycle.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, tsNullable, updatedAt, uuidId } from './schema-columns.ts';

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
