import { data } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { opsOrderParamsSchema } from '@parvoz/contracts/ops';
import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import type { OrderCancellation } from '@parvoz/contracts/order-cancellations';
import type { Route } from './+types/order';
import type { MessageKey } from '../../lib/i18n.tsx';
import { ApiError } from '../../lib/api.server.ts';
import { refusalOf } from '../../lib/endpoint-client.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { providerNames } from '../../lib/payment-providers.server.ts';
import { consoleNotFound, opsCall } from '../../features/ops/ops-api.server.ts';
import { actionKeySchema, newActionKey } from '../../features/ops/action-key.server.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = opsOrderParamsSchema.safeParse({ id: params.id });
  const state = context.get(requestStateContext);
  if (!id.success) {
    await opsCall(state, opsEndpoints.opsMe, {});
    throw consoleNotFound();
  }
  const answer = await opsCall(state, opsEndpoints.opsGetOrder, { params: id.data });
  // The refunds name their provider by id; its name, in the console's language, is the API's (no table here).
  const names = await providerNames(
    state,
    answer.data.refunds.map((refund) => refund.provider),
  );
  return { ...answer.data, providerNames: names };
}

export type Confirm =
  | { step: 'note'; key: string; text: string }
  | { step: 'resend'; key: string }
  | { step: 'ticketing-retry'; key: string }
  | { step: 'ticketing-refund'; key: string }
  | { step: 'ticketing-create-again'; key: string }
  | { step: 'refund'; key: string; refund_id: string; amount: string; currency: string; provider: string }
  | { step: 'contact'; key: string; full_name: string; email: string; phone: string; reason: string }
  | {
      step: 'override';
      key: string;
      cancellation_id: string;
      refund_amount: string;
      reason: string;
      quoted: string;
    };

/** The forms the operator fills in: a refusal shows its errors next to their fields. */
export type FieldForm = 'note' | 'contact' | 'override';

export type ActionResult =
  | { done: MessageKey }
  | { quote: OrderCancellation & { key: string } }
  | { confirm: Confirm }
  | { problem: MessageKey; form?: FieldForm; submission?: SubmissionResult };

/** The order actions' endpoints, whose refusals the page says in words. */
const ORDER_ACTIONS = [
  opsEndpoints.opsAddOrderNote,
  opsEndpoints.opsResendConfirmation,
  opsEndpoints.opsRetryRefund,
  opsEndpoints.opsRetryTicketing,
  opsEndpoints.opsRefundTicketing,
  opsEndpoints.opsCreateTicketingAgain,
  opsEndpoints.opsCorrectContact,
  opsEndpoints.opsCancelOrder,
  opsEndpoints.opsCancelOrderWithOverride,
  opsEndpoints.opsQuoteCancellation,
] as const;

/** What the page says of an order action the API refused (422), by the reason its contract gives. */
function refusalWords(error: unknown): MessageKey {
  const refusal = refusalOf(error, ...ORDER_ACTIONS);
  switch (refusal?.code === 'unprocessable' ? refusal.details.reason : undefined) {
    case 'not_ticketed':
      return 'ops.order.notTicketed';
    case 'refund_exceeds_payment':
      return 'ops.order.override.tooMuch';
    case 'refund_not_failed':
      return 'ops.refund.notFailed';
    case 'no_ticketing_problem':
      return 'ops.ticketing.noProblem';
    case 'paid_at_supplier':
      return 'ops.ticketing.paidAtSupplier';
    default:
      return 'ops.order.cancelRefused';
  }
}

/** The refund-retry buttons' one field. */
const refundRetryFormSchema = z.object({ refund_id: z.uuid() });

/**
 * One order action the console asks about first (docs/after-sale.md §6): the request schema of its endpoint
 * reads the form (Conform, as the browser does); the first post answers `ask`'s confirmation, "Yes"
 * (`confirming`) sends it with the key made for that confirmation. The same steps for every action, written
 * once.
 */
