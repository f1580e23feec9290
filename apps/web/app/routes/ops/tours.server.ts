import type { Route } from './+types/tours';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { opsCall } from '../../features/ops/ops-api.server.ts';

/** Every tour, published or not (docs/after-sale.md §7); staff only, like the whole console. */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await opsCall(context.get(requestStateContext), opsEndpoints.opsListTours, {});
  return { tours: answer.data };
}
