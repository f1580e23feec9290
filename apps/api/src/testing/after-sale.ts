/**
 * Test helpers for the after-sale suites (docs/after-sale.md): a paid order, signed provider webhooks, reading orders,
 * signing in, cancelling.
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import type { Order } from '@parvoz/contracts/booking';
import type { Offer } from '@parvoz/core/search-types';
import { ANON, bookingBody, searchOffer } from './booking.ts';
import { sandboxWebhook } from '../payments/sandbox.ts';
import { TEST_PAYMENT_WEBHOOK_SECRET } from './api.ts';
import type { OutgoingEmail } from '../adapters/mail/transport.ts';
import { grantRole } from '../modules/ops/index.ts';
import { passSecondFactor } from '../second-factor/testing.ts';
import { createSession } from '../modules/accounts/index.ts';
import { accountIdOf } from '../modules/accounts/testing/accounts.ts';
import { pdfText } from './pdf-text.ts';
import { countEmails } from '../modules/mail/testing/outbox.ts';
import { confirmedCancellationsOf } from '../modules/after-sale/testing/after-sale.ts';
import { paymentsOf, refundsOf, type RefundRow } from '../modules/payments/testing/payments.ts';

export type Booked = Order & { access_token: string };

let keys = 0;

/**
 * Everyone but the order's holder, as a token and headers: no token, a forged one, another order's, and another
 * signed-in user (`stranger`'s headers); each must get the 404 of a missing order.
 */
export const notTheHolder = (otherOrder: { access_token: string }, stranger: Record<string, string>) =>
  [
    [undefined, ANON],
    ['A'.repeat(43), ANON],
    [otherOrder.access_token, ANON],
    [undefined, stranger],
  ] as const;

/**
 * "Where is my ticket": asks for the order's link to be mailed anew to `email` (in `lang`), which revokes the
 * link mailed before; answers 202 whether or not the order matches.
 */
export const askForOrderLink = (app: FastifyInstance, bookingReference: string, email: string, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/v1/orders/lookup',
    headers: ANON,
    payload: { booking_reference: bookingReference, email, lang },
  });

export const tokenQuery = (token: string | undefined) =>
  token === undefined ? '' : `?access_token=${encodeURIComponent(token)}`;

/** The text of the order's e-ticket PDF in `lang`, read with the order's link (which must answer 200). */
export async function ticketText(app: FastifyInstance, order: Booked, lang: string) {
  const answer = await app.inject({
    method: 'GET',
    url: `/v1/orders/${order.id}/ticket.pdf${tokenQuery(order.access_token)}&lang=${lang}`,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return pdfText(answer.rawPayload);
}

/**
 * A nonstop offer in the fare family: search results list the cheapest family, the others are reached by
 * their `fare_families` offer id (as the results page does).
 */
export async function offerIn(
  app: FastifyInstance,
  fare: 'light' | 'standard',
  options: Parameters<typeof searchOffer>[1],
): Promise<Offer> {
  const found = await searchOffer(app, options);
  if (found.fare_family === fare) return found;
  const other = found.fare_families.find((f) => f.fare_family === fare);
  if (!other) throw new Error(`no ${fare} fare`);
  const read = await app.inject({ method: 'GET', url: `/v1/offers/${other.offer_id}`, headers: ANON });
  if (read.statusCode !== 200) throw new Error(`offer failed: ${read.body}`);
  return read.json().data;
}

export async function book(
  app: FastifyInstance,
  offer: Offer,
  headers: Record<string, string> = ANON,
  over: Record<string, unknown> = {},
): Promise<Booked> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...headers, 'idempotency-key': `after-sale-${++keys}-${Date.now()}` },
    payload: bookingBody(offer, over),
  });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
  return response.json().data;
}

