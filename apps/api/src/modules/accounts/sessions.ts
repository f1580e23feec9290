import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@parvoz/db';
import {
  insertSession,
  liveSessionByHash,
  revokeSessionById,
  sessionIdsOfUser,
  touchSession,
} from './store.ts';

/** A session ends after 7 days without use, and 30 days after sign-in whatever happens (docs/design.md §5). */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** `last_seen_at` is written at most this often per session (not on every request). */
const LAST_SEEN_GRANULARITY_MS = 60_000;

/** Session tokens are stored only as their SHA-256 (docs/design.md §5). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session: a 256-bit random token, returned once and stored hashed. */
export async function createSession(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await insertSession(db, { userId, tokenHash: hashToken(token), now, expiresAt });
  return { token, expiresAt };
}

/** A live session for a presented token: not revoked, not past its absolute expiry, not idle too long. */
export async function findSession(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<{ userId: string; sessionId: string } | null> {
  if (token.length > 200) return null;
  const row = await liveSessionByHash(db, hashToken(token), now, new Date(now.getTime() - SESSION_IDLE_MS));
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_GRANULARITY_MS) {
    await touchSession(db, row.sessionId, now);
  }
  return { sessionId: row.sessionId, userId: row.userId };
}

export async function revokeSession(db: Database, sessionId: string, now: Date = new Date()): Promise<void> {
  await revokeSessionById(db, sessionId, now);
}

/** The ids of every session the account ever had: what a reset of its second factor un-verifies. */
export function sessionIdsOf(db: Database, userId: string): Promise<string[]> {
  return sessionIdsOfUser(db, userId);
}
