import type { FastifyRequest } from 'fastify';
import { ApiFailure } from '../../errors.ts';

export type Caller = { kind: 'anonymous' } | { kind: 'user'; userId: string; sessionId: string };

export type SessionLookup = (token: string) => Promise<{ userId: string; sessionId: string } | null>;

/**
 * Resolves the Bearer credential: the built-in anonymous credential (spec §6), a user's session token,
 * or nothing (treated as anonymous for public resources).
 */
export async function resolveCaller(
  request: FastifyRequest,
  anonymousToken: string,
  lookup: SessionLookup,
): Promise<Caller & { presentedToken: boolean }> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const token = match?.[1];
  if (!token || token === anonymousToken) return { kind: 'anonymous', presentedToken: false };
  const session = await lookup(token);
  if (!session) return { kind: 'anonymous', presentedToken: true };
  return { kind: 'user', ...session, presentedToken: true };
}

export function requireUser(caller: Caller): { userId: string; sessionId: string } {
  if (caller.kind !== 'user') throw new ApiFailure('unauthorized', 'Sign-in is required.');
  return caller;
}
