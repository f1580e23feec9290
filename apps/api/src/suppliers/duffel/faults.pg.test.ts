/**
 * Paying a Duffel hold and confirming its cancellation, every way Duffel may answer, with two instances on one
 * PostgreSQL database acting at the same moment (each its own connection pool and its own adapter, as two
 * processes have: both supplier passes at once; the traveller's confirmation sent to both). For each answer: no
 * second payment or cancellation at Duffel, no ticket before the airline's, one refund at most, and what the
 * traveller and the operator are told is true. The stand-in's answers and their pages (testing/duffel-hold-payments.ts, duffel-server.ts):
 *  - 201 paid; 422 `insufficient_balance`: https://duffel.com/docs/api/payments/create-payment and
 *    https://duffel.com/docs/api/overview/errors;
 *  - 429 with `ratelimit-*` headers: https://duffel.com/docs/api/overview/rate-limits;
 *  - 500 before or after the payment was taken ("You should not retry this request"), 503 ("Please retry
 *    later"): https://duffel.com/docs/api/overview/errors;
 *  - a cancellation confirmed, then answered 500; a 502 with nothing done: the same errors page, and
 *    https://duffel.com/docs/api/order-cancellations/confirm-order-cancellation.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import { bookingBody, freshSearchDays, injectOrder } from '../../testing/booking.ts';
import { QUIET_LOG } from '../../testing/api.ts';
import {
  confirmCancellationRequest,
  pay,
  requestCancellation,
  type Booked,
} from '../../testing/after-sale.ts';
import { forgetSupplierPauses } from '../../modules/supplier-orders/testing/pauses.ts';
import { paySuppliers } from '../../modules/supplier-orders/index.ts';
import { ORDER_METADATA_KEY } from './orders.ts';
import type { DuffelTestServer } from './testing/duffel-server.ts';
import { startTwoDuffelApis, toldOf } from './testing/duffel-two-apis.ts';
import {
  REFUNDABLE_DUFFEL_ONLY_FLIGHT,
  duffelOrdersOn,
  searchDuffelOffer,
} from './testing/duffel-api-testing.ts';
import { defaultHoldPaymentKnobs } from './testing/duffel-hold-payments.ts';

const TOKEN = 'duffel_test_faults0123456789ab';
const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const now = () => new Date(clock);
const nextDay = freshSearchDays(start, 30);
let keys = 0;

let server: DuffelTestServer;
let apps: FastifyInstance[];
let dbs: Database[];
let close: () => Promise<void>;

beforeAll(async () => {
  // The suite runs the supplier passes itself, on both instances at once.
  ({ server, apps, dbs, close } = await startTwoDuffelApis({
    token: TOKEN,
    now,
    flights: [REFUNDABLE_DUFFEL_ONLY_FLIGHT],
  }));
}, 120_000);

afterAll(async () => {
  await close?.();
});

/** A Duffel hold booked and paid by its traveller on the first instance. */
async function bookAndPay(): Promise<{ order: Booked; duffelOrderId: string }> {
  const offer = await searchDuffelOffer(apps[0]!, { date: nextDay(), sort: 'cheapest' });
  const response = await injectOrder(apps[0]!, bookingBody(offer), `duffel-faults-${++keys}`);
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json().data as Booked;
  await pay(apps[0]!, dbs[0]!, order, now());
  const atDuffel = server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
  return { order, duffelOrderId: atDuffel.id as string };
}

/** Both instances' supplier passes at the same moment, each with its own adapter and connection pool. */
const bothPass = () =>
  Promise.all(
    dbs.map((db) => paySuppliers({ db, supplier: duffelOrdersOn(server, TOKEN), now, log: QUIET_LOG })),
  );

const duffelPayments = (duffelOrderId: string) => server.payments.filter((p) => p.order_id === duffelOrderId);

/** What the traveller, the operator and the traveller's mailbox are told of the sale. */
const told = (order: Booked) => toldOf({ server, apps, dbs, close }, order, now());

