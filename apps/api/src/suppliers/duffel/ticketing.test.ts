/**
 * Paying a Duffel hold and ticketing it, against the Duffel stand-in (real HTTP on loopback) and PGlite: nothing is
 * ticketed before the airline has ticketed it, and each way Duffel can answer the payment is handled as its pages
 * say. The stand-in's behaviours and their pages (testing/duffel-hold-payments.ts):
 *  - documents (`electronic_ticket`, `unique_identifier`) appear after the payment, maybe a few reads later:
 *    Orders, https://duffel.com/docs/api/orders/schema;
 *  - a hold past `price_guarantee_expires_at` is re-priced (its order read shows its current total), a payment at
 *    another total is refused `price_changed`: https://duffel.com/docs/guides/holding-orders-and-paying-later and
 *    https://duffel.com/docs/api/payments/create-payment;
 *  - a balance too low is refused `insufficient_balance`: https://duffel.com/docs/api/overview/errors;
 *  - a hold past its `payment_required_by` can no longer be paid (https://duffel.com/docs/api/orders/schema,
 *    `payment_status`; the refusal's code is the stand-in's, testing/duffel-hold-payments.ts);
 *  - 429 with `ratelimit-limit` / `-remaining` / `-reset`: https://duffel.com/docs/api/overview/rate-limits;
 *  - 401 `authentication_error` for a token Duffel does not know, 403 for a valid token without the permission
 *    ("A valid access token was provided, but it didn't have sufficient permissions"):
 *    https://duffel.com/docs/api/overview/errors;
 *  - a 5xx on paying, before or after the payment was taken (500 and 502: "You should not retry this request",
 *    503: "Please retry later"): https://duffel.com/docs/api/overview/errors.
 * The app's own supplier pass is not kicked here (its kick is replaced): each test drives the passes itself.
 */
import { describe, expect, test } from 'vitest';
import type { OpsOrderSupplier } from '@parvoz/contracts/ops';
import { bookingBody, injectOrder } from '../../testing/booking.ts';
import { QUIET_LOG } from '../../testing/api.ts';
import type { ServiceLog } from '../../platform/log.ts';
import type { Loose } from '../../payments/testing/http.ts';
import { pay, readOrder, signedInAs, type Booked } from '../../testing/after-sale.ts';
import { bookPaidOrders, paySuppliers } from '../../modules/supplier-orders/index.ts';
import { ORDER_METADATA_KEY } from './orders.ts';
import {
  duffelOrdersOn,
  searchDuffelOffer,
  useDuffelSuite,
  bookDuffelOffer,
} from './testing/duffel-api-testing.ts';
import { defaultHoldPaymentKnobs } from './testing/duffel-hold-payments.ts';
import { queuedEmails } from '../../modules/mail/testing/outbox.ts';
import { forgetSupplierPauses } from '../../modules/supplier-orders/testing/pauses.ts';
import { refundsOf as refundsOfOrder } from '../../modules/payments/testing/payments.ts';
import { orderOf, passengersOf } from '../../modules/orders/testing/fixtures.ts';
import { refundBooksOf } from '../../modules/books/index.ts';

let kicks = 0;
/** The app's supplier pass is not run on a payment: its kick is only counted. */
const { api, token, clock, now, nextDay, nextKey } = useDuffelSuite(
  { token: 'duffel_test_ticketing0123456789', firstDay: 20, keys: 'duffel-ticketing' },
  { onSupplierKick: () => void kicks++ },
);

/** A fresh Duffel adapter (as another instance's worker has), and its pass. */
const adapter = () => duffelOrdersOn(api.server, token);
const passWith = (supplier = adapter(), log: ServiceLog = QUIET_LOG) =>
  paySuppliers({ db: api.db, supplier, now, log });

async function bookAndPay(): Promise<{ order: Booked; atDuffel: Loose }> {
  const key = nextKey();
  const { order, atDuffel } = await bookDuffelOffer(api.app, api.server, {
    date: nextDay(),
    key,
    sort: 'cheapest',
  });
  await pay(api.app, api.db, order, now());
  return { order, atDuffel: atDuffel! };
}

const rowOf = async (id: string) => (await orderOf(api.db, id))!;
const mailsOf = (orderId: string, kind: string) => queuedEmails(api.db, { orderId, kind });
const refundsOf = (orderId: string) => refundsOfOrder(api.db, orderId);
const duffelPaymentsOf = (atDuffel: Loose) => api.server.payments.filter((p) => p.order_id === atDuffel.id);
const ticketNumbersOf = async (orderId: string) =>
  (await passengersOf(api.db, orderId)).map((p) => p.ticketNumbers);

