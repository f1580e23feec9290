import { setTimeout as sleep } from 'node:timers/promises';
import { data, redirect, redirectDocument } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import {
  bookingFormSchema,
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
import { apiFieldErrors, parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import { orderAccessCookie, readOrderAccess } from '../../lib/order-access.server.ts';
import type { RequestState } from '../../lib/request-context.server.ts';
import { loadSavedTravellers } from '../../lib/user.server.ts';
import {
  errorTarget,
  fieldErrorCode,
  orderRequestOf,
  readSeatPick,
  seatsOf,
  servicesOf,
  shownTotal,
} from './booking-request.ts';
import type { PromoQuote } from '@parvoz/contracts/promo-codes';
import {
  appliedPromo,
  promoProblemOf,
  quotePromoCode,
  typedPromoCode,
  type PromoProblem,
} from './booking-promo.server.ts';

/** What the booking action answers when it does not send the browser on to the card page. */
export type BookingActionData = {
  /**
   * The form as sent and its errors by field (Conform's reply; codes of `fieldErrorCode`), shown with or
   * without JavaScript; "" is the form as a whole, "passengers" the passenger list.
   */
  submission: SubmissionResult;
  /**
   * A problem of the whole attempt (not one field). 'network': the answer never reached the browser (set
   * there, by booking-client-action.ts).
   */
  problem?: 'expired' | 'unavailable' | 'generic' | 'rate_limited' | 'hold_limit' | 'network';
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
  /** The promo code applied: the offer's total with it (booking-promo.server.ts). */
  promo?: PromoQuote;
  /** Why the code typed takes nothing off. */
  promoProblem?: PromoProblem;
};

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

/** The form as sent with a saved traveller's data in one passenger's fields (and no errors). */
function filledIn(
  payload: NonNullable<SubmissionResult['initialValue']>,
  index: number,
  traveller: Traveller,
): SubmissionResult {
  const passengers = Array.isArray(payload.passengers) ? [...payload.passengers] : [];
  const passenger = passengers[index];
  passengers[index] = {
    ...(passenger && typeof passenger === 'object' ? passenger : {}),
    given_name: traveller.given_name,
    family_name: traveller.family_name,
    born_on: traveller.born_on,
    gender: traveller.gender,
    citizenship: traveller.citizenship,
    document: { number: traveller.document_number, expires_on: traveller.document_expires_on ?? '' },
  };
  return { initialValue: { ...payload, passengers } };
}

/**
 * The booking form's action: validates with the contract's form schema (the one the browser validates with),
 * creates the order (POST /v1/orders with the form's Idempotency-Key, so a double submit books once), starts
 * the payment and sends the browser to the provider's card page. Every refusal comes back as data the page
 * shows next to its field.
 */
export async function bookingAction(
  request: Request,
  state: RequestState,
  lang: Locale,
  currencyCookie: string | undefined,
) {
  const form = await request.formData();
  const submission = parseForm(form, bookingFormSchema);
  const key = text(form, 'idempotency_key');
  const idempotencyKey = /^[A-Za-z0-9_-]{8,100}$/.test(key) ? key : freshKey();
  const searchPath = safeSearchPath(text(form, 'search'), lang);
  const base: BookingActionData = { submission: submission.reply(), nextKey: idempotencyKey, searchPath };

  // Without JavaScript, "fill from a saved traveller" is a submit button of the form.
  // Enter in a field presses the form's first submit button, which may be a "fill" button: with no traveller
  // chosen there, it books.
  const fillMatch = /^fill:(\d{1,2})$/.exec(text(form, 'intent'));
  const fillIndex = fillMatch ? Number(fillMatch[1]) : null;
  const fillTraveller = fillIndex === null ? '' : text(form, `passengers[${fillIndex}].traveller`);
  if (fillIndex !== null && fillTraveller) {
    const unchanged = { ...base, submission: { initialValue: submission.payload } as SubmissionResult };
    if (state.token) {
      const list = await loadSavedTravellers(state);
      const traveller = list.find((t) => t.id === fillTraveller);
      if (traveller) {
        return data<BookingActionData>({
          ...base,
          submission: filledIn(
            submission.payload as NonNullable<SubmissionResult['initialValue']>,
            fillIndex,
            traveller,
          ),
          filled: fillIndex,
        });
      }
    }
    return data<BookingActionData>(unchanged);
  }

  const offerId = text(form, 'offer_id');
  if (!offerId || !form.has('passengers[0].type')) {
    return data<BookingActionData>(
      { ...base, submission: replyWithFieldErrors(submission, { '': ['booking.error.offer'] }) },
      { status: 400 },
    );
  }
  const formCurrency = text(form, 'currency');
  const currency: Currency = isCurrency(formCurrency)
    ? formCurrency
    : isCurrency(currencyCookie)
      ? currencyCookie
      : 'USD';
  // "Apply", or booking with a code not applied yet: the discount and the new total are shown before booking.
  const code = typedPromoCode(form);
  const applied = appliedPromo(form, code);
  if (text(form, 'intent') === 'promo' || (code !== '' && !applied)) {
    const email = text(form, 'contact.email');
    const quoted = await quotePromoCode(state, { code, offerId, currency, email, lang });
    const kept = { initialValue: submission.payload } as SubmissionResult;
    return data<BookingActionData>({ ...base, submission: kept, ...quoted });
  }
  if (applied) base.promo = applied;
  if (submission.status !== 'success') return data<BookingActionData>(base, { status: 400 });

  const services = servicesOf(submission.value);
  const seats = seatsOf(submission.value);
  const seatPrices = submission.value.passengers.flatMap((p) =>
    p.seats.map((pick) => readSeatPick(pick)?.amount ?? ''),
  );
  // "Accept the new price" sends the API's new total; otherwise the total shown on the page.
  const accepted = text(form, 'accept_total');
  const expected = /^\d{1,12}(\.\d{1,2})?$/.test(accepted)
    ? accepted
    : shownTotal(form, services, currency, seatPrices);
  const body = {
    ...orderRequestOf(submission.value, {
      offerId,
      expectedTotal: expected,
      currency,
      lang,
      signedIn: Boolean(state.token),
    }),
    ...(applied ? { promo_code: applied.code } : {}),
  };

  let order: Order;
  try {
    order = await createOrder(state, body, idempotencyKey, request.signal);
  } catch (error) {
    // The code refused at booking (used up meanwhile, or by this contact already): shown at its field.
    const promoProblem = promoProblemOf(error);
    if (promoProblem && promoProblem !== 'rate_limited') {
      const { promo: _refused, ...rest } = base;
      return data<BookingActionData>({ ...rest, nextKey: freshKey(), promoProblem }, { status: 422 });
    }
    // The API's field errors by path, at the field the page shows them (a bag's at its passenger's luggage).
    const fieldErrors = apiFieldErrors(error, (name) => errorTarget(name, services, seats), fieldErrorCode);
    return refusal(error, base, fieldErrors, (errors) => replyWithFieldErrors(submission, errors), state, {
      request,
      lang,
    });
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
  base: BookingActionData,
  fieldErrors: Record<string, string[]> | null,
  replyWith: (fieldErrors: Record<string, string[]>) => SubmissionResult,
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
  // Sold out since the offer was shown: a 422 (docs/design.md §7), so the API client never sends it twice.
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
  if (fieldErrors) {
    return data<BookingActionData>({ ...next, submission: replyWith(fieldErrors) }, { status: error.status });
  }
  if (error.status === 404) {
    return data<BookingActionData>(
      { ...next, submission: replyWith({ '': ['booking.error.offer'] }) },
      { status: 404 },
    );
  }
  state.log.error({ status: error.status, body: error.body }, 'booking refused');
  return data<BookingActionData>(
    { ...next, problem: 'generic' },
    { status: error.status >= 500 ? 503 : 400 },
  );
}
