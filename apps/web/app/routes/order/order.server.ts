import { data, redirect, redirectDocument } from 'react-router';
import {
  paymentProviderNameSchema,
  PAYMENT_RESULTS,
  type Order,
  type PaymentProviderDisplay,
} from '@parvoz/contracts/booking';
import { z } from 'zod';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Locale } from '@parvoz/i18n/locales';
import type { Route } from './+types/order';
import { requestStateContext, type RequestState } from '../../lib/request-context.server.ts';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { providerDisplays } from '../../lib/payment-providers.server.ts';
import { notFound, orNotFound } from '../../lib/not-found.server.ts';
import {
  isAccessToken,
  isOrderId,
  orderAccessCookie,
  readOrderAccess,
} from '../../lib/order-access.server.ts';
import { MANAGE_INTENTS, type ChangeError, type ManageResult } from './order-after-sale.ts';
import {
  acceptChangeAction,
  cancelAction,
  manageAction,
  type CancelActionData,
} from './after-sale-actions.server.ts';

/** The order for its owner (signed in) or the holder of its access token; anyone else gets 404. */
async function fetchOrder(state: RequestState, id: string, token: string | null): Promise<Order> {
  const answer = await orNotFound(
    callEndpoint(state.api, endpoints.getOrder, {
      params: { id },
      query: token ? { access_token: token } : undefined,
    }),
    [400, 401, 403, 404],
  );
  return answer.data;
}

/** The providers the order may be paid with, best first; none when the API could not say (then it picks). */
async function fetchPaymentProviders(
  state: RequestState,
  id: string,
  token: string | null,
): Promise<PaymentProviderDisplay[]> {
  try {
    const answer = await callEndpoint(state.api, endpoints.orderPaymentOptions, {
      params: { id },
      query: token ? { access_token: token } : undefined,
    });
    return await providerDisplays(
      state,
      answer.data.providers.map((p) => p.name),
    );
  } catch (error) {
    state.log.warn({ err: error }, 'payment options not read');
    return [];
  }
}

/**
 * `?access_token=` (the emailed link, the card page's way back) is checked, kept in an HttpOnly cookie for this
 * order and removed from the address (see lib/order-access.server.ts); `payment=` stays for the message.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isOrderId(params.id)) throw notFound();
  const state = context.get(requestStateContext);
  const url = new URL(request.url);
  const queryToken = url.searchParams.get('access_token');
  if (queryToken !== null) {
    if (!isAccessToken(queryToken)) throw notFound();
    await fetchOrder(state, params.id, queryToken);
    url.searchParams.delete('access_token');
    throw redirect(url.pathname + url.search, {
      headers: { 'Set-Cookie': orderAccessCookie(params.id, queryToken), 'Cache-Control': 'no-store' },
    });
  }
  const token = readOrderAccess(request, params.id);
  const order = await fetchOrder(state, params.id, token);
  const payment = url.searchParams.get('payment');
  const deadline = Date.parse(order.payment_deadline);
  return {
    order,
    providers: order.payable ? await fetchPaymentProviders(state, params.id, token) : [],
    payment: (PAYMENT_RESULTS as readonly string[]).includes(payment ?? '')
      ? (payment as (typeof PAYMENT_RESULTS)[number])
      : null,
    minutesLeft: Number.isNaN(deadline) ? null : Math.max(0, Math.ceil((deadline - Date.now()) / 60_000)),
  };
}

export type OrderActionData =
  | { error: 'not_payable' | 'generic' }
  /** "Accept the new schedule" of an airline's change was refused or failed. */
  | { error: ChangeError }
  /** "Cancel this booking" was pressed: the quote to confirm (or a refusal). */
  | CancelActionData
  /** A "manage the booking" form's outcome. */
  | ManageResult;

/**
 * Which of the page's forms was posted (its `intent`); each form's own fields are read by its action with its
 * schema. "Pay" names the provider picked; a name the contract does not know is left out, as a form without
 * one (the API then offers the order's first provider).
 */
const orderFormSchema = z.object({
  intent: z.enum(['pay', 'cancel', 'cancel-confirm', 'accept-change', ...MANAGE_INTENTS]),
  provider: paymentProviderNameSchema.optional().catch(undefined),
});

/** "Pay": starts a payment and sends the browser to the provider's card page (never card data here). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isOrderId(params.id)) throw notFound();
  const lang: Locale = context.get(requestStateContext).locale;
  const state = context.get(requestStateContext);
  const form = await request.formData();
  // The form as Conform reads it; a field's check as it is typed (Conform's validate intent) still names its form.
  const sent = orderFormSchema.safeParse(parseForm(form, orderFormSchema).payload);
  if (!sent.success) throw new Response('Unknown form', { status: 400, statusText: 'Bad Request' });
  const { intent } = sent.data;
  if (intent === 'cancel' || intent === 'cancel-confirm')
    return cancelAction(state, request, lang, params.id, intent, form);
  if (intent === 'accept-change') return acceptChangeAction(state, request, lang, params.id, form);
  if (intent !== 'pay') return manageAction(state, request, lang, params.id, intent, form);
  const token = readOrderAccess(request, params.id);
  const { provider } = sent.data;
  try {
    const answer = await callEndpoint(state.api, endpoints.startOrderPayment, {
      params: { id: params.id },
      body: { lang, ...(provider ? { provider } : {}) },
      query: token ? { access_token: token } : undefined,
    });
    return redirectDocument(answer.data.redirect_url);
  } catch (error) {
    if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) throw notFound();
    if (error instanceof ApiError && error.status === 422) {
      return data<OrderActionData>({ error: 'not_payable' }, { status: 422 });
    }
    state.log.error({ err: error }, 'payment start failed');
    return data<OrderActionData>({ error: 'generic' }, { status: 503 });
  }
}
