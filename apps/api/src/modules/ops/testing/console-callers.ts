/**
 * The callers a console suite tries its routes with: an anonymous visitor, a signed-in traveller, an operator and
 * an admin past the second factor (docs/decisions/0023-console-second-factor.md), as request headers.
 */
import { beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import { ANON } from '../../../testing/booking.ts';
import { useTestApi } from '../../../testing/api.ts';
import { createSession } from '../../accounts/index.ts';
import { accountIdOf } from '../../accounts/testing/accounts.ts';
import { passSecondFactor } from '../../../second-factor/testing.ts';
import { grantRole } from '../index.ts';

export type ConsoleCaller = 'anonymous' | 'traveller' | 'operator' | 'admin';
export type ConsoleMethod = 'GET' | 'POST' | 'PUT';

/** admin@agency.test and operator@agency.test granted their roles, traveller@example.com without one. */
export async function consoleCallers(
  app: FastifyInstance,
  db: Database,
  clock: Date,
): Promise<Record<ConsoleCaller, Record<string, string>>> {
  const actor = { userId: null, email: 'command-line' } as const;
  await grantRole(db, { email: 'admin@agency.test', role: 'admin', actor, now: clock });
  await grantRole(db, { email: 'operator@agency.test', role: 'operator', actor, now: clock });
  const signedIn = async (email: string) => {
    const { token } = await createSession(db, await accountIdOf(db, email), clock);
    return { authorization: `Bearer ${token}` };
  };
  const admin = await signedIn('admin@agency.test');
  await passSecondFactor(app, admin, clock);
  return {
    anonymous: ANON,
    traveller: await signedIn('traveller@example.com'),
    operator: await signedIn('operator@agency.test'),
    admin,
  };
}

/**
 * A console suite's set-up: a test API on `clock` (generous rate limits) started before its tests and closed after,
 * the four callers (`consoleCallers`), and `call`, a request as one of them.
 */
export function useConsoleApi(clock: Date) {
  const api = useTestApi({ rateLimitScale: 1000 }, { now: () => clock });
  let who = {} as Record<ConsoleCaller, Record<string, string>>;
  beforeAll(async () => {
    who = await consoleCallers(api.app, api.db, clock);
  }, 60_000);
  const call = (role: ConsoleCaller, method: ConsoleMethod, url: string, payload?: object) =>
    api.app.inject({ method, url, headers: who[role], ...(payload ? { payload } : {}) });
  return { api, call };
}
