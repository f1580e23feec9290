import type { Database } from '@parvoz/db';
import type { User } from '@parvoz/contracts/user';
import type { ProfileUpdate } from '@parvoz/contracts/profile';
import {
  emailById,
  emailsByEmailOrder,
  insertUserIfNone,
  updateUserById,
  userById,
  userIdByEmail,
  type UserColumns,
} from './store.ts';

/** The account's email address (null when there is no such account). */
export async function emailOfUser(db: Database, userId: string): Promise<string | null> {
  return (await emailById(db, userId)) ?? null;
}

/** The account's language as stored (null when it has none, or there is no such account). */
export async function languageOfUser(db: Database, userId: string): Promise<string | null> {
  return (await userById(db, userId))?.language ?? null;
}

/** The accounts of `userIds` that exist, by email (in the database's collation). */
export function emailsOfUsers(db: Database, userIds: string[]): Promise<{ id: string; email: string }[]> {
  return emailsByEmailOrder(db, userIds);
}

/** The id of the account of `email` (matched as stored: lower-cased), or null when there is none. */
export async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
  return (await userIdByEmail(db, email)) ?? null;
}

/**
 * The id of the account of `email` (as stored: lower-cased), made now when there is none yet: a staff member
 * invited by email before their first sign-in.
 */
export async function ensureUser(db: Database, email: string): Promise<string> {
  await insertUserIfNone(db, email);
  return (await userIdByEmail(db, email))!;
}

/** The user as the API shows it; `userDetail` carries the profile settings when asked for (spec §3, §7). */
export async function getUserWithDetail(
  db: Database,
  userId: string,
  includeDetail: boolean,
): Promise<User | null> {
  const row = await userById(db, userId);
  if (!row) return null;
  const user: User = {
    id: row.id,
    email: row.email,
    first_name: row.firstName ?? null,
    last_name: row.lastName ?? null,
    created_at: row.createdAt.toISOString(),
  };
  if (includeDetail) {
    user.userDetail = {
      phone: row.phone ?? null,
      language: row.language ?? null,
      currency: row.currency ?? null,
    };
  }
  return user;
}

/** Saves profile fields the caller sent (PATCH semantics: an absent field is left as it is). */
export async function updateUser(
  db: Database,
  userId: string,
  update: ProfileUpdate,
  now: Date,
): Promise<void> {
  const set: UserColumns = { updatedAt: now };
  if (update.first_name !== undefined) set.firstName = update.first_name;
  if (update.last_name !== undefined) set.lastName = update.last_name;
  if (update.phone !== undefined) set.phone = update.phone;
  if (update.language !== undefined) set.language = update.language;
  if (update.currency !== undefined) set.currency = update.currency;
  await updateUserById(db, userId, set);
}
