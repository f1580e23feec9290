/**
 * The order page's after-sale actions (docs/after-sale.md), on the API's endpoints with the visitor's session or the
 * order's access cookie: the cancellation quote and its confirmation, and managing the booking (contact
 * phone, contact email by a code sent to the new address, the tickets again). A refusal comes back as data
 * for the page in its language; an order the visitor may not see is the page's 404.
 */
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { airlineChangeParamsSchema, contactEmailSchema } from '@parvoz/contracts/booking';
import { endpoints } from '@parvoz/contracts/endpoints';
import { orderCancellationIdParamsSchema } from '@parvoz/contracts/order-cancellations';
import {
  changePhoneRequestSchema,
  emailChangeConfirmRequestSchema,
  emailChangeParamsSchema,
  emailChangeRequestSchema,
} from '@parvoz/contracts/order-manage';
import type { Locale } from '@parvoz/i18n/locales';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint, refusalOf } from '../../lib/endpoint-client.server.ts';
import { schemaFields } from '../../lib/form-fields.ts';
import { parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import { notFound } from '../../lib/not-found.server.ts';
import type { MessageKey } from '../../lib/i18n.tsx';
import { readOrderAccess } from '../../lib/order-access.server.ts';
import type { RequestState } from '../../lib/request-context.server.ts';
import {
  CANCEL_REFUSALS,
  type CancelError,
  type ChangeError,
  type CancelQuote,
  type ManageIntent,
  type ManageResult,
  type PendingEmailChange,
} from './order-after-sale.ts';

/** "Yes, cancel" carries the quote it confirms (the confirm endpoint's id rule). */
const cancelConfirmSchema = z.object({ cancellation_id: orderCancellationIdParamsSchema.shape.id });
/** "Accept the new schedule" carries the airline's change (the accept endpoint's rule). */
const acceptChangeSchema = z.object({ change_id: airlineChangeParamsSchema.shape.change_id });

/**
 * The hidden fields a form of this page carries (ids the page wrote from the API's answers), read with the
 * API's rules; anything else is no form of this page. Also on a field's check as the visitor corrects the
 * form's field (a Conform intent, sent here when the browser has no schema): they were written, not typed.
 */
function hiddenFields<S extends z.ZodType>(form: FormData, schema: S): z.output<S> {
  const read = schema.safeParse(Object.fromEntries(schemaFields(form, schema)));
  if (!read.success) throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
  return read.data;
}

/** The field messages of the manage contract (packages/contracts/src/order-manage.ts). */
const FIELD_MESSAGES: readonly MessageKey[] = [
  'booking.error.phone',
  'booking.error.email',
  'manage.error.code',
];

/** A field's message of the manage contract (the schema's or the API's), as the page says it. */
const fieldMessage = (message: unknown): MessageKey =>
  FIELD_MESSAGES.find((key) => key === message) ?? 'manage.error.failed';

/** The endpoint of each "manage the booking" form. */
const MANAGE_ENDPOINTS = {
  'change-phone': endpoints.changeOrderPhone,
  'email-change': endpoints.requestOrderEmailChange,
  'email-confirm': endpoints.confirmOrderEmailChange,
  resend: endpoints.resendOrderTickets,
} as const satisfies Record<ManageIntent, unknown>;

/** What the page says of a refused "manage the booking" form. */
function manageRefusalWords(
  error: unknown,
  intent: ManageIntent,
): { message: MessageKey; values?: Record<string, number> } {
  const refusal = refusalOf(error, MANAGE_ENDPOINTS[intent]);
  switch (refusal?.code) {
    case 'validation_failed':
      return { message: fieldMessage(refusal.details[0]?.message) };
    case 'invalid_code':
      return refusal.details.reason === 'wrong_code'
        ? { message: 'manage.email.wrongCode', values: { attempts: refusal.details.attempts_left } }
        : { message: 'manage.email.expired' };
    case 'unprocessable':
      return {
        message: refusal.details.reason === 'same_email' ? 'manage.email.same' : 'manage.error.failed',
      };
    default:
      return { message: 'manage.error.failed' };
  }
}

function accessQuery(request: Request, orderId: string) {
  const token = readOrderAccess(request, orderId);
  return token ? { access_token: token } : undefined;
}

export type CancelActionData = { cancellation: CancelQuote } | { error: CancelError };

/**
 * "Cancel this booking", in two steps that work without JavaScript: `cancel` asks the API for the quote and
 * the page shows what comes back; `cancel-confirm` confirms it and shows the order again.
 */
export async function cancelAction(
  state: RequestState,
  request: Request,
  lang: Locale,
  orderId: string,
  intent: 'cancel' | 'cancel-confirm',
  form: FormData,
) {
  const query = accessQuery(request, orderId);
  try {
    if (intent === 'cancel') {
      const { data: quote } = await callEndpoint(state.api, endpoints.quoteOrderCancellation, {
        body: { order_id: orderId },
        query,
      });
      const minutes = Math.max(1, Math.round((Date.parse(quote.expires_at) - Date.now()) / 60_000));
      return data<CancelActionData>({
        cancellation: {
          id: quote.id,
          refund_amount: quote.refund_amount,
          refund_currency: quote.refund_currency,
          refund_rule: quote.refund_rule,
          kept_amount: quote.kept_amount,
          // The airline's credits instead of money, when its quote says so: shown as credits, with their codes.
          ...(quote.refund_to ? { refund_to: quote.refund_to } : {}),
          ...(quote.airline_credits ? { airline_credits: quote.airline_credits } : {}),
          // The agency's service fee, and whether it comes back (docs/operations.md#cancellations-and-refunds).
          ...(quote.service_fee_amount
            ? {
                service_fee_amount: quote.service_fee_amount,
                service_fee_refunded: quote.service_fee_refunded ?? false,
              }
            : {}),
          minutes,
        },
      });
    }
    const { cancellation_id: id } = hiddenFields(form, cancelConfirmSchema);
    await callEndpoint(state.api, endpoints.confirmOrderCancellation, { params: { id }, query });
    // The order page again (not request.url: a client-side submission's URL is the `.data` one).
    return redirect(`/${lang}/orders/${orderId}`, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) throw notFound();
    if (error instanceof ApiError && error.status === 422) {
      const refusal = refusalOf(error, endpoints.quoteOrderCancellation, endpoints.confirmOrderCancellation);
      return data<CancelActionData>(
        {
          error:
            refusal?.code === 'unprocessable' ? CANCEL_REFUSALS[refusal.details.reason] : 'not_cancellable',
        },
        { status: 422 },
      );
    }
    state.log.error({ err: error }, 'cancel failed');
    return data<CancelActionData>({ error: 'cancel_failed' }, { status: 503 });
  }
}

/** "Accept the new schedule" of an airline's change (docs/duffel.md): the order page again, or why not. */
export async function acceptChangeAction(
  state: RequestState,
  request: Request,
  lang: Locale,
  orderId: string,
  form: FormData,
) {
  const { change_id: changeId } = hiddenFields(form, acceptChangeSchema);
  try {
    await callEndpoint(state.api, endpoints.acceptAirlineChange, {
      params: { id: orderId, change_id: changeId },
      query: accessQuery(request, orderId),
    });
    return redirect(`/${lang}/orders/${orderId}`, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) throw notFound();
    if (error instanceof ApiError && error.status === 422)
      return data<{ error: ChangeError }>({ error: 'change_not_acceptable' }, { status: 422 });
    state.log.error({ err: error }, 'airline change not accepted');
    return data<{ error: ChangeError }>({ error: 'change_failed' }, { status: 503 });
  }
}

/**
 * The change a code confirms, in the code form's hidden fields as the page wrote them from the API's answer
 * (the endpoint's `change_id` rule, the contact email it went to).
 */
const pendingChangeSchema = z.object({
  change_id: emailChangeParamsSchema.shape.change_id,
  change_email: contactEmailSchema,
});

type ManageFailure = { status: number; message: MessageKey; values?: Record<string, number> };

/** What the page says of a "manage the booking" call that failed; an order the visitor may not see is its 404. */
function manageFailure(state: RequestState, error: unknown, intent: ManageIntent): ManageFailure {
  if (!(error instanceof ApiError)) {
    state.log.error({ err: error, intent }, 'manage failed');
    return { status: 503, message: 'manage.error.failed' };
  }
  if ([401, 403, 404].includes(error.status)) throw notFound();
  if (error.status === 429) return { status: 429, message: 'manage.error.rateLimited' };
  return { status: error.status, ...manageRefusalWords(error, intent) };
}

/**
 * A "manage the booking" form with a field, read with its endpoint's request schema as the browser checks it
 * (lib/use-contract-form.ts): a refused field comes back under it without asking the API, and so does the
 * API's refusal of what the schema accepted (a wrong code, the same address), with what was typed.
 */
async function manageForm<S extends z.ZodType>(
  state: RequestState,
  read: {
    intent: Exclude<ManageIntent, 'resend'>;
    form: FormData;
    schema: S;
    field: string;
    change?: PendingEmailChange;
  },
  send: (value: z.output<S>) => Promise<ManageResult>,
) {
  const { intent, field, change } = read;
  const submission = parseForm(read.form, read.schema, { onlySchemaFields: true });
  if (submission.status !== 'success') {
    const message = fieldMessage(submission.error?.[field]?.[0]);
    const result: ManageResult = { manage: 'failed', intent, message, submission: submission.reply() };
    return data<ManageResult>(change ? { ...result, change } : result, { status: 400 });
  }
  try {
    return data<ManageResult>(await send(submission.value));
  } catch (error) {
    const { status, message, values } = manageFailure(state, error, intent);
    // Nothing left to try with an expired code, nor known to be, without the API's answer: the form to ask
    // for a new code comes back, with the words under its field.
    if (message === 'manage.email.expired' || (change && !(error instanceof ApiError))) {
      const reply = replyWithFieldErrors(submission, { email: [message] });
      return data<ManageResult>(
        { manage: 'failed', intent: 'email-change', message, submission: reply },
        { status },
      );
    }
    const result: ManageResult = {
      manage: 'failed',
      intent,
      message,
      ...(values ? { values } : {}),
      submission: replyWithFieldErrors(submission, { [field]: [message] }),
    };
    return data<ManageResult>(change ? { ...result, change } : result, { status });
  }
}

/** One "manage the booking" form. */
export async function manageAction(
  state: RequestState,
  request: Request,
  lang: Locale,
  orderId: string,
  intent: ManageIntent,
  form: FormData,
) {
  const query = accessQuery(request, orderId);
  const params = { id: orderId };
  switch (intent) {
    case 'change-phone':
      return manageForm(
        state,
        { intent, form, schema: changePhoneRequestSchema, field: 'phone' },
        async ({ phone }) => {
          await callEndpoint(state.api, endpoints.changeOrderPhone, { params, body: { phone }, query });
          return { manage: 'phone-changed' };
        },
      );
    case 'email-change':
      return manageForm(
        state,
        { intent, form, schema: emailChangeRequestSchema, field: 'email' },
        async ({ email }) => {
          const { data: change } = await callEndpoint(state.api, endpoints.requestOrderEmailChange, {
            params,
            body: { email, lang },
            query,
          });
          return { manage: 'email-code-sent', change: { id: change.id, email: change.email } };
        },
      );
    case 'email-confirm': {
      const { change_id, change_email } = hiddenFields(form, pendingChangeSchema);
      const change = { id: change_id, email: change_email };
      return manageForm(
        state,
        { intent, form, schema: emailChangeConfirmRequestSchema, field: 'code', change },
        async ({ code }) => {
          await callEndpoint(state.api, endpoints.confirmOrderEmailChange, {
            params: { ...params, change_id },
            body: { code },
            query,
          });
          return { manage: 'email-changed', email: change_email };
        },
      );
    }
    case 'resend':
      try {
        await callEndpoint(state.api, endpoints.resendOrderTickets, { params, body: { lang }, query });
        return data<ManageResult>({ manage: 'tickets-sent' });
      } catch (error) {
        const { status, message } = manageFailure(state, error, intent);
        return data<ManageResult>({ manage: 'failed', intent, message }, { status });
      }
  }
}