async function resetKnobs() {
  Object.assign(api.server.knobs.pay, defaultHoldPaymentKnobs());
  clock.at = clock.start;
  // A rate limit's wait is kept in the database for every instance: the clock going back must not meet it.
  await forgetSupplierPauses(api.db);
}

describe('a Duffel hold paid by its traveller', () => {
  test('is "ticketing" until Duffel is paid and its e-tickets issued; then booked with the airline’s numbers, and only then confirmed', async () => {
    await resetKnobs();
    // Duffel's documents appear on the second read after the payment.
    api.server.knobs.pay.documentsAfterReads = 2;
    const { order, atDuffel } = await bookAndPay();
    expect(kicks).toBeGreaterThan(0);
    // Paid here; not ticketed, no ticket numbers, no confirmation.
    const paidHere = await readOrder(api.app, order.id, order.access_token);
    expect(paidHere).toMatchObject({
      booking_status: 'new',
      payment_status: 'paid',
      ticketing: 'in_progress',
    });
    expect(await ticketNumbersOf(order.id)).toEqual([null]);
    expect(await mailsOf(order.id, 'order-confirmation')).toEqual([]);

    // The pass pays Duffel (once, the order's total) and reads the order: no documents yet.
    expect(await passWith()).toBe(1);
    expect(duffelPaymentsOf(atDuffel)).toEqual([
      expect.objectContaining({ type: 'balance', amount: '300.00', currency: 'USD' }),
    ]);
    expect((await readOrder(api.app, order.id, order.access_token)).ticketing).toBe('in_progress');
    expect(await mailsOf(order.id, 'order-confirmation')).toEqual([]);

    // The next pass finds the airline's e-ticket: booked, its number on the passenger, the confirmation queued.
    expect(await passWith()).toBe(0);
    const documents = atDuffel.documents as { unique_identifier: string; type: string }[];
    expect(documents).toHaveLength(1);
    expect(documents[0]!.type).toBe('electronic_ticket');
    expect(documents[0]!.unique_identifier).toMatch(/^\d{13}$/);
    const booked = await readOrder(api.app, order.id, order.access_token);
    expect(booked).toMatchObject({ booking_status: 'booked', payment_status: 'paid', ticketing: null });
    expect(await ticketNumbersOf(order.id)).toEqual([[documents[0]!.unique_identifier]]);
    const [confirmation] = await mailsOf(order.id, 'order-confirmation');
    expect(confirmation!.payload.text).toContain(documents[0]!.unique_identifier);
    // Never paid twice, never confirmed twice.
    await passWith();
    expect(duffelPaymentsOf(atDuffel)).toHaveLength(1);
    expect(await mailsOf(order.id, 'order-confirmation')).toHaveLength(1);
  });

  test('a price that moved below what the traveller paid (guarantee lapsed): re-read and paid at the current price', async () => {
    await resetKnobs();
    api.server.knobs.pay.priceGuaranteeMs = 60_000;
    api.server.knobs.pay.lapsedPriceFactor = 0.9;
    const { order, atDuffel } = await bookAndPay();
    clock.at += 2 * 60_000;
    expect(await passWith()).toBe(1);
    expect(duffelPaymentsOf(atDuffel)).toEqual([expect.objectContaining({ amount: '270.00' })]);
    expect((await readOrder(api.app, order.id, order.access_token)).booking_status).toBe('booked');
  });

  test('a price that moved above what the traveller paid: an operator task, the traveller told, nothing refunded; the operator cancels and refunds', async () => {
    await resetKnobs();
    api.server.knobs.pay.priceGuaranteeMs = 60_000;
    api.server.knobs.pay.lapsedPriceFactor = 1.1;
    const { order, atDuffel } = await bookAndPay();
    clock.at += 2 * 60_000;
    expect(await passWith()).toBe(0);
    expect(duffelPaymentsOf(atDuffel)).toEqual([]);
    expect(await rowOf(order.id)).toMatchObject({
      bookingStatus: 'new',
      paymentStatus: 'paid',
      ticketingProblem: 'price_changed',
    });
    expect(await refundsOf(order.id)).toEqual([]);
    const view = await readOrder(api.app, order.id, order.access_token);
    expect(view).toMatchObject({ booking_status: 'new', payment_status: 'paid', ticketing: 'delayed' });
    expect(view.passengers[0]!.tickets).toEqual([]);
    // Told once, in the order's language.
    const [told] = await mailsOf(order.id, 'ticketing-delayed');
    expect(told!.payload.subject).toBe(`Booking ${order.booking_reference}: your tickets are not issued yet`);
    await passWith();
    expect(await mailsOf(order.id, 'ticketing-delayed')).toHaveLength(1);

    // The console shows the task.
    const operator = await signedInAs(api.db, 'ops.ticketing@parvoz.example', 'operator', now());
    const detail = await api.app.inject({
      method: 'GET',
      url: `/v1/ops/orders/${order.id}`,
      headers: operator,
    });
    const supplier = detail.json().data.supplier as OpsOrderSupplier;
    expect(supplier.ticketing).toMatchObject({ status: 'problem', problem: 'price_changed' });

    // The operator cancels the hold at Duffel and refunds the traveller in full; once.
    const refunded = await api.app.inject({
      method: 'POST',
      url: `/v1/ops/orders/${order.id}/ticketing/refund`,
      headers: operator,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ booking_status: 'cancelled', ticketing: null });
    expect(atDuffel.cancelled_at).not.toBeNull();
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ amountMinor: 30000, reason: 'supplier_refused' }),
    ]);
    // The books: Duffel was never paid, so its whole cost comes back with the refund.
    expect(await refundBooksOf(api.db, order.id)).toEqual([
      expect.objectContaining({ givenBackMinor: 30_000, supplierReturnedMinor: 30_000 }),
    ]);
    const again = await api.app.inject({
      method: 'POST',
      url: `/v1/ops/orders/${order.id}/ticketing/refund`,
      headers: operator,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.details.reason).toBe('no_ticketing_problem');
  });

  test('Duffel answers the payment `price_changed`: the order read again, paid at its new price when not above; else an operator task', async () => {
    await resetKnobs();
    api.server.knobs.pay.movesAtPayment = 0.95;
    const lower = await bookAndPay();
    expect(await passWith()).toBe(1);
    expect(duffelPaymentsOf(lower.atDuffel)).toEqual([expect.objectContaining({ amount: '285.00' })]);
    expect((await readOrder(api.app, lower.order.id, lower.order.access_token)).booking_status).toBe(
      'booked',
    );

    api.server.knobs.pay.movesAtPayment = 1.05;
    const higher = await bookAndPay();
    expect(await passWith()).toBe(0);
    expect(duffelPaymentsOf(higher.atDuffel)).toEqual([]);
    expect((await rowOf(higher.order.id)).ticketingProblem).toBe('price_changed');
    expect(await refundsOf(higher.order.id)).toEqual([]);
  });

  test('the hold lapsed before Duffel was paid (past `payment_required_by`): an operator task, the traveller told, nothing refunded', async () => {
    await resetKnobs();
    // The airline holds the space for a minute only: our payment window ends with it, and the traveller pays in it.
    api.server.knobs.pay.paymentRequiredMs = 60_000;
    const { order, atDuffel } = await bookAndPay();
    expect((await rowOf(order.id)).paymentDeadline!.getTime()).toBe(
      Date.parse(atDuffel.payment_status.payment_required_by),
    );
    // The pass comes after the space was released.
    clock.at += 2 * 60_000;
    expect(await passWith()).toBe(0);
    expect(duffelPaymentsOf(atDuffel)).toEqual([]);
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ bookingStatus: 'new', paymentStatus: 'paid', ticketingProblem: 'refused' });
    // The refusal is the lapsed hold's, as Duffel's answer said it (not another one).
    expect(JSON.stringify(row.ticketingProblemDetail)).toContain('order_expired');
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await ticketNumbersOf(order.id)).toEqual([null]);
    expect(await mailsOf(order.id, 'ticketing-delayed')).toHaveLength(1);
  });

  test('a balance too low: an operator task; topped up and retried from the console, it is ticketed', async () => {
    await resetKnobs();
    api.server.knobs.pay.balanceCents = 10_000;
    const { order, atDuffel } = await bookAndPay();
    expect(await passWith()).toBe(0);
    expect((await rowOf(order.id)).ticketingProblem).toBe('insufficient_balance');
    expect(await refundsOf(order.id)).toEqual([]);
    api.server.knobs.pay.balanceCents = null;
    const operator = await signedInAs(api.db, 'ops.balance@parvoz.example', 'operator', now());
    const kicked = kicks;
    const retried = await api.app.inject({
      method: 'POST',
      url: `/v1/ops/orders/${order.id}/ticketing/retry`,
      headers: operator,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.ticketing).toBe('in_progress');
    expect(kicks).toBe(kicked + 1);
    expect(await passWith()).toBe(1);
    expect(duffelPaymentsOf(atDuffel)).toHaveLength(1);
    expect((await readOrder(api.app, order.id, order.access_token)).booking_status).toBe('booked');
  });
});

