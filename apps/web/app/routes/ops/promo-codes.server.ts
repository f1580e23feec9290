import { data } from 'react-router';
import { z } from 'zod';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { opsPromoCodeParamsSchema } from '@parvoz/contracts/promo-codes';
import type { Route } from './+types/promo-codes';
import { ApiError } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { requestStateContext, type RequestState } from '../../lib/request-context.server.ts';
import { opsCall } from '../../features/ops/ops-api.server.ts';
import { actionKeySchema, newActionKey } from '../../features/ops/action-key.server.ts';
import {
  promoCodeFormSchema,
  promoFormId,
  promoInputOf,
  type PromoCodeActionResult,
} from './promo-codes-form.ts';

/** Admins only: the API answers 404 to operators, and so does this page (as the pricing rules' page). */
export async function loader({ context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const [codes, staff] = await Promise.all([
    opsCall(state, opsEndpoints.opsListPromoCodes, {}),
    opsCall(state, opsEndpoints.opsListStaff, {}),
  ]);
  // Authors by email; the Idempotency-Key of each write this page may post (docs/after-sale.md §6).
  const authors = Object.fromEntries(staff.data.map((s) => [s.user_id, s.email]));
  const keys = Object.fromEntries(codes.data.map((code) => [code.id, newActionKey()]));
  return { codes: codes.data, authors, newKey: newActionKey(), keys };
}

const codeId = opsPromoCodeParamsSchema.shape.id;
const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), key: actionKeySchema }),
  z.object({ intent: z.literal('edit'), code_id: codeId }),
  z.object({ intent: z.literal('retire'), code_id: codeId, key: actionKeySchema }),
]);

/** Only admins learn that a form was wrong: the codes' list answers 404 to anyone else. */
const adminsOnly = (state: RequestState) => opsCall(state, opsEndpoints.opsListPromoCodes, {});

/** An answer the API gave on purpose (not a fault, not a rate limit): the page shows it. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status < 500 && error.status !== 429;

const taken = (error: ApiError) =>
  (error.body as { error?: { details?: { reason?: string } } })?.error?.details?.reason === 'code_taken';

async function saveCode(state: RequestState, form: FormData, id: string | null, key?: string) {
  const formId = promoFormId(id);
  const submission = parseForm(form, promoCodeFormSchema);
  if (submission.status !== 'success') {
    await adminsOnly(state);
    return data<PromoCodeActionResult>({ problem: 'ops.promoCodes.invalid', formId }, { status: 400 });
  }
  const body = promoInputOf(submission.value);
  try {
    if (id) await opsCall(state, opsEndpoints.opsUpdatePromoCode, { params: { id }, body });
    else await opsCall(state, opsEndpoints.opsCreatePromoCode, { body, idempotencyKey: key! });
    return data<PromoCodeActionResult>({ done: id ? 'ops.promoCodes.saved' : 'ops.promoCodes.created' });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const problem = taken(error) ? 'ops.promoCodes.codeTaken' : 'ops.promoCodes.invalid';
    return data<PromoCodeActionResult>({ problem, formId }, { status: error.status });
  }
}

/** The page's posts: a new code, a code's next version, a code retired (after its confirmation). */
export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const form = await request.formData();
  const posted = parseForm(form, intentSchema);
  if (posted.status !== 'success') {
    await adminsOnly(state);
    return data<PromoCodeActionResult>({ problem: 'ops.promoCodes.invalid' }, { status: 400 });
  }
  const sent = posted.value;
  if (sent.intent === 'create') return saveCode(state, form, null, sent.key);
  if (sent.intent === 'edit') return saveCode(state, form, sent.code_id);
  try {
    await opsCall(state, opsEndpoints.opsRetirePromoCode, {
      params: { id: sent.code_id },
      body: {},
      idempotencyKey: sent.key,
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return data<PromoCodeActionResult>({ problem: 'ops.promoCodes.invalid' }, { status: error.status });
  }
  return data<PromoCodeActionResult>({ done: 'ops.promoCodes.retiredDone' });
}
