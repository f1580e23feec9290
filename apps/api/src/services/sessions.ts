import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

/** Session tokens are stored only as their SHA-256 (DESIGN §5). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A live session for a presented token: not revoked and not past its expiry. */
export async function findSession(
  db: Database,
  token: string,
): Promise<{ userId: string; sessionId: string } | null> {
  if (token.length > 200) return null;
  const rows = await db
    .select({ sessionId: schema.sessions.id, userId: schema.sessions.userId })
    .from(schema.sessions)
    .where(
      and(
        eq(schema.sessions.tokenHash, hashToken(token)),
        isNull(schema.sessions.revokedAt),
        gt(schema.sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(schema.sessions).set({ revokedAt: new Date() }).where(eq(schema.sessions.id, sessionId));
}