export async function readOrder(app: FastifyInstance, id: string, token?: string): Promise<Order> {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/orders/${id}${tokenQuery(token)}`,
    headers: ANON,
  });
  if (response.statusCode !== 200) throw new Error(`read failed: ${response.body}`);
  return response.json().data;
}

type Headers = Record<string, string>;

/** A POST under /v1/order_cancellations as the holder of `token` or `headers`. */
function postCancellation(
  app: FastifyInstance,
  path: string,
  token: string | undefined,
  headers: Headers,
  payload?: object,
) {
  return app.inject({
    method: 'POST',
    url: `/v1/order_cancellations${path}${tokenQuery(token)}`,
    headers,
    payload,
  });
}

/** Asks for a quote to cancel the order. */
export const requestCancellation = (
  app: FastifyInstance,
  orderId: unknown,
  token?: string,
  headers: Headers = ANON,
) => postCancellation(app, '', token, headers, { order_id: orderId });

/** Confirms the cancellation quote `id`. */
export const confirmCancellationRequest = (
  app: FastifyInstance,
  id: string,
  token?: string,
  headers: Headers = ANON,
) => postCancellation(app, `/${id}/actions/confirm`, token, headers);

/** Cancels the booking as its traveller does: a quote (201), confirmed (200); answers the confirmation. */
export async function cancelBooking(app: FastifyInstance, order: { id: string; access_token?: string }) {
  const quote = await requestCancellation(app, order.id, order.access_token);
  expect(quote.statusCode, quote.body).toBe(201);
  const confirmed = await confirmCancellationRequest(app, quote.json().data.id, order.access_token);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed;
}

/** What cancelling the order left: confirmed cancellations, refunds, "cancelled" emails (one each when done once). */
export async function cancellationTrail(db: Database, orderId: string) {
  return {
    confirmed: await confirmedCancellationsOf(db, orderId),
    refunds: (await refundsOf(db, orderId)).length,
    emails: await countEmails(db, { dedupeKey: `order-cancelled:${orderId}` }),
  };
}

/** Asks for an operator's quote to cancel the order (the console's "Cancel"). */
export const requestOperatorCancellation = (app: FastifyInstance, orderId: string, operator: Headers) =>
  app.inject({ method: 'POST', url: `/v1/ops/orders/${orderId}/cancellations`, headers: operator });

/** Confirms an operator's quote as the console does. */
export const confirmOperatorCancellation = (
  app: FastifyInstance,
  orderId: string,
  cancellationId: string,
  operator: Headers,
) =>
  app.inject({
    method: 'POST',
    url: `/v1/ops/orders/${orderId}/cancel`,
    headers: operator,
    payload: { cancellation_id: cancellationId },
  });

/** An operator of the console (granted the role now), signed in: the authorization header. */
export async function operatorHeaders(db: Database, email: string, now: Date) {
  const { staff } = await grantRole(db, {
    email,
    role: 'operator',
    actor: { userId: null, email: 'command-line' },
    now,
  });
  return { authorization: `Bearer ${(await createSession(db, staff.userId, now)).token}` };
}

/**
 * `email` signed in (the user made if new), granted `role` at `now` first unless null; the session opens at
 * `sessionAt` (`now` unless told): the authorization header.
 */
export async function signedInAs(
  db: Database,
  email: string,
  role: 'operator' | 'admin' | null,
  now: Date,
  sessionAt = now,
): Promise<Headers> {
  if (role) await grantRole(db, { email, role, actor: { userId: null, email: 'command-line' }, now });
  const userId = await accountIdOf(db, email);
  return { authorization: `Bearer ${(await createSession(db, userId, sessionAt)).token}` };
}

/**
 * The callers of the console's authorization tests: nobody, a traveller, an operator and an admin, the
 * admin's session past the second factor (an authenticator app enrolled at `now`, the API's clock).
 */
export async function consoleCallers(app: FastifyInstance, db: Database, now: Date, sessionAt = now) {
  const admin = await signedInAs(db, 'boss@agency.test', 'admin', now, sessionAt);
  await passSecondFactor(app, admin, now);
  return {
    anonymous: {},
    traveller: await signedInAs(db, 'traveller@example.com', null, now, sessionAt),
    operator: await signedInAs(db, 'desk@agency.test', 'operator', now, sessionAt),
    admin,
  } satisfies Record<string, Headers>;
}

/**
 * Signs `email` in as a traveller does: asks for a code, lets the outbox mail it into `inbox` (a
 * `memoryMailTransport`'s), verifies it; answers the session's authorization header.
 */
export async function signInByEmail(app: FastifyInstance, inbox: OutgoingEmail[], email: string) {
  await app.inject({ method: 'POST', url: '/v1/auth/code', payload: { email, lang: 'en' } });
  await app.outbox.runOnce();
  const code = /\b(\d{6})\b/.exec(inbox.filter((m) => m.to === email).at(-1)!.text)![1];
  const verified = await app.inject({ method: 'POST', url: '/v1/auth/verify', payload: { email, code } });
  return { authorization: `Bearer ${verified.json().data.token}` };
}

/** A signed webhook of the sandbox provider, injected; answers the effect. */
/**
 * The order's refund once the provider has taken it (its provider reference set: a retry clears it first). The
 * API answers a cancellation or a retry when it is committed and asks the provider right after the answer
 * (the idempotent create sends it), so a test reading the refund at once waits for that request as a client
 * polling the order would; on PGlite's one connection it happened to be done already, on PostgreSQL not.
 */
export async function startedRefundOf(db: Database, orderId: string) {
  let refund: RefundRow | undefined;
  await expect
    .poll(async () => {
      [refund] = await refundsOf(db, orderId);
      return refund?.providerRef != null;
    })
    .toBe(true);
  return refund!;
}

export async function deliverWebhook(
  app: FastifyInstance,
  now: Date,
  event: Parameters<typeof sandboxWebhook>[1],
): Promise<{ status: number; effect: string | undefined }> {
  const { body, headers } = sandboxWebhook(TEST_PAYMENT_WEBHOOK_SECRET, event, now);
  const response = await app.inject({
    method: 'POST',
    url: '/v1/payments/webhooks/sandbox',
    headers,
    payload: body,
  });
  return { status: response.statusCode, effect: response.json().data?.effect };
}

type OrderLink = { id: string; access_token?: string };

/** The providers the order may be paid with, asked as its traveller (`query`: another token, or none). */
export const paymentOptions = (
  app: FastifyInstance,
  order: OrderLink,
  query = tokenQuery(order.access_token),
) => app.inject({ method: 'GET', url: `/v1/orders/${order.id}/payment_options${query}`, headers: ANON });

/** Starts paying the order as its traveller (`query`: another token, or none). */
export const startPayment = (
  app: FastifyInstance,
  order: OrderLink,
  payload: { provider?: string; lang?: string } = {},
  query = tokenQuery(order.access_token),
) => app.inject({ method: 'POST', url: `/v1/orders/${order.id}/payments${query}`, headers: ANON, payload });

/** Opens a payment session of the order and returns its payment row. */
export async function openPayment(app: FastifyInstance, db: Database, order: Booked) {
  const started = await startPayment(app, order);
  if (started.statusCode !== 201) throw new Error(`payment start failed: ${started.body}`);
  const [payment] = await paymentsOf(db, order.id);
  return payment!;
}

/** Pays the order as the provider would tell it: a signed `payment.succeeded`. */
export async function pay(app: FastifyInstance, db: Database, order: Booked, now: Date) {
  const payment = await openPayment(app, db, order);
  const paid = await deliverWebhook(app, now, {
    type: 'payment.succeeded',
    providerRef: payment.providerRef!,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
  });
  if (paid.effect !== 'paid') throw new Error(`not paid: ${paid.effect}`);
  return payment;
}
