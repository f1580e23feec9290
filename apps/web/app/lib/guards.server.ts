import type { RouterContextProvider } from 'react-router';
import { requestStateContext, type RequestState } from './request-context.server.ts';
import { loadCurrentUserOnce } from './user.server.ts';

/** A route guard: passes, or throws a Response (a 401 renders the route's sign-in screen). */
export type Guard = (state: RequestState) => Promise<void>;

/** Signed-in only (spec §6): an anonymous visitor gets 401, which the guarded layout shows as sign-in. */
export async function requireUser(state: RequestState): Promise<void> {
  const user = state.token ? await loadCurrentUserOnce(state) : null;
  if (!user) throw new Response(null, { status: 401, statusText: 'Unauthorized' });
}

/** The named guards routes may ask for (spec §5 "auth-required rule"). */
export const GUARDS: Record<string, Guard> = { auth: requireUser };

/** The guard of that name; an unknown name is a programming error and throws (spec §8). */
export function guardNamed(name: string, guards: Record<string, Guard> = GUARDS): Guard {
  const guard = Object.hasOwn(guards, name) ? guards[name] : undefined;
  if (!guard) throw new Error(`Unknown route guard name: ${name}`);
  return guard;
}

/**
 * Runs the named guards in a loader or action (before it reads anything). Loaders, not route middleware: a
 * middleware's refusal would skip every loader, the root's included, and the page would lose its shell.
 * Every loader of a guarded route calls it (they run in parallel); the user is fetched once per request.
 */
export async function runGuards(context: Readonly<RouterContextProvider>, ...names: string[]): Promise<void> {
  const guards = names.map((name) => guardNamed(name));
  const state = context.get(requestStateContext);
  for (const guard of guards) await guard(state);
}
