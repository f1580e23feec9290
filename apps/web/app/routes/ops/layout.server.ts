import type { Route } from './+types/layout';
import { consoleMessages } from '../../lib/shell-messages.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { opsCall } from '../../features/ops/ops-api.server.ts';

/** The agency's console (docs/after-sale.md): staff only; anyone else gets the site's 404 (the API decides). */
export async function loader({ context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  // A session that has not passed the second factor (docs/decisions/0023-console-second-factor.md) is sent to its page by the pages'
  // own calls (`opsCall` turns the API's second_factor_required into the redirect); /me is open to it.
  const me = await opsCall(state, opsEndpoints.opsMe, {});
  // The console's words come with the console (the shell every traveller loads leaves them out).
  return { me: me.data, consoleMessages: consoleMessages(context.get(requestStateContext).locale) };
}
