import { setTimeout as sleep } from 'node:timers/promises';
import { data, redirect, redirectDocument } from 'react-router';
import {
  bookingFieldErrorSchema,
  holdLimitDetailsSchema,
  priceChangedDetailsSchema,
  type CreateOrderRequest,
  type Order,
  type PriceChangedDetails,
} from '@parvoz/contracts/booking';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { Traveller } from '@parvoz/contracts/travellers';
import { isCurrency, type Currency } from '@parvoz/i18n/currency';
import type { Locale } from '@parvoz/i18n/locales';
import { z } from 'zod';
import { ApiError } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { orderAccessCookie, readOrderAccess } from '../../lib/order-access.server.ts';
import type { RequestState } from '../../lib/request-context.server.ts';
import { loadSavedTravellers } from '../../lib/user.server.ts';
import {
  buildOrderRequest,
  passengerFieldName,
  readForm,
  shownTotal,
  toFieldErrors,
  type FieldErrors,
  type FormValues,
  type PassengerType,
} from './booking-form.ts';

/** What the booking action answers when it does not send the browser on to the card page. */
export type BookingActionData = {
  values: FormValues;
  errors: FieldErrors;
  /** A problem of the whole attempt (not one field). */
  problem?: 'expired' | 'unavailable' | 'generic' | 'rate_limited' | 'hold_limit';
  /**
   * The client's unpaid orders hold as many seats as allowed: pay or cancel one. `orderPath` is that order's
   * page when this visitor may open it (their own, signed in, or its access cookie is in this browser);
   * otherwise null, and the page points to the emailed link and "where is my ticket" (never another
   * person's link).
   */
  holdLimit?: { seats: number; orders: number; orderPath: string | null };
  /** The re-priced total differs: show both and ask to accept the new one. */
  priceChanged?: PriceChangedDetails;
  /** Idempotency key of the next attempt (a refused attempt may not be replayed with another body). */
  nextKey: string;
  /** Where "new search" goes when the offer has expired. */
  searchPath?: string;
  /** A saved traveller was filled into this passenger (no-JavaScript "fill" button). */
  filled?: number;
};

const passengerTypesSchema = z
  .array(z.enum(['adult', 'child', 'infant']))
  .min(1)
  .max(18);
const errorDetailsSchema = z.object({
  error: z.object({ code: z.string(), details: z.unknown().optional() }),
});

function freshKey(): string {
  return crypto.randomUUID();
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, 2000) : '';
}

/** A same-site search results path to offer as "new search"; anything else becomes the home page. */
function safeSearchPath(value: string, lang: Locale): string {
  return /^\/(en|ru|uz|tr)\/flight\/[A-Za-z0-9]{8,20}$/.test(value) ? value : `/${lang}`;
}

function fill(values: FormValues, index: number, traveller: Traveller): FormValues {
  const fields = { ...values.fields };
  const set = (field: Parameters<typeof passengerFieldName>[1], value: string | null) => {
    fields[passengerFieldName(index, field)] = value ?? '';
  };
  set('given_name', traveller.given_name);
  set('family_name', traveller.family_name);
  set('born_on', traveller.born_on);
  set('gender', traveller.gender);
  set('citizenship', traveller.citizenship);
  set('document.number', traveller.document_number);
  set('document.expires_on', traveller.document_expires_on);
  return { ...values, fields };
}

/**
 * The booking form's action: validates with the API's schema, creates the order (POST /v1/orders with the
 * form's Idempotency-Key, so a double submit books once), starts the payment and sends the browser to the
 * provider's card page. Every refusal comes back as data the page shows next to its field.
 */
export async function bookingAction(
  request: Request,
  state: RequestState,
  lang: Locale,
  currencyCookie: string | undefined,
) {
  const form = await request.formData();
  const values = readForm(form);
  const key = text(form, 'idempotency_key');
  const idempotencyKey = /^[A-Za-z0-9_-]{8,100}$/.test(key) ? key : freshKey();
  const searchPath = safeSearchPath(text(form, 'search'), lang);
  const base = { values, errors: {}, nextKey: idempotencyKey, searchPath };

  // Without JavaScript, "fill from a saved traveller" is a submit button of the form.
  // Enter in a field presses the form's first submit button, which may be a "fill" button: with no traveller
  // chosen there, it books.
  const intent = text(form, 'intent');
  const fillMatch = /^fill:(\d{1,2})$/.exec(intent);
  const fillIndex = fillMatch ? Number(fillMatch[1]) : null;
  const fillTraveller =
    fillIndex === null ? '' : (values.fields[passengerFieldName(fillIndex, 'traveller')] ?? '');
  if (fillIndex !== null && fillTraveller) {
    const index = fillIndex;
    const travellerId = fillTraveller;
    if (state.token) {
      const list = await loadSavedTravellers(state);
      const traveller = list.find((t) => t.id === travellerId);
      if (traveller)
        return data<BookingActionData>({ ...base, values: fill(values, index, traveller), filled: index });
    }
    return data<BookingActionData>(base);
  }

  const types = passengerTypesSchema.safeParse(form.getAll('passenger_type'));
  const offerId = text(form, 'offer_id');
  if (!types.success || !offerId) {
    return data<BookingActionData>(
      { ...base, errors: { '': { key: 'booking.error.offer' } } },
      { status: 400 },
    );
  }
  const formCurrency = text(form, 'currency');
  const currency: Currency = isCurrency(formCurrency)
    ? formCurrency
    : isCurrency(currencyCookie)
      ? currencyCookie
      : 'USD';
  // "Accept the new price" sends the API's new total; otherwise the total shown on the page.
  const accepted = text(form, 'accept_total');
  const expected = /^\d{1,12}(\.\d{1,2})?$/.test(accepted)
    ? accepted
    : shownTotal(form, values.luggage, currency);
  const built = buildOrderRequest(values, {
    offerId,
    expectedTotal: expected,
    currency,
    lang,
    passengerTypes: types.data as PassengerType[],
    saveTravellers: Boolean(state.token) && form.get('save_travellers') === 'on',
    agreement: form.get('agreement') === 'on',
  });
  if (!built.ok) return data<BookingActionData>({ ...base, errors: built.errors }, { status: 400 });

  let order: Order;
  try {
    order = await createOrder(state, built.body, idempotencyKey, request.signal);
  } catch (error) {
    return refusal(error, base, values, state, { request, lang });
  }

  const headers = new Headers();
  if (order.access_token) headers.append('Set-Cookie', orderAccessCookie(order.id, order.access_token));
  const orderPath = `/${lang}/orders/${order.id}`;
  try {
    const answer = await callEndpoint(state.api, endpoints.startOrderPayment, {
      params: { id: order.id },
      body: { lang },
      query: order.access_token ? { access_token: order.access_token } : undefined,
      idempotencyKey: `${idempotencyKey}-pay`,
    });
    const redirectUrl = answer.data.redirect_url;
    // The card page is not a route of this app: a full browser navigation (also with JavaScript).
    return redirectDocument(redirectUrl, { headers });
  } catch (error) {
    state.log.error({ err: error }, 'payment start failed');
    // The order exists: its page offers "pay" again.
    return redirect(orderPath, { headers });
  }
}

