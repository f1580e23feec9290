/**
 * The accounts' tables (`users`, `sessions`, `auth_codes`, `saved_travellers`,
 * packages/db/src/schema-accounts.ts): the only file that reads or writes them (docs/architecture.md, "Modules
 * own their tables"). Every function takes the database or the transaction it runs in, so the services decide
 * what happens together.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { AuthCodePurpose } from '@parvoz/db/schema-accounts';

const { users, sessions, authCodes, savedTravellers } = schema;

export type UserRow = typeof users.$inferSelect;
export type UserColumns = Partial<typeof users.$inferInsert>;
export type SavedTravellerRow = typeof savedTravellers.$inferSelect;
export type SavedTravellerColumns = Omit<
  typeof savedTravellers.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;

// ---- Users ------------------------------------------------------------------------------------------------

export async function userById(db: Database, userId: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

/** The account's email address, or undefined when there is no such account. */
export async function emailById(db: Database, userId: string): Promise<string | undefined> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email;
}

/** The id of the account of `email` (stored lower-cased), or undefined. */
export async function userIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id;
}

/** The accounts of `userIds` that exist, by email in the database's order. */
export function emailsByEmailOrder(
  db: Database,
  userIds: string[],
): Promise<{ id: string; email: string }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(users.email);
}

/** The account of `email`, made now when there is none; an existing account is left as it is. */
export async function insertUserIfNone(db: Database, email: string): Promise<void> {
  await db.insert(users).values({ email }).onConflictDoNothing();
}

/** The account of a verified `email`, made on its first sign-in; code sign-in is allowed again. */
export async function upsertSignedInUser(
  db: Database,
  values: { email: string; language: string; now: Date },
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: values.email, language: values.language, createdAt: values.now, updatedAt: values.now })
    .onConflictDoUpdate({ target: users.email, set: { codeSigninSuspendedAt: null } })
    .returning({ id: users.id });
  return user!.id;
}

export async function updateUserById(db: Database, userId: string, set: UserColumns): Promise<void> {
  await db.update(users).set(set).where(eq(users.id, userId));
}

/** Marks code sign-in suspended (a Date) or allowed (null) on the account of `email`, if there is one. */
export async function setCodeSigninSuspended(db: Database, email: string, at: Date | null): Promise<void> {
  await db.update(users).set({ codeSigninSuspendedAt: at }).where(eq(users.email, email));
}

/** How many accounts there are (for the test helpers in testing/). */
export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

// ---- Sessions ---------------------------------------------------------------------------------------------

export async function insertSession(
  db: Database,
  values: { userId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    lastSeenAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** The session of a token's hash that is not revoked, not past `now`, and was seen after `seenAfter`. */
export async function liveSessionByHash(db: Database, tokenHash: string, now: Date, seenAfter: Date) {
  const rows = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, seenAfter),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function touchSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSessionById(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** The ids of every session the account ever had (revoked and expired ones too). */
export async function sessionIdsOfUser(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((row) => row.id);
}

// ---- Sign-in codes and unlock tokens ----------------------------------------------------------------------

/** Ends now every live (unused, unexpired) code of `purpose` for the email. */
export async function expireLiveCodes(
  db: Database,
  email: string,
  purpose: AuthCodePurpose,
  now: Date,
): Promise<void> {
  await db
    .update(authCodes)
    .set({ expiresAt: now })
    .where(
      and(
        eq(authCodes.email, email),
        eq(authCodes.purpose, purpose),
        isNull(authCodes.consumedAt),
        gt(authCodes.expiresAt, now),
      ),
    );
}

export async function insertAuthCode(
  db: Database,
  values: {
    id: string;
    email: string;
    purpose: AuthCodePurpose;
    codeHash: string;
    createdAt: Date;
    expiresAt: Date;
    ip: string | null;
  },
): Promise<void> {
  await db.insert(authCodes).values(values);
}

/** When the newest sign-in code of the email was made, or undefined. */
export async function latestSigninCodeAt(db: Database, email: string): Promise<Date | undefined> {
  const [latest] = await db
    .select({ createdAt: authCodes.createdAt })
    .from(authCodes)
    .where(and(eq(authCodes.email, email), eq(authCodes.purpose, 'signin')))
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  return latest?.createdAt;
}

/** The newest unused code of `purpose` for the email (expired or not, unless `liveAt` asks for live ones). */
export async function newestUnusedCode(db: Database, email: string, purpose: AuthCodePurpose, liveAt?: Date) {
  const [row] = await db
    .select()
    .from(authCodes)
    .where(
      and(
        eq(authCodes.email, email),
        eq(authCodes.purpose, purpose),
        isNull(authCodes.consumedAt),
        liveAt ? gt(authCodes.expiresAt, liveAt) : undefined,
      ),
    )
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * Counts one more try of an unused code, atomically, unless it already had `maxAttempts`: the tries counted
 * so far, or undefined when none was left (or the code is used).
 */
export async function countCodeAttempt(
  db: Database,
  id: string,
  maxAttempts: number,
): Promise<number | undefined> {
  const counted = await db.execute<{ attempts: number }>(sql`
    UPDATE auth_codes SET attempts = attempts + 1
    WHERE id = ${id} AND attempts < ${maxAttempts} AND consumed_at IS NULL
    RETURNING attempts`);
  return counted.rows[0]?.attempts;
}

/** Uses the code once: false when it had already been used (by a concurrent try). */
export async function consumeCode(db: Database, id: string, now: Date): Promise<boolean> {
  const consumed = await db.execute<{ id: string }>(sql`
    UPDATE auth_codes SET consumed_at = ${now.toISOString()}
    WHERE id = ${id} AND consumed_at IS NULL RETURNING id`);
  return consumed.rows.length > 0;
}

export async function markCodeConsumed(db: Database, id: string, now: Date): Promise<void> {
  await db.update(authCodes).set({ consumedAt: now }).where(eq(authCodes.id, id));
}

// ---- Saved travellers -------------------------------------------------------------------------------------

export function travellersOfUser(db: Database, userId: string): Promise<SavedTravellerRow[]> {
  return db
    .select()
    .from(savedTravellers)
    .where(eq(savedTravellers.userId, userId))
    .orderBy(asc(savedTravellers.createdAt), asc(savedTravellers.id));
}

export async function countTravellersOfUser(db: Database, userId: string): Promise<number> {
  const [existing] = await db
    .select({ n: count() })
    .from(savedTravellers)
    .where(eq(savedTravellers.userId, userId));
  return existing?.n ?? 0;
}

export async function insertTraveller(
  db: Database,
  userId: string,
  values: SavedTravellerColumns,
): Promise<SavedTravellerRow> {
  const [row] = await db
    .insert(savedTravellers)
    .values({ userId, ...values })
    .returning();
  return row!;
}

/** Updates the user's own traveller; undefined when `id` is not one of theirs. */
export async function updateTravellerOfUser(
  db: Database,
  userId: string,
  id: string,
  values: SavedTravellerColumns & { updatedAt: Date },
): Promise<SavedTravellerRow | undefined> {
  const [row] = await db
    .update(savedTravellers)
    .set(values)
    .where(and(eq(savedTravellers.id, id), eq(savedTravellers.userId, userId)))
    .returning();
  return row;
}

/** Deletes the user's own traveller; false when `id` is not one of theirs. */
export async function deleteTravellerOfUser(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedTravellers)
    .where(and(eq(savedTravellers.id, id), eq(savedTravellers.userId, userId)))
    .returning({ id: savedTravellers.id });
  return rows.length > 0;
}
