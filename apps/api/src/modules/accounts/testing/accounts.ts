/**
 * Test helper for accounts (unit, PostgreSQL and e2e suites): accounts made and read through the module's
 * store, for suites that sign staff or travellers in without the emailed code (createSession, from index.ts).
 */
import type { Database } from '@parvoz/db';
import { countUsers, insertUserIfNone, userIdByEmail } from '../store.ts';

/** The id of the account of `email` (lower-case), made now when there is none. */
export async function accountIdOf(db: Database, email: string): Promise<string> {
  await insertUserIfNone(db, email);
  return (await userIdByEmail(db, email))!;
}

/** The id of the account of `email`, or undefined when none was made. */
export function storedAccountId(db: Database, email: string): Promise<string | undefined> {
  return userIdByEmail(db, email);
}

/** How many accounts there are. */
export function countAccounts(db: Database): Promise<number> {
  return countUsers(db);
}