function confirmedAction<S extends z.ZodType>(spec: {
  schema: S;
  /** The words of a refused form. */
  invalid: MessageKey;
  /** The form whose fields show the errors, when the operator typed them. */
  form?: FieldForm;
  /** Keep the form's other fields in a refusal's values (the override's quoted amount, shown again). */
  allFields?: boolean;
  /** Prepares the form before it is read (e.g. a decimal comma). */
  prepare?: (form: FormData) => FormData;
  /** `sent` is the form as posted (Conform's payload), to show beside the question what was typed. */
  ask: (
    body: z.output<S>,
    sent: Record<string, unknown>,
  ) => Confirm | ActionResult | Promise<Confirm | ActionResult>;
  send: (body: z.output<S>, key: string) => Promise<unknown>;
  done: MessageKey;
}) {
  /** Without a key it asks; with the confirmation's key (its "Yes") it sends. */
  return async (form: FormData, key?: string) => {
    const submission = parseForm(spec.prepare ? spec.prepare(form) : form, spec.schema, {
      onlySchemaFields: !spec.allFields,
    });
    if (submission.status !== 'success') {
      const shown = spec.form ? { form: spec.form, submission: submission.reply() } : {};
      return data<ActionResult>({ problem: spec.invalid, ...shown }, { status: 400 });
    }
    if (key === undefined) {
      const asked = await spec.ask(submission.value, submission.payload);
      return 'step' in asked
        ? data<ActionResult>({ confirm: asked })
        : data<ActionResult>(asked, { status: 422 });
    }
    await spec.send(submission.value, key);
    return data<ActionResult>({ done: spec.done });
  };
}

/** A posted field as text ('' when missing), only for what is shown beside an action. */
const text = (sent: Record<string, unknown>, name: string) => {
  const value = sent[name];
  return typeof value === 'string' ? value.slice(0, 2000) : '';
};

/** The actions that ask first, by the `intent` of their first post; their "Yes" posts `<intent>-confirm`. */
const ASKING = [
  'note',
  'resend',
  'ticketing-retry',
  'ticketing-refund',
  'ticketing-create-again',
  'refund-retry',
  'contact',
  'override',
] as const;
type Asking = (typeof ASKING)[number];
const confirmIntent = <const I extends Asking>(intent: I) => `${intent}-confirm` as const;

/**
 * Which action a post is (its `intent`) and, for a "Yes", the confirmation's key; each action's own fields
 * are read by its endpoint's schema (`confirmedAction`). "quote" asks the API for the cancellation's terms,
 * whose "Yes" is "cancel".
 */
const orderIntentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('quote') }),
  z.object({ intent: z.enum(ASKING) }),
  z.object({ intent: z.enum(ASKING.map(confirmIntent) as [`${Asking}-confirm`]), key: actionKeySchema }),
  z.object({ intent: z.literal('cancel'), key: actionKeySchema }),
]);

