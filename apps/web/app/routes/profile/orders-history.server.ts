import { endpoints } from '@parvoz/contracts/endpoints';
import type { Route } from './+types/orders-history';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { runGuards } from '../../lib/guards.server.ts';

/** Active orders and order history (spec §2): GET /v1/orders?status=active|history. */
export async function loader({ context }: Route.LoaderArgs) {
  await runGuards(context, 'auth');
  const { api } = context.get(requestStateContext);
  const [active, history] = await Promise.all([
    callEndpoint(api, endpoints.listOrders, { query: { status: 'active' } }),
    callEndpoint(api, endpoints.listOrders, { query: { status: 'history' } }),
  ]);
  return { active: active.data, history: history.data };
}