describe('Duffel answering "not now" at pay time', () => {
  test('429: no refund, nothing recorded against the order; the pass waits until ratelimit-reset, then pays', async () => {
    await resetKnobs();
    api.server.knobs.pay.rateLimit = { match: /^POST \/air\/payments$/, times: 5, resetAfterMs: 60_000 };
    const { order, atDuffel } = await bookAndPay();
    const supplier = adapter();
    expect(await passWith(supplier)).toBe(0);
    expect(api.server.knobs.pay.rateLimit!.times).toBe(4);
    expect(await rowOf(order.id)).toMatchObject({
      bookingStatus: 'new',
      paymentStatus: 'paid',
      ticketingProblem: null,
      supplierPaidAt: null,
    });
    expect(await refundsOf(order.id)).toEqual([]);
    // Before the reset nothing is asked of Duffel, by this instance or by another one (its own adapter, as a
    // second process has, on the same database): the wait is the supplier's, not the process's.
    const asked = api.server.requests.length;
    clock.at += 30_000;
    expect(await passWith(supplier)).toBe(0);
    expect(await passWith(adapter())).toBe(0);
    expect(api.server.requests.length).toBe(asked);
    // After it, the payment goes through.
    api.server.knobs.pay.rateLimit = null;
    clock.at += 31_000;
    expect(await passWith(supplier)).toBe(1);
    expect(duffelPaymentsOf(atDuffel)).toHaveLength(1);
    expect((await readOrder(api.app, order.id, order.access_token)).booking_status).toBe('booked');
  });

  /** Duffel refusing our credentials (a pass with the alarm log `log`), and what lets the next pass through. */
  const REFUSED_CREDENTIALS: { name: string; refused: (log: ServiceLog) => Promise<number> }[] = [
    {
      name: '401 (our token refused): an alarm for operators; the order kept as it is, nothing refunded',
      // With the right token the next pass tickets it.
      refused: (log) => passWith(duffelOrdersOn(api.server, 'duffel_test_revoked000000000'), log),
    },
    {
      name: '403 (our token known but without the permission to pay): the same alarm; the order kept, nothing refunded',
      // The permission granted, the next pass pays and tickets it.
      refused: async (log) => {
        api.server.knobs.forbidden = /^POST \/air\/payments$/;
        try {
          return await passWith(adapter(), log);
        } finally {
          api.server.knobs.forbidden = null;
        }
      },
    },
  ];

  test.each(REFUSED_CREDENTIALS)('$name', async ({ refused }) => {
    await resetKnobs();
    const { order, atDuffel } = await bookAndPay();
    const alarms: string[] = [];
    const log = { warn: () => undefined, error: (_: object, message: string) => void alarms.push(message) };
    expect(await refused(log)).toBe(0);
    expect(alarms).toEqual([
      'supplier rejected our credentials: paid orders wait for ticketing until an operator fixes them',
    ]);
    expect(await rowOf(order.id)).toMatchObject({
      bookingStatus: 'new',
      paymentStatus: 'paid',
      ticketingProblem: null,
      cancelledAt: null,
    });
    expect(await refundsOf(order.id)).toEqual([]);
    expect(duffelPaymentsOf(atDuffel)).toEqual([]);
    expect(await passWith()).toBe(1);
    expect((await readOrder(api.app, order.id, order.access_token)).booking_status).toBe('booked');
  });
});