const IN_PROGRESS_WAIT_MS = 500;
const IN_PROGRESS_TRIES = 8;

function inProgress(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const body = errorDetailsSchema.safeParse(error.body);
  return body.success && body.data.error.code === 'idempotency_in_progress';
}

/**
 * POST /v1/orders. A second submit of the same form (a double click without JavaScript, where the browser
 * shows only the last answer) finds the first still running: wait for it and take its answer (the API
 * replays the order), rather than show an error for an order that is being made.
 */
async function createOrder(
  state: RequestState,
  body: CreateOrderRequest,
  idempotencyKey: string,
  signal: AbortSignal,
): Promise<Order> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await callEndpoint(state.api, endpoints.createOrder, { body, idempotencyKey, signal })).data;
    } catch (error) {
      if (!inProgress(error) || attempt >= IN_PROGRESS_TRIES) throw error;
      await sleep(IN_PROGRESS_WAIT_MS, undefined, { signal });
    }
  }
}

function refusal(
  error: unknown,
  base: Omit<BookingActionData, 'nextKey'> & { nextKey: string },
  values: FormValues,
  state: RequestState,
  visitor: { request: Request; lang: Locale },
) {
  // The API refused the attempt (and dropped its key): the next one, probably with other data, takes a new key.
  // When the outcome is unknown (network, 5xx, still in progress) the key stays, so that sending the same form
  // again can never book twice.
  const next = { ...base, nextKey: freshKey() };
  if (!(error instanceof ApiError) || error.status >= 500 || inProgress(error)) {
    state.log.error({ err: error }, 'booking failed');
    return data<BookingActionData>({ ...base, problem: 'generic' }, { status: 503 });
  }
  const body = errorDetailsSchema.safeParse(error.body);
  const details = body.success ? body.data.error.details : undefined;
  if (error.status === 410) return data<BookingActionData>({ ...next, problem: 'expired' }, { status: 410 });
  // Sold out since the offer was shown: a 422 (DESIGN §7), so the API client never sends it twice.
  if (error.code === 'offer_unavailable') {
    return data<BookingActionData>({ ...next, problem: 'unavailable' }, { status: 422 });
  }
  if (error.status === 429)
    return data<BookingActionData>({ ...next, problem: 'rate_limited' }, { status: 429 });
  if (error.status === 422 && body.success && body.data.error.code === 'hold_limit_reached') {
    const hold = holdLimitDetailsSchema.safeParse(details);
    const orderId = hold.success ? hold.data.order_id : null;
    const mayOpen =
      orderId !== null &&
      ((hold.success && hold.data.owned) || readOrderAccess(visitor.request, orderId) !== null);
    return data<BookingActionData>(
      {
        ...next,
        problem: 'hold_limit',
        holdLimit: {
          seats: hold.success ? hold.data.max_seats : 0,
          orders: hold.success ? hold.data.max_unpaid_orders : 0,
          orderPath: mayOpen ? `/${visitor.lang}/orders/${encodeURIComponent(orderId)}` : null,
        },
      },
      { status: 422 },
    );
  }
  if (error.status === 422) {
    const changed = priceChangedDetailsSchema.safeParse(details);
    if (changed.success) {
      return data<BookingActionData>({ ...next, priceChanged: changed.data }, { status: 422 });
    }
  }
  if (error.status === 400 || error.status === 422) {
    const fieldErrors = z.array(bookingFieldErrorSchema).safeParse(details);
    if (fieldErrors.success && fieldErrors.data.length > 0) {
      return data<BookingActionData>(
        { ...next, errors: toFieldErrors(fieldErrors.data, values.luggage) },
        { status: error.status },
      );
    }
  }
  if (error.status === 404) {
    return data<BookingActionData>(
      { ...next, errors: { '': { key: 'booking.error.offer' } } },
      { status: 404 },
    );
  }
  state.log.error({ status: error.status, body: error.body }, 'booking refused');
  return data<BookingActionData>(
    { ...next, problem: 'generic' },
    { status: error.status >= 500 ? 503 : 400 },
  );
}
