import { eq } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { User } from '@parvoz/contracts/user';
import type { ProfileUpdate } from '@parvoz/contracts/profile';

/** The account's email address (null when there is no such account). */
export async function emailOfUser(db: Database, userId: string): Promise<string | null> {
  const [user] = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return user?.email ?? null;
}

/** The user as the API shows it; `userDetail` carries the profile settings when asked for (spec §3, §7). */
export async function getUserWithDetail(
  db: Database,
  userId: string,
  includeDetail: boolean,
): Promise<User | null> {
  const rows = await db.select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  const row = rows[0];
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
  const set: Partial<typeof schema.users.$inferInsert> = { updatedAt: now };
  if (update.first_name !== undefined) set.firstName = update.first_name;
  if (update.last_name !== undefined) set.lastName = update.last_name;
  if (update.phone !== undefined) set.phone = update.phone;
  if (update.language !== undefined) set.language = update.language;
  if (update.currency !== undefined) set.currency = update.currency;
  await db.update(schema.users).set(set).where(eq(schema.users.id, userId));
}
