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
import { describe, expect, test } from 'vitest';
import {
  confirmCancellationRequest,
  pay,
  requestCancellation,
  type Booked,
} from '../../testing/after-sale.ts';
import { paySuppliers } from '../../modules/supplier-orders/index.ts';
import { useTwoDuffelApis } from './testing/duffel-two-apis.ts';
import { REFUNDABLE_DUFFEL_ONLY_FLIGHT, bookDuffelOffer } from './testing/duffel-api-testing.ts';
import { defaultHoldPaymentKnobs } from './testing/duffel-hold-payments.ts';

// The suite runs the supplier passes itself, on both instances at once.
const suite = useTwoDuffelApis({
  token: 'duffel_test_faults0123456789ab',
  flights: [REFUNDABLE_DUFFEL_ONLY_FLIGHT],
});
const { two, clock, now, told } = suite;
let keys = 0;

/** A Duffel hold booked and paid by its traveller on the first instance. */
async function bookAndPay(): Promise<{ order: Booked; duffelOrderId: string }> {
  const key = `duffel-faults-${++keys}`;
  const { order, atDuffel } = await bookDuffelOffer(two.apps[0]!, two.server, {
    date: clock.nextDay(),
    key,
    sort: 'cheapest',
  });
  await pay(two.apps[0]!, two.dbs[0]!, order, now());
  return { order, duffelOrderId: atDuffel!.id as string };
}

/** Both instances' supplier passes at the same moment, each with its own adapter and connection pool. */
const bothPass = suite.both(paySuppliers);

const duffelPayments = (duffelOrderId: string) =>
  two.server.payments.filter((p) => p.order_id === duffelOrderId);

async function reset() {
  Object.assign(two.server.knobs.pay, defaultHoldPaymentKnobs());
  two.server.knobs.failRoute = null;
  two.server.knobs.failsAfterCancelling = null;
  await suite.reset();
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
    const documents = two.server.orders.find((o) => o.id === duffelOrderId)!.documents as {
      unique_identifier: string;
    }[];
    expect(seen.ticketNumbers).toEqual([documents[0]!.unique_identifier]);
  });

  test('422 insufficient_balance: nothing paid, no ticket; an operator task; the traveller told once; no refund', async () => {
    await reset();
    two.server.knobs.pay.balanceCents = 100;
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
    two.server.knobs.pay.rateLimit = { match: PAYMENTS, times: 2, resetAfterMs: 60_000 };
    const { order, duffelOrderId } = await bookAndPay();
    await bothPass();
    expect(duffelPayments(duffelOrderId)).toHaveLength(0);
    expect(await told(order)).toMatchObject({ bookingStatus: 'new', task: null, delayedEmails: 0 });
    two.server.knobs.pay.rateLimit = null;
    clock.at += 61_000;
    await bothPass();
    expect(duffelPayments(duffelOrderId)).toHaveLength(1);
    expect(await told(order)).toMatchObject({ bookingStatus: 'booked', task: null, refunds: 0 });
  });

  test('500 before the payment was taken: never paid by a pass; an operator task; the traveller told once', async () => {
    await reset();
    const { order, duffelOrderId } = await bookAndPay();
    two.server.knobs.failRoute = { match: PAYMENTS, status: 500 };
    try {
      await bothPass();
    } finally {
      two.server.knobs.failRoute = null;
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
    two.server.knobs.pay.failsAfterPaying = 500;
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
    two.server.knobs.failRoute = { match: PAYMENTS, status: 503 };
    try {
      await bothPass();
    } finally {
      two.server.knobs.failRoute = null;
    }
    expect(await told(order)).toMatchObject({ bookingStatus: 'new', task: null, delayedEmails: 0 });
    await bothPass();
    expect(duffelPayments(duffelOrderId)).toHaveLength(1);
    expect(await told(order)).toMatchObject({ bookingStatus: 'booked', task: null, refunds: 0 });
  });
});

const CONFIRM = /^POST \/air\/order_cancellations\/[^/]+\/actions\/confirm$/;
/** The cancellation confirmations Duffel received so far. */
const confirms = () => two.server.requests.filter((r) => CONFIRM.test(`${r.method} ${r.path}`)).length;
/** A booked (paid and ticketed) Duffel order, its cancellation quoted on the first instance. */
async function quotedCancellation() {
  const { order, duffelOrderId } = await bookAndPay();
  await bothPass();
  const quoted = await requestCancellation(two.apps[0]!, order.id, order.access_token);
  expect(quoted.statusCode, quoted.body).toBe(201);
  return { order, duffelOrderId, quoteId: quoted.json().data.id as string };
}

/** The traveller's "Yes, cancel" sent to both instances at once (a double submit across a load balancer). */
const confirmOnBoth = (quoteId: string, order: Booked) =>
  Promise.all(two.apps.map((app) => confirmCancellationRequest(app, quoteId, order.access_token)));

describe('confirming a Duffel cancellation on two instances at once', () => {
  test('answered: cancelled at Duffel once, here once, refunded once', async () => {
    await reset();
    const { order, duffelOrderId, quoteId } = await quotedCancellation();
    const before = confirms();
    const answers = await confirmOnBoth(quoteId, order);
    expect(answers.map((a) => a.statusCode).sort()).toContain(200);
    expect(confirms() - before).toBe(1);
    expect(two.server.orders.find((o) => o.id === duffelOrderId)!.cancelled_at).not.toBeNull();
    expect(await told(order)).toMatchObject({ bookingStatus: 'cancelled', refunds: 1 });
  });

  test('Duffel cancels, then answers 500: cancelled here and refunded once; Duffel asked once', async () => {
    await reset();
    const { order, duffelOrderId, quoteId } = await quotedCancellation();
    const before = confirms();
    two.server.knobs.failsAfterCancelling = 500;
    await confirmOnBoth(quoteId, order);
    expect(confirms() - before).toBe(1);
    expect(two.server.orders.find((o) => o.id === duffelOrderId)!.cancelled_at).not.toBeNull();
    expect(await told(order)).toMatchObject({ bookingStatus: 'cancelled', refunds: 1 });
  });

  test('a 502 with nothing done: Duffel asked once, nothing cancelled or refunded; the quote is not confirmed again', async () => {
    await reset();
    const { order, duffelOrderId, quoteId } = await quotedCancellation();
    const before = confirms();
    two.server.knobs.failRoute = { match: CONFIRM, status: 502 };
    try {
      await confirmOnBoth(quoteId, order);
    } finally {
      two.server.knobs.failRoute = null;
    }
    const again = await confirmCancellationRequest(two.apps[1]!, quoteId, order.access_token);
    expect(again.statusCode, again.body).toBe(422);
    expect(confirms() - before).toBe(1);
    expect(two.server.orders.find((o) => o.id === duffelOrderId)!.cancelled_at).toBeNull();
    expect(await told(order)).toMatchObject({ bookingStatus: 'booked', refunds: 0 });
  });
});
