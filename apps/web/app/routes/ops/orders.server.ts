import { opsOrderSearchSchema } from '@parvoz/contracts/ops';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import type { Route } from './+types/orders';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { opsCall } from '../../features/ops/ops-api.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const given = Object.fromEntries([...url.searchParams].filter(([, v]) => v !== ''));
  const parsed = opsOrderSearchSchema.safeParse(given);
  const state = context.get(requestStateContext);
  if (!parsed.success) {
    await opsCall(state, opsEndpoints.opsMe, {});
    return { invalid: true as const, result: null };
  }
  const answer = await opsCall(state, opsEndpoints.opsSearchOrders, { query: parsed.data });
  return { invalid: false as const, result: answer.data };
}
