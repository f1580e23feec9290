import { data } from 'react-router';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { opsPriceRuleParamsSchema } from '@parvoz/contracts/ops-pricing';
import type { Route } from './+types/price-rules';
import { apiFieldErrors, parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import { requestStateContext, type RequestState } from '../../lib/request-context.server.ts';
import { opsCall } from '../../features/ops/ops-api.server.ts';
import {
  isRefusal,
  loadVersionedItems,
  versionedItemsAction,
} from '../../features/ops/versioned-items.server.ts';
import {
  PREVIEW_FIELD,
  priceRuleFormSchema,
  ruleFieldErrors,
  ruleFormId,
  ruleInputOf,
  type PriceRuleActionResult,
} from './price-rules-form.ts';

/** Admins only: the API answers 404 to operators, and so does this page (as the staff page). */
export async function loader({ context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const { items, ...rest } = await loadVersionedItems(
    state,
    opsCall(state, opsEndpoints.opsListPriceRules, {}),
  );
  return { rules: items, ...rest, now: new Date().toISOString() };
}

/**
 * Only admins learn that a form was wrong: the rules' list answers 404 to anyone else (operators included), and
 * so does this page's action.
 */
const adminsOnly = (state: RequestState) => opsCall(state, opsEndpoints.opsListPriceRules, {});

async function saveRule(state: RequestState, form: FormData, id: string | null, key?: string) {
  const formId = ruleFormId(id);
  const submission = parseForm(form, priceRuleFormSchema);
  if (submission.status !== 'success') {
    await adminsOnly(state);
    return data<PriceRuleActionResult>(
      { problem: 'ops.priceRules.invalid', formId, submission: submission.reply() },
      { status: 400 },
    );
  }
  const body = ruleInputOf(submission.value);
  try {
    // The draft tried on the last 30 days; nothing is saved (docs/operations.md, "Pricing rules").
    if (form.get(PREVIEW_FIELD)) {
      const tried = await opsCall(state, opsEndpoints.opsPreviewPriceRule, {
        body: { rule: body, ...(id ? { rule_id: id } : {}) },
      });
      return data<PriceRuleActionResult>({ preview: tried.data, formId, submission: submission.reply() });
    }
    if (id) await opsCall(state, opsEndpoints.opsUpdatePriceRule, { params: { id }, body });
    else await opsCall(state, opsEndpoints.opsCreatePriceRule, { body, idempotencyKey: key! });
    return data<PriceRuleActionResult>({ done: id ? 'ops.priceRules.saved' : 'ops.priceRules.created' });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const fieldErrors = ruleFieldErrors(apiFieldErrors(error) ?? { '': ['invalid'] });
    return data<PriceRuleActionResult>(
      {
        problem: 'ops.priceRules.invalid',
        formId,
        submission: replyWithFieldErrors(submission, fieldErrors),
      },
      { status: error.status },
    );
  }
}

/** The page's posts: a new rule, a rule's next version (either previewed first), a rule retired (after its confirmation). */
export async function action({ request, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const form = await request.formData();
  return versionedItemsAction(form, {
    idField: 'rule_id',
    id: opsPriceRuleParamsSchema.shape.id,
    adminsOnly: () => adminsOnly(state),
    save: (id, key) => saveRule(state, form, id, key),
    retire: (id, key) =>
      opsCall(state, opsEndpoints.opsRetirePriceRule, { params: { id }, body: {}, idempotencyKey: key }),
    invalid: 'ops.priceRules.invalid',
    retiredDone: 'ops.priceRules.retiredDone',
  });
}