async function reset() {
  Object.assign(server.knobs.pay, defaultHoldPaymentKnobs());
  server.knobs.failRoute = null;
  server.knobs.failsAfterCancelling = null;
  clock = start;
  await forgetSupplierPauses(dbs[0]!);
}

const PAYMENTS = /^POST \/air\/payments$/;

describe('paying a Duffel hold, two instances at once: each answer as Duffel documents it', () => {
  test('201: paid once; booked with the airline’s ticket numbers; confirmed once', async () => {
    await reset();
    const { order, duffelOrderId } = await bookAndPay();
    await bothPass();
    await bothPass();
    expect(duffelPayments(duffelOrderId)).toHaveLength(1);
    const seen = await told(order);
    expect(seen).toMatchObject({
      bookingStatus: 'booked',
      ticketing: null,
      task: null,
      refunds: 0,
      confirmations: 1,
    });
    const documents = server.orders.find((o) => o.id === duffelOrderId)!.documents as {
      unique_identifier: string;
    }[];
    expect(seen.ticketNumbers).toEqual([documents[0]!.unique_identifier]);
  });

  test('422 insufficient_balance: nothing paid, no ticket; an operator task; the traveller told once; no refund', async () => {
    await reset();
    server.knobs.pay.balanceCents = 100;
    const { order, duffelOrderId } = await bookAndPay();
    await bothPass();
    await bothPass();
    expect(duffelPayments(duffelOrderId)).toHaveLength(0);
    expect(await told(order)).toMatchObject({
      bookingStatus: 'new',
      paymentStatus: 'paid',
      ticketing: 'delayed',
      ticketNumbers: [],
      task: 'insufficient_balance',
      refunds: 0,
      delayedEmails: 1,
      confirmations: 0,
    });
  });

  test('429: nothing paid and nothing recorded; after ratelimit-reset one instance pays, once', async () => {
    await reset();
    server.knobs.pay.rateLimit = { match: PAYMENTS, times: 2, resetAfterMs: 60_000 };
    const { order, duffelOrderId } = await bookAndPay();
    await bothPass();
    expect(duffelPayments(duffelOrderId)).toHaveLength(0);
    expect(await told(order)).toMatchObject({ bookingStatus: 'new', task: null, delayedEmails: 0 });
    server.knobs.pay.rateLimit = null;
    clock += 61_000;
    await bothPass();
    expect(duffelPayments(duffelOrderId)).toHaveLength(1);
    expect(await told(order)).toMatchObject({ bookingStatus: 'booked', task: null, refunds: 0 });
  });

  test('500 before the payment was taken: never paid by a pass; an operator task; the traveller told once', async () => {
    await reset();
    const { order, duffelOrderId } = await bookAndPay();
    server.knobs.failRoute = { match: PAYMENTS, status: 500 };
    try {
      await bothPass();
    } finally {
      server.knobs.failRoute = null;
    }
    await bothPass();
    expect(duffelPayments(duffelOrderId)).toHaveLength(0);
    expect(await told(order)).toMatchObject({
      bookingStatus: 'new',
      ticketing: 'delayed',
      ticketNumbers: [],
      task: 'outcome_unknown',
      refunds: 0,
      delayedEmails: 1,
      confirmations: 0,
    });
  });

  test('500 after the payment was taken: read again, it is paid; paid once, booked, confirmed once', async () => {
    await reset();
    const { order, duffelOrderId } = await bookAndPay();
    server.knobs.pay.failsAfterPaying = 500;
    await bothPass();
    await bothPass();
    expect(duffelPayments(duffelOrderId)).toHaveLength(1);
    expect(await told(order)).toMatchObject({
      bookingStatus: 'booked',
      task: null,
      refunds: 0,
      confirmations: 1,
    });
  });

  test('503: nothing recorded; a later pass pays, once', async () => {
    await reset();
    const { order, duffelOrderId } = await bookAndPay();
    server.knobs.failRoute = { match: PAYMENTS, status: 503 };
    try {
      await bothPass();
    } finally {
      server.knobs.failRoute = null;
    }
    expect(await told(order)).toMatchObject({ bookingStatus: 'new', task: null, delayedEmails: 0 });
    await bothPass();
    expect(duffelPayments(duffelOrderId)).toHaveLength(1);
    expect(await told(order)).toMatchObject({ bookingStatus: 'booked', task: null, refunds: 0 });
  });
});

