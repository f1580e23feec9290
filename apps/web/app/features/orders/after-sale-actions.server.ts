/**
 * The order page's after-sale actions (issue 13), on the API's endpoints with the visitor's session or the
 * order's access cookie: the cancellation quote and its confirmation, and managing the booking (contact
 * phone, contact email by a code sent to the new address, the tickets again). A refusal comes back as data
 * for the page in its language; an order the visitor may not see is the page's 404.
 */
import { data, redirect } from 'react-router';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Locale } from '@parvoz/i18n/locales';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint, refusalOf } from '../../lib/endpoint-client.server.ts';
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
} from './after-sale.ts';

const CANCELLATION_ID = /^ocn_[A-Za-z0-9_-]{20,40}$/;
const AIRLINE_CHANGE_ID = /^chg_[A-Za-z0-9_-]{20,40}$/;
const CHANGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The field messages of the manage contract (packages/contracts/src/order-manage.ts). */
const FIELD_MESSAGES: readonly MessageKey[] = [
  'booking.error.phone',
  'booking.error.email',
  'manage.error.code',
];

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
    case 'validation_failed': {
      const message = refusal.details[0]?.message;
      return { message: FIELD_MESSAGES.find((key) => key === message) ?? 'manage.error.failed' };
    }
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
          minutes,
        },
      });
    }
    const id = form.get('cancellation_id');
    if (typeof id !== 'string' || !CANCELLATION_ID.test(id))
      throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
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

/** "Accept the new schedule" of an airline's change (issue 15): the order page again, or why not. */
export async function acceptChangeAction(
  state: RequestState,
  request: Request,
  lang: Locale,
  orderId: string,
  form: FormData,
) {
  const changeId = form.get('change_id');
  if (typeof changeId !== 'string' || !AIRLINE_CHANGE_ID.test(changeId))
    throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
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

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, 300) : '';
};

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
  const pending = () => {
    const id = field(form, 'change_id');
    const email = field(form, 'change_email');
    return CHANGE_ID.test(id) ? { id, email } : undefined;
  };
  try {
    switch (intent) {
      case 'change-phone':
        await callEndpoint(state.api, endpoints.changeOrderPhone, {
          params,
          body: { phone: field(form, 'phone') },
          query,
        });
        return data<ManageResult>({ manage: 'phone-changed' });
      case 'email-change': {
        const { data: change } = await callEndpoint(state.api, endpoints.requestOrderEmailChange, {
          params,
          body: { email: field(form, 'email'), lang },
          query,
        });
        return data<ManageResult>({
          manage: 'email-code-sent',
          change: { id: change.id, email: change.email },
        });
      }
      case 'email-confirm': {
        const change = pending();
        if (!change) throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
        await callEndpoint(state.api, endpoints.confirmOrderEmailChange, {
          params: { ...params, change_id: change.id },
          body: { code: field(form, 'code') },
          query,
        });
        return data<ManageResult>({ manage: 'email-changed', email: change.email });
      }
      case 'resend':
        await callEndpoint(state.api, endpoints.resendOrderTickets, { params, body: { lang }, query });
        return data<ManageResult>({ manage: 'tickets-sent' });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiError)) {
      state.log.error({ err: error, intent }, 'manage failed');
      return data<ManageResult>(
        { manage: 'failed', intent, message: 'manage.error.failed' },
        { status: 503 },
      );
    }
    if ([401, 403, 404].includes(error.status)) throw notFound();
    const change = intent === 'email-confirm' ? pending() : undefined;
    const failed = (message: MessageKey, values?: Record<string, number | string>) =>
      data<ManageResult>(
        { manage: 'failed', intent, message, ...(values ? { values } : {}), ...(change ? { change } : {}) },
        { status: error.status },
      );
    if (error.status === 429) return failed('manage.error.rateLimited');
    const { message, values } = manageRefusalWords(error, intent);
    // Nothing left to try with an expired code: the form to ask for a new one comes back.
    if (message === 'manage.email.expired')
      return data<ManageResult>({ manage: 'failed', intent, message }, { status: 422 });
    return failed(message, values);
  }
}