describe('a payment Duffel fails to answer (https://duffel.com/docs/api/overview/errors)', () => {
  const paymentsPosted = () =>
    api.server.requests.filter((r) => r.method === 'POST' && r.path === '/air/payments').length;

  test('500 after the payment was taken: the order read again shows it paid; paid once, then ticketed', async () => {
    await resetKnobs();
    const { order, atDuffel } = await bookAndPay();
    const before = paymentsPosted();
    api.server.knobs.pay.failsAfterPaying = 500;
    expect(await passWith()).toBe(1);
    expect(duffelPaymentsOf(atDuffel)).toHaveLength(1);
    expect(paymentsPosted()).toBe(before + 1);
    expect((await rowOf(order.id)).ticketingProblem).toBeNull();
    expect((await readOrder(api.app, order.id, order.access_token)).booking_status).toBe('booked');
  });

  test.each([500, 502, 504])(
    '%i and the order still unpaid: never paid again by a pass (Duffel: do not retry); an operator task with the request id',
    async (status) => {
      await resetKnobs();
      const { order, atDuffel } = await bookAndPay();
      const before = paymentsPosted();
      api.server.knobs.failRoute = { match: /^POST \/air\/payments$/, status };
      try {
        expect(await passWith()).toBe(0);
      } finally {
        api.server.knobs.failRoute = null;
      }
      const row = await rowOf(order.id);
      expect(row).toMatchObject({
        bookingStatus: 'new',
        paymentStatus: 'paid',
        ticketingProblem: 'outcome_unknown',
        supplierPaidAt: null,
      });
      expect(row.ticketingProblemDetail).toMatchObject({
        status,
        request_id: expect.stringMatching(/^req_/),
      });
      expect(await refundsOf(order.id)).toEqual([]);
      expect(await mailsOf(order.id, 'ticketing-delayed')).toHaveLength(1);
      // Later passes (this instance or another) do not pay it: only an operator's retry does.
      expect(await passWith()).toBe(0);
      expect(await passWith(adapter())).toBe(0);
      expect(paymentsPosted()).toBe(before + 1);
      expect(duffelPaymentsOf(atDuffel)).toHaveLength(0);
      const operator = await signedInAs(api.db, `ops.unknown${status}@parvoz.example`, 'operator', now());
      const retried = await api.app.inject({
        method: 'POST',
        url: `/v1/ops/orders/${order.id}/ticketing/retry`,
        headers: operator,
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(await passWith()).toBe(1);
      expect(duffelPaymentsOf(atDuffel)).toHaveLength(1);
      expect((await readOrder(api.app, order.id, order.access_token)).booking_status).toBe('booked');
    },
  );

  test('503 ("Please retry later"): nothing recorded against the order; the next pass pays it once', async () => {
    await resetKnobs();
    const { order, atDuffel } = await bookAndPay();
    api.server.knobs.failRoute = { match: /^POST \/air\/payments$/, status: 503 };
    try {
      expect(await passWith()).toBe(0);
    } finally {
      api.server.knobs.failRoute = null;
    }
    expect((await rowOf(order.id)).ticketingProblem).toBeNull();
    expect(await passWith()).toBe(1);
    expect(duffelPaymentsOf(atDuffel)).toHaveLength(1);
    expect((await readOrder(api.app, order.id, order.access_token)).booking_status).toBe('booked');
  });
});

describe('an offer the airline will not hold, booked at pay time', () => {
  test('429 on creating the order: no refund, the paid order kept; after ratelimit-reset it is booked, then ticketed', async () => {
    await resetKnobs();
    api.server.knobs.instantPaymentOnly = true;
    try {
      const offer = await searchDuffelOffer(api.app, { date: nextDay(), sort: 'cheapest' });
      const response = await injectOrder(api.app, bookingBody(offer), nextKey());
      expect(response.statusCode, response.body).toBe(201);
      const order = response.json().data as Booked;
      await pay(api.app, api.db, order, now());
      api.server.knobs.pay.rateLimit = { match: /^POST \/air\/orders$/, times: 1, resetAfterMs: 60_000 };
      const supplier = adapter();
      const deps = { db: api.db, supplier, now, log: QUIET_LOG };
      expect(await bookPaidOrders(deps)).toBe(0);
      expect(api.server.knobs.pay.rateLimit.times).toBe(0);
      expect(await rowOf(order.id)).toMatchObject({
        bookingStatus: 'new',
        paymentStatus: 'paid',
        supplierOrderId: null,
        supplierBookingClaimedAt: null,
        cancelledAt: null,
      });
      expect(await refundsOf(order.id)).toEqual([]);
      expect((await readOrder(api.app, order.id, order.access_token)).ticketing).toBe('in_progress');
      // Until the reset nothing is asked; then the order is created (once) and its e-ticket read.
      const asked = api.server.requests.length;
      expect(await bookPaidOrders(deps)).toBe(0);
      expect(api.server.requests.length).toBe(asked);
      clock.at += 61_000;
      expect(await bookPaidOrders(deps)).toBe(1);
      await passWith(supplier);
      const atDuffel = api.server.orders.filter((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id);
      expect(atDuffel).toHaveLength(1);
      const booked = await readOrder(api.app, order.id, order.access_token);
      expect(booked).toMatchObject({ booking_status: 'booked', ticketing: null });
      expect(await ticketNumbersOf(order.id)).toEqual([[atDuffel[0]!.documents[0].unique_identifier]]);
    } finally {
      api.server.knobs.instantPaymentOnly = false;
    }
  });
});
