import { data } from 'react-router';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { opsPromoCodeParamsSchema } from '@parvoz/contracts/promo-codes';
import type { Route } from './+types/promo-codes';
import type { ApiError } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { requestStateContext, type RequestState } from '../../lib/request-context.server.ts';
import { opsCall } from '../../features/ops/ops-api.server.ts';
import {
  isRefusal,
  loadVersionedItems,
  versionedItemsAction,
} from '../../features/ops/versioned-items.server.ts';
import {
  promoCodeFormSchema,
  promoFormId,
  promoInputOf,
  type PromoCodeActionResult,
} from './promo-codes-form.ts';

/** Admins only: the API answers 404 to operators, and so does this page (as the pricing rules' page). */
export async function loader({ context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const { items, ...rest } = await loadVersionedItems(
    state,
    opsCall(state, opsEndpoints.opsListPromoCodes, {}),
  );
  return { codes: items, ...rest };
}

/** Only admins learn that a form was wrong: the codes' list answers 404 to anyone else. */
const adminsOnly = (state: RequestState) => opsCall(state, opsEndpoints.opsListPromoCodes, {});

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
  return versionedItemsAction(form, {
    idField: 'code_id',
    id: opsPromoCodeParamsSchema.shape.id,
    adminsOnly: () => adminsOnly(state),
    save: (id, key) => saveCode(state, form, id, key),
    retire: (id, key) =>
      opsCall(state, opsEndpoints.opsRetirePromoCode, { params: { id }, body: {}, idempotencyKey: key }),
    invalid: 'ops.promoCodes.invalid',
    retiredDone: 'ops.promoCodes.retiredDone',
  });
}