const CONFIRM = /^POST \/air\/order_cancellations\/[^/]+\/actions\/confirm$/;
/** A booked (paid and ticketed) Duffel order, its cancellation quoted on the first instance. */
async function quotedCancellation() {
  const { order, duffelOrderId } = await bookAndPay();
  await bothPass();
  const quoted = await requestCancellation(apps[0]!, order.id, order.access_token);
  expect(quoted.statusCode, quoted.body).toBe(201);
  return { order, duffelOrderId, quoteId: quoted.json().data.id as string };
}

/** The traveller's "Yes, cancel" sent to both instances at once (a double submit across a load balancer). */
const confirmOnBoth = (quoteId: string, order: Booked) =>
  Promise.all(apps.map((app) => confirmCancellationRequest(app, quoteId, order.access_token)));

describe('confirming a Duffel cancellation on two instances at once', () => {
  test('answered: cancelled at Duffel once, here once, refunded once', async () => {
    await reset();
    const { order, duffelOrderId, quoteId } = await quotedCancellation();
    const before = server.requests.filter((r) => CONFIRM.test(`${r.method} ${r.path}`)).length;
    const answers = await confirmOnBoth(quoteId, order);
    expect(answers.map((a) => a.statusCode).sort()).toContain(200);
    expect(server.requests.filter((r) => CONFIRM.test(`${r.method} ${r.path}`)).length - before).toBe(1);
    expect(server.orders.find((o) => o.id === duffelOrderId)!.cancelled_at).not.toBeNull();
    expect(await told(order)).toMatchObject({ bookingStatus: 'cancelled', refunds: 1 });
  });

  test('Duffel cancels, then answers 500: cancelled here and refunded once; Duffel asked once', async () => {
    await reset();
    const { order, duffelOrderId, quoteId } = await quotedCancellation();
    const before = server.requests.filter((r) => CONFIRM.test(`${r.method} ${r.path}`)).length;
    server.knobs.failsAfterCancelling = 500;
    await confirmOnBoth(quoteId, order);
    expect(server.requests.filter((r) => CONFIRM.test(`${r.method} ${r.path}`)).length - before).toBe(1);
    expect(server.orders.find((o) => o.id === duffelOrderId)!.cancelled_at).not.toBeNull();
    expect(await told(order)).toMatchObject({ bookingStatus: 'cancelled', refunds: 1 });
  });

  test('a 502 with nothing done: Duffel asked once, nothing cancelled or refunded; the quote is not confirmed again', async () => {
    await reset();
    const { order, duffelOrderId, quoteId } = await quotedCancellation();
    const before = server.requests.filter((r) => CONFIRM.test(`${r.method} ${r.path}`)).length;
    server.knobs.failRoute = { match: CONFIRM, status: 502 };
    try {
      await confirmOnBoth(quoteId, order);
    } finally {
      server.knobs.failRoute = null;
    }
    const again = await confirmCancellationRequest(apps[1]!, quoteId, order.access_token);
    expect(again.statusCode, again.body).toBe(422);
    expect(server.requests.filter((r) => CONFIRM.test(`${r.method} ${r.path}`)).length - before).toBe(1);
    expect(server.orders.find((o) => o.id === duffelOrderId)!.cancelled_at).toBeNull();
    expect(await told(order)).toMatchObject({ bookingStatus: 'booked', refunds: 0 });
  });
});
