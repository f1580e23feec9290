/** Test helpers for the operator console (issue 13 §5–6): signed-in callers with or without a staff role. */
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { StaffRole } from '@parvoz/contracts/ops';
import { grantRole } from './services/staff.ts';
import { createSession } from './services/sessions.ts';

export type Who = 'anonymous' | 'traveller' | StaffRole;

/** A signed-in user (made if missing) with `role` (none for a traveller): the headers of their calls. */
export async function signedIn(
  db: Database,
  email: string,
  role: StaffRole | null,
  now: Date = new Date(),
): Promise<{ authorization: string; userId: string }> {
  await db
    .insert(schema.users)
    .values({ email, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: schema.users.email });
  const [user] = await db.select().from(schema.users).where(eq(schema.users.email, email));
  if (role) await db.transaction((tx) => grantRole(tx, { email, role, actor: { commandLine: true }, now }));
  const session = await createSession(db, user!.id, now);
  return { authorization: `Bearer ${session.token}`, userId: user!.id };
}

/** The body of the API's 404 for an unknown endpoint: what every refused console call must get. */
export function unknownEndpoint(method: string, url: string) {
  return { error: { code: 'not_found', message: `No such endpoint: ${method} ${url.split('?')[0]}` } };
}
