import { data } from 'react-router';
import { opsOutboxParamsSchema } from '@parvoz/contracts/ops';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import type { Route } from './+types/home';
import type { MessageKey } from '../../lib/i18n.tsx';
import { ApiError } from '../../lib/api.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { opsCall } from '../../features/ops/ops-api.server.ts';
import { actionKeyOf, newActionKey } from '../../features/ops/action-key.server.ts';

const EXPORT_PROBLEMS: Record<string, MessageKey> = {
  invalid: 'ops.overview.exportInvalid',
  rate_limited: 'ops.overview.rateLimited',
};

/** The console's landing page (docs/after-sale.md §8): the last 30 days in figures, the emails, the CSV export. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const [overview, outbox] = await Promise.all([
    opsCall(state, opsEndpoints.opsOverview, {}),
    opsCall(state, opsEndpoints.opsOutbox, {}),
  ]);
  const problem = EXPORT_PROBLEMS[new URL(request.url).searchParams.get('export') ?? ''] ?? null;
  return { overview: overview.data, outbox: outbox.data, exportProblem: problem };
}

type ActionResult = { done: MessageKey } | { problem: MessageKey } | { confirm: { id: number; key: string } };

/** Retrying a failed email asks first; "Yes" posts it with the confirmation's Idempotency-Key. */
export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const form = await request.formData();
  const id = opsOutboxParamsSchema.safeParse({ id: form.get('id') });
  if (!id.success) return data<ActionResult>({ problem: 'ops.overview.notFailed' }, { status: 400 });
  const intent = form.get('intent');
  if (intent === 'retry') return data<ActionResult>({ confirm: { id: id.data.id, key: newActionKey() } });
  if (intent !== 'retry-confirm')
    throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
  const idempotencyKey = actionKeyOf(form);
  try {
    await opsCall(state, opsEndpoints.opsRetryEmail, { params: { id: String(id.data.id) }, idempotencyKey });
    return data<ActionResult>({ done: 'ops.overview.retried' });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 422 || error.status === 400))
      return data<ActionResult>({ problem: 'ops.overview.notFailed' }, { status: error.status });
    if (error instanceof ApiError && error.status === 429)
      return data<ActionResult>({ problem: 'ops.overview.rateLimited' }, { status: 429 });
    throw error;
  }
}
