import { opsTourParamsSchema, type OpsTourHistoryEntry } from '@parvoz/contracts/ops-tours';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import type { Route } from './+types/tour-edit';
import { type MessageKey } from '../../lib/i18n.tsx';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { consoleNotFound, opsCall } from '../../features/ops/ops-api.server.ts';
import { tourAction } from './tour-action.server.ts';

const DONE = { created: 'ops.tours.created' } as const satisfies Record<string, MessageKey>;

/** /ops/tours/new (no id) or one tour with its history. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const justDone = new URL(request.url).searchParams.get('done') === 'created' ? DONE.created : null;
  if (params.id === undefined) {
    await opsCall(state, opsEndpoints.opsMe, {});
    return { tour: null, history: [] as OpsTourHistoryEntry[], justDone: null };
  }
  const id = opsTourParamsSchema.safeParse({ id: params.id });
  if (!id.success) {
    await opsCall(state, opsEndpoints.opsMe, {});
    throw consoleNotFound();
  }
  const answer = await opsCall(state, opsEndpoints.opsGetTour, { params: id.data });
  return { ...answer.data, justDone };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = params.id === undefined ? null : opsTourParamsSchema.safeParse({ id: params.id });
  if (id && !id.success) throw consoleNotFound();
  return tourAction(request, context.get(requestStateContext), id?.data.id ?? null);
}
