import { data } from 'react-router';
import { z } from 'zod';
import { opsOutboxParamsSchema } from '@parvoz/contracts/ops';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import type { Route } from './+types/home';
import type { MessageKey } from '../../lib/i18n.tsx';
import { ApiError } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { opsCall } from '../../features/ops/ops-api.server.ts';
import { actionKeySchema, newActionKey } from '../../features/ops/action-key.server.ts';

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

/** The outbox's buttons: "Retry" names the email, its "Yes" the email and the confirmation's key. */
const outboxFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('retry'), id: opsOutboxParamsSchema.shape.id }),
  z.object({ intent: z.literal('retry-confirm'), id: opsOutboxParamsSchema.shape.id, key: actionKeySchema }),
]);

/**
 * Retrying a failed email asks first; "Yes" posts it with the confirmation's Idempotency-Key. A form the
 * schema refuses (no such intent, no email's id, no key) is said so and sends nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const submission = parseForm(await request.formData(), outboxFormSchema);
  if (submission.status !== 'success') {
    // Only staff learn that a form was wrong (the API answers 404 to anyone else).
    await opsCall(state, opsEndpoints.opsMe, {});
    return data<ActionResult>({ problem: 'ops.overview.notFailed' }, { status: 400 });
  }
  const sent = submission.value;
  if (sent.intent === 'retry') return data<ActionResult>({ confirm: { id: sent.id, key: newActionKey() } });
  const idempotencyKey = sent.key;
  try {
    await opsCall(state, opsEndpoints.opsRetryEmail, { params: { id: String(sent.id) }, idempotencyKey });
    return data<ActionResult>({ done: 'ops.overview.retried' });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 422 || error.status === 400))
      return data<ActionResult>({ problem: 'ops.overview.notFailed' }, { status: error.status });
    if (error instanceof ApiError && error.status === 429)
      return data<ActionResult>({ problem: 'ops.overview.rateLimited' }, { status: 429 });
    throw error;
  }
}