/**
 * Every action asks first and is written to the audit log by the API: the first post answers the
 * confirmation (with a new Idempotency-Key), "Yes" posts the action with that key.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const state = context.get(requestStateContext);
  const id = opsOrderParamsSchema.safeParse({ id: params.id });
  if (!id.success) throw consoleNotFound();
  const form = await request.formData();
  const posted = parseForm(form, orderIntentSchema);
  if (posted.status !== 'success') {
    // Only staff learn that a form was wrong (the API answers 404 to anyone else).
    await opsCall(state, opsEndpoints.opsMe, {});
    return data<ActionResult>({ problem: 'ops.order.invalid' }, { status: 400 });
  }
  const sent = posted.value;
  const order = id.data;
  const actions = {
    note: confirmedAction({
      schema: opsEndpoints.opsAddOrderNote.body,
      invalid: 'ops.order.noteInvalid',
      form: 'note',
      ask: (body) => ({ step: 'note', key: newActionKey(), text: body.text }),
      send: (body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsAddOrderNote, { params: order, body, idempotencyKey }),
      done: 'ops.order.noted',
    }),
    resend: confirmedAction({
      schema: z.object({}),
      invalid: 'ops.order.invalid',
      ask: () => ({ step: 'resend', key: newActionKey() }),
      send: (_body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsResendConfirmation, { params: order, body: {}, idempotencyKey }),
      done: 'ops.order.resent',
    }),
    'ticketing-retry': confirmedAction({
      schema: z.object({}),
      invalid: 'ops.order.invalid',
      ask: () => ({ step: 'ticketing-retry', key: newActionKey() }),
      send: (_body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsRetryTicketing, { params: order, idempotencyKey }),
      done: 'ops.ticketing.retried',
    }),
    'ticketing-refund': confirmedAction({
      schema: z.object({}),
      invalid: 'ops.order.invalid',
      ask: () => ({ step: 'ticketing-refund', key: newActionKey() }),
      send: (_body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsRefundTicketing, { params: order, idempotencyKey }),
      done: 'ops.ticketing.refunded',
    }),
    'ticketing-create-again': confirmedAction({
      schema: z.object({}),
      invalid: 'ops.order.invalid',
      ask: () => ({ step: 'ticketing-create-again', key: newActionKey() }),
      send: (_body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsCreateTicketingAgain, { params: order, idempotencyKey }),
      done: 'ops.ticketing.createdAgain',
    }),
    'refund-retry': confirmedAction({
      schema: refundRetryFormSchema,
      invalid: 'ops.order.invalid',
      ask: async (body): Promise<Confirm | ActionResult> => {
        const { refunds } = (await opsCall(state, opsEndpoints.opsGetOrder, { params: order })).data;
        const refund = refunds.find((r) => r.id === body.refund_id);
        if (!refund || refund.status !== 'failed') return { problem: 'ops.refund.notFailed' };
        const { amount, currency, provider } = refund;
        return { step: 'refund', key: newActionKey(), refund_id: refund.id, amount, currency, provider };
      },
      send: (body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsRetryRefund, {
          params: { ...order, refund_id: body.refund_id },
          body: {},
          idempotencyKey,
        }),
      done: 'ops.refund.retried',
    }),
    contact: confirmedAction({
      schema: opsEndpoints.opsCorrectContact.body,
      invalid: 'ops.order.contact.invalid',
      form: 'contact',
      // The question repeats what was typed; "Yes" sends it again, checked again.
      ask: (_body, typed) => ({
        step: 'contact',
        key: newActionKey(),
        full_name: text(typed, 'full_name'),
        email: text(typed, 'email'),
        phone: text(typed, 'phone'),
        reason: text(typed, 'reason'),
      }),
      send: (body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsCorrectContact, { params: order, body, idempotencyKey }),
      done: 'ops.order.contact.done',
    }),
    cancel: confirmedAction({
      schema: opsEndpoints.opsCancelOrder.body,
      invalid: 'ops.order.cancelRefused',
      // Its question is the quote (intent "quote" below).
      ask: () => ({ problem: 'ops.order.invalid' }),
      send: (body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsCancelOrder, { params: order, body, idempotencyKey }),
      done: 'ops.order.cancelledDone',
    }),
    override: confirmedAction({
      schema: opsEndpoints.opsCancelOrderWithOverride.body,
      invalid: 'ops.order.override.invalid',
      form: 'override',
      // Not a strict schema: its other fields (intent, quoted) are ignored, and kept for the form shown again.
      allFields: true,
      prepare: (raw) => {
        const prepared = new FormData();
        for (const [name, value] of raw)
          prepared.append(
            name,
            name === 'refund_amount' && typeof value === 'string' ? value.replace(',', '.') : value,
          );
        return prepared;
      },
      ask: (body, typed) => ({
        step: 'override',
        key: newActionKey(),
        ...body,
        // Only shown beside the new amount: a number or nothing.
        quoted: /^\d{1,12}(\.\d{1,2})?$/.test(text(typed, 'quoted')) ? text(typed, 'quoted') : '0',
      }),
      send: (body, idempotencyKey) =>
        opsCall(state, opsEndpoints.opsCancelOrderWithOverride, { params: order, body, idempotencyKey }),
      done: 'ops.order.cancelledDone',
    }),
  };
  try {
    if (sent.intent === 'quote') {
      const quote = await opsCall(state, opsEndpoints.opsQuoteCancellation, { params: order });
      return data<ActionResult>({ quote: { ...quote.data, key: newActionKey() } });
    }
    // "cancel" is the "Yes" of the quote; every other action is "<name>", then "<name>-confirm".
    if (sent.intent === 'cancel') return await actions.cancel(form, sent.key);
    if ('key' in sent)
      return await actions[sent.intent.slice(0, -'-confirm'.length) as Asking](form, sent.key);
    return await actions[sent.intent](form);
  } catch (error) {
    if (error instanceof ApiError && error.status === 422)
      return data<ActionResult>({ problem: refusalWords(error) }, { status: 422 });
    if (error instanceof ApiError && error.status === 400)
      return data<ActionResult>({ problem: 'ops.order.invalid' }, { status: 400 });
    if (error instanceof ApiError && error.status === 429)
      return data<ActionResult>({ problem: 'ops.order.rateLimited' }, { status: 429 });
    throw error;
  }
}
