import type { Route } from './+types/layout';
import { runGuards } from '../../lib/guards.server.ts';

/** The profile and its children are for signed-in users only (spec §2, §6): the `auth` guard. */
export async function loader({ context }: Route.LoaderArgs) {
  await runGuards(context, 'auth');
  return null;
}
