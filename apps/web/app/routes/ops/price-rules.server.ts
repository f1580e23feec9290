import { data } from 'react-router';
import { z } from 'zod';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import { opsPriceRuleParamsSchema } from '@parvoz/contracts/ops-pricing';
import type { Route } from './+types/price-rules';
import { ApiError } from '../../lib/api.server.ts';
import { apiFieldErrors, parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import { requestStateContext, type RequestState } from '../../lib/request-context.server.ts';
import { opsCall } from '../../features/ops/ops-api.server.ts';
import { actionKeySchema, newActionKey } from '../../features/ops/action-key.server.ts';
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
  const [rules, staff] = await Promise.all([
    opsCall(state, opsEndpoints.opsListPriceRules, {}),
    opsCall(state, opsEndpoints.opsListStaff, {}),
  ]);
  // Authors by email; the Idempotency-Key of each write this page may post (docs/after-sale.md §6).
  const authors = Object.fromEntries(staff.data.map((s) => [s.user_id, s.email]));
  const keys = Object.fromEntries(rules.data.map((rule) => [rule.id, newActionKey()]));
  return { rules: rules.data, authors, newKey: newActionKey(), keys, now: new Date().toISOString() };
}

const ruleId = opsPriceRuleParamsSchema.shape.id;
const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), key: actionKeySchema }),
  z.object({ intent: z.literal('edit'), rule_id: ruleId }),
  z.object({ intent: z.literal('retire'), rule_id: ruleId, key: actionKeySchema }),
]);

/**
 * Only admins learn that a form was wrong: the rules' list answers 404 to anyone else (operators included), and
 * so does this page's action.
 */
const adminsOnly = (state: RequestState) => opsCall(state, opsEndpoints.opsListPriceRules, {});

/** An answer the API gave on purpose (not a fault, not a rate limit): the page shows it. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status < 500 && error.status !== 429;

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
  const posted = parseForm(form, intentSchema);
  if (posted.status !== 'success') {
    await adminsOnly(state);
    return data<PriceRuleActionResult>({ problem: 'ops.priceRules.invalid' }, { status: 400 });
  }
  const sent = posted.value;
  if (sent.intent === 'create') return saveRule(state, form, null, sent.key);
  if (sent.intent === 'edit') return saveRule(state, form, sent.rule_id);
  try {
    await opsCall(state, opsEndpoints.opsRetirePriceRule, {
      params: { id: sent.rule_id },
      body: {},
      idempotencyKey: sent.key,
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return data<PriceRuleActionResult>({ problem: 'ops.priceRules.invalid' }, { status: error.status });
  }
  return data<PriceRuleActionResult>({ done: 'ops.priceRules.retiredDone' });
}
