/**
 * Cancellations and refunds (docs/after-sale.md §1–§3) through HTTP (inject, PGlite): fare rules on offers
 * and orders, cancelling a PAID order with a quote (light: the taxes back; standard: less the fee), the
 * refund through the payment provider confirmed by its signed `refund.succeeded` webhook (ten deliveries →
 * one change), a late payment refunded automatically, and bad input (forged ids, wrong or negative amounts)
 * changing nothing.
 */
import { describe, expect, test } from 'vitest';
import type { Order } from '@parvoz/contracts/booking';
import { orderCancellationSchema } from '@parvoz/contracts/order-cancellations';
import { fromMajorString, toMajorString, money } from '@parvoz/core/money';
import type { Offer } from '@parvoz/core/search-types';
import { apiConfigFromEnv, apiConfigSchema, type ApiConfig } from '../../../config.ts';
import { paymentProviders } from '../../../payments/index.ts';
import {
  buildTestApi,
  TEST_PAYMENT_WEBHOOK_SECRET,
  useTestApi,
  MANY_ORDERS,
  memoryMailTransport,
} from '../../../testing/api.ts';
import type { OutgoingEmail } from '../../../adapters/mail/transport.ts';
import { ANON, isoDay, searchOffer } from '../../../testing/booking.ts';
import {
  book,
  cancelBooking,
  deliverWebhook,
  offerIn,
  openPayment,
  pay,
  readOrder,
  requestCancellation,
  confirmCancellationRequest,
  startPayment,
  tokenQuery,
  type Booked,
} from '../../../testing/after-sale.ts';
import { expireUnpaidOrders } from '../../../modules/orders/index.ts';
import { confirmCancellation } from '../../../modules/after-sale/index.ts';
import { retryUnstartedRefunds } from '../../../modules/payments/index.ts';
import { queuedEmails } from '../../../modules/mail/testing/outbox.ts';
import { DROP_ORDERS_TABLE, holdsOf, orderOf } from '../../../modules/orders/testing/fixtures.ts';
import {
  paymentOf,
  paymentsOf,
  refundCount,
  type RefundRow,
  refundsOf as refundsOfOrder,
} from '../../../modules/payments/testing/payments.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const now = () => new Date(clock);
const inbox: OutgoingEmail[] = [];
const memoryTransport = memoryMailTransport(inbox);
/** US dollars a standard fare keeps per seated passenger in this suite (not the default, to show it is read). */
const FEE = 30;

// Not listening: the sandbox cannot reach the site, so each test sends the refund webhook itself.
const api = useTestApi(
  { ...MANY_ORDERS, standardRefundFeeUsd: FEE },
  { now, mailTransport: memoryTransport },
);

const quote = (orderId: string, token?: string, headers?: Record<string, string>) =>
  requestCancellation(api.app, orderId, token, headers);
const confirm = (id: string, token?: string, headers?: Record<string, string>) =>
  confirmCancellationRequest(api.app, id, token, headers);

const minor = (amount: string) => fromMajorString(amount, 'USD')!.amount;
const taxesOf = (order: Pick<Order, 'price_breakdown'>) =>
  order.price_breakdown.reduce((sum, line) => sum + minor(line.tax_amount), 0);
const usd = (amountMinor: number) => toMajorString(money(amountMinor, 'USD'));

async function refundsOf(orderId: string) {
  return refundsOfOrder(api.db, orderId);
}

/** The sandbox's report that the refund went through, as it signs and sends it. */
const refundSucceeded = (refund: RefundRow) => ({
  type: 'refund.succeeded' as const,
  providerRef: refund.providerRef!,
  amountMinor: refund.amountMinor,
  currency: refund.currency,
  refundId: refund.id,
});

/** The queued emails of one kind about one order (or refund): by their dedupe key. */
async function outbox(dedupeKey: string) {
  return queuedEmails(api.db, { dedupeKey });
}

let day = 40;
/** A paid order of one adult and one infant in the fare family, on a day of its own. */
async function paidOrder(fare: 'light' | 'standard'): Promise<{ offer: Offer; order: Booked }> {
  const offer = await offerIn(api.app, fare, { date: isoDay(start, day++), infants: 1 });
  expect(offer.fare_family).toBe(fare);
  const order = await book(api.app, offer);
  await pay(api.app, api.db, order, now());
  return { offer, order };
}

describe('fare rules', () => {
  test('every offer says what comes back; the booked order keeps it', async () => {
    for (const fare of ['light', 'standard'] as const) {
      const found = await offerIn(api.app, fare, { date: isoDay(start, 30), adults: 2, infants: 1 });
      const read = await api.app.inject({ method: 'GET', url: `/v1/offers/${found.id}`, headers: ANON });
      expect(read.statusCode).toBe(200);
      expect(read.json().data.conditions).toEqual({
        refund_before_departure:
          fare === 'light'
            ? { allowed: false, penalty_amount: null, penalty_currency: null, taxes_refundable: true }
            : // Two seated passengers (the infant sits on a lap).
              { allowed: true, penalty_amount: '60.00', penalty_currency: 'USD', taxes_refundable: true },
      });
    }
    // In the order's currency, and on the order.
    const uzs = await offerIn(api.app, 'standard', { date: isoDay(start, 31) });
    const order = await book(api.app, uzs, ANON, { currency: 'UZS' });
    expect(order.conditions.refund_before_departure).toMatchObject({
      allowed: true,
      penalty_amount: String(FEE * 12700),
      penalty_currency: 'UZS',
    });
    expect(order).toMatchObject({
      refund_status: 'none',
      refunds: [],
      cancellable: true,
      tickets_voided_at: null,
    });
  });

  test('the fee is configuration: REFUND_FEE_STANDARD, dollars and cents, never negative', () => {
    expect(apiConfigFromEnv({ REFUND_FEE_STANDARD: '12.50' }).standardRefundFeeUsd).toBe(12.5);
    expect(apiConfigFromEnv({}).standardRefundFeeUsd).toBe(25);
    for (const bad of ['-5', 'ten', '1.234', '100000'])
      expect(() => apiConfigFromEnv({ REFUND_FEE_STANDARD: bad })).toThrow(/standardRefundFeeUsd/);
  });
});

describe('cancelling a paid order', () => {
  test('light: the quote gives back the taxes only', async () => {
    const { order } = await paidOrder('light');
    const answer = await quote(order.id, order.access_token);
    expect(answer.statusCode).toBe(201);
    const q = orderCancellationSchema.parse(answer.json().data);
    const taxes = taxesOf(order);
    expect(taxes).toBeGreaterThan(0);
    expect(q).toMatchObject({
      refund_amount: usd(taxes),
      refund_currency: 'USD',
      refund_rule: 'taxes_only',
      kept_amount: usd(minor(order.total_amount) - taxes),
      confirmed_at: null,
    });
    // A quote changes nothing.
    expect(await readOrder(api.app, order.id, order.access_token)).toMatchObject({
      booking_status: 'booked',
      refund_status: 'none',
    });
  });

  test('standard: cancelled, seats released, tickets voided, refund pending, then refunded by the webhook', async () => {
    const { order } = await paidOrder('standard');
    const total = minor(order.total_amount);
    const q = (await quote(order.id, order.access_token)).json().data;
    // One seated passenger: the fee once; the infant sits on a lap.
    expect(q).toMatchObject({
      refund_amount: usd(total - FEE * 100),
      refund_rule: 'fare_minus_penalty',
      kept_amount: usd(FEE * 100),
    });
    const ticketed = await readOrder(api.app, order.id, order.access_token);
    expect(ticketed.passengers.flatMap((p) => p.tickets)).not.toHaveLength(0);

    const done = await confirm(q.id, order.access_token);
    expect(done.statusCode).toBe(200);
    const cancelled = await readOrder(api.app, order.id, order.access_token);
    expect(cancelled).toMatchObject({
      booking_status: 'cancelled',
      payment_status: 'paid',
      refund_status: 'pending',
      cancellable: false,
      tickets_voided_at: now().toISOString(),
      refunds: [
        { amount: usd(total - FEE * 100), currency: 'USD', reason: 'cancellation', status: 'pending' },
      ],
    });
    const holds = await holdsOf(api.db, order.id);
    expect(holds.length).toBeGreaterThan(0);
    expect(holds.every((h) => h.releasedAt !== null)).toBe(true);
    // The e-ticket is void: no more PDF, no more resending.
    const pdf = await api.app.inject({
      method: 'GET',
      url: `/v1/orders/${order.id}/ticket.pdf${tokenQuery(order.access_token)}`,
      headers: ANON,
    });
    expect(pdf.statusCode).toBe(404);
    // The provider was asked (its refund id kept) and the traveller told.
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({ status: 'pending', amountMinor: total - FEE * 100, provider: 'sandbox' });
    expect(refund!.providerRef).toMatch(/^sbr_[A-Za-z0-9_-]{22}$/);
    const [email] = await outbox(`order-cancelled:${order.id}`);
    expect(email!.toAddress).toBe('anna.karimova@example.com');
    const payload = email!.payload as { subject: string; text: string; html: string };
    expect(payload.subject).toContain(order.booking_reference);
    expect(payload.text).toContain(`$${usd(total - FEE * 100)}`);
    expect(payload.html).toContain(`$${usd(total - FEE * 100)}`);

    // Delivered ten times at once: one change.
    expect(refund!.currency).toBe('USD');
    const event = { ...refundSucceeded(refund!), id: `evt_refund_${refund!.id}` };
    const deliveries = await Promise.all(
      Array.from({ length: 10 }, () => deliverWebhook(api.app, now(), event)),
    );
    expect(deliveries.map((d) => d.status)).toEqual(Array(10).fill(200));
    expect(deliveries.filter((d) => d.effect === 'refunded')).toHaveLength(1);
    expect(deliveries.filter((d) => d.effect === 'duplicate')).toHaveLength(9);
    const refunded = await readOrder(api.app, order.id, order.access_token);
    expect(refunded).toMatchObject({
      refund_status: 'refunded',
      booking_status: 'cancelled',
      payment_status: 'paid',
    });
    expect(refunded.refunds).toMatchObject([{ status: 'refunded', refunded_at: now().toISOString() }]);
    const [mail] = await outbox(`refund-completed:${refund!.id}`);
    expect(mail!.toAddress).toBe('anna.karimova@example.com');
    expect((mail!.payload as { text: string }).text).toContain(`$${usd(total - FEE * 100)}`);

    // The same refund under another event id, later: still no change.
    const [succeeded] = await refundsOf(order.id);
    clock += 60_000;
    const again = await deliverWebhook(api.app, now(), { ...event, id: 'evt_refund_again' });
    expect(again.effect).toBe('ignored');
    const [after] = await refundsOf(order.id);
    expect(after!.succeededAt).toEqual(succeeded!.succeededAt);
    expect(after!.updatedAt).toEqual(succeeded!.updatedAt);
    // Confirming again answers the same; a new quote is refused.
    expect((await confirm(q.id, order.access_token)).json().data.confirmed_at).toBe(
      done.json().data.confirmed_at,
    );
    const twice = await quote(order.id, order.access_token);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.details.reason).toBe('already_cancelled');
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  test('from the first departure on, a paid order cannot be cancelled online', async () => {
    const { order } = await paidOrder('standard');
    const saved = clock;
    const departs = Date.parse(order.slices[0]!.departing_at);
    try {
      // Quoted five minutes before departure (still cancellable), confirmed at departure.
      clock = departs - 5 * 60_000;
      expect((await readOrder(api.app, order.id, order.access_token)).cancellable).toBe(true);
      const q = (await quote(order.id, order.access_token)).json().data;
      clock = departs;
      expect((await readOrder(api.app, order.id, order.access_token)).cancellable).toBe(false);
      for (const answer of [
        await quote(order.id, order.access_token),
        await confirm(q.id, order.access_token),
      ]) {
        expect(answer.statusCode).toBe(422);
        expect(answer.json().error.details.reason).toBe('departed');
      }
    } finally {
      clock = saved;
    }
    expect(await readOrder(api.app, order.id, order.access_token)).toMatchObject({
      booking_status: 'booked',
    });
    expect(await refundsOf(order.id)).toHaveLength(0);
  });

  test('a quote for the unpaid order never cancels it once paid: ask again', async () => {
    const offer = await offerIn(api.app, 'standard', { date: isoDay(start, day++) });
    const order = await book(api.app, offer);
    const unpaid = (await quote(order.id, order.access_token)).json().data;
    expect(unpaid).toMatchObject({ refund_amount: '0.00', refund_rule: 'nothing_paid' });
    await pay(api.app, api.db, order, now());
    const stale = await confirm(unpaid.id, order.access_token);
    expect(stale.statusCode).toBe(422);
    expect(stale.json().error.details.reason).toBe('quote_outdated');
    expect(await readOrder(api.app, order.id, order.access_token)).toMatchObject({
      booking_status: 'booked',
      refund_status: 'none',
    });
  });

  test('a refund the provider did not take is asked again by the sweep', async () => {
    const { order } = await paidOrder('light');
    const q = (await quote(order.id, order.access_token)).json().data;
    // Confirmed, but the process stopped before asking the provider (the route asks after the commit).
    await confirmCancellation(
      { db: api.db, now },
      { kind: 'anonymous' },
      q.id,
      order.access_token,
      'http://x',
    );
    const [before] = await refundsOf(order.id);
    expect(before!.providerRef).toBeNull();
    const log = { warn: () => undefined, error: () => undefined };
    // The providers as the API makes them (this process is not listening: no webhook is sent).
    const providers = paymentProviders(
      apiConfigSchema.parse({
        anonymousToken: 'x'.repeat(16),
        paymentWebhookSecret: TEST_PAYMENT_WEBHOOK_SECRET,
      }) as ApiConfig,
    );
    expect(await retryUnstartedRefunds({ db: api.db, now, providers }, log)).toBe(0);
    clock += 61_000;
    expect(await retryUnstartedRefunds({ db: api.db, now, providers }, log)).toBe(1);
    const [after] = await refundsOf(order.id);
    expect(after!.providerRef).toMatch(/^sbr_/);
    // Asked again, the sandbox answers the same refund (never a second one).
    const asked = await providers.get('sandbox')!.refund({
      refundId: after!.id,
      paymentProviderRef: (await paymentOf(api.db, after!.paymentId))!.providerRef!,
      amountMinor: after!.amountMinor,
      currency: 'USD',
    });
    expect(asked.providerRef).toBe(after!.providerRef);
  });
});

describe('a late payment', () => {
  test('for an order whose payment window ended is refunded in full, automatically, and the traveller told', async () => {
    const offer = await offerIn(api.app, 'standard', { date: isoDay(start, day++) });
    const order = await book(api.app, offer, ANON, { lang: 'ru' });
    const payment = await openPayment(api.app, api.db, order);
    clock += 21 * 60_000;
    expect(await expireUnpaidOrders(api.db, now())).toBeGreaterThan(0);
    const success = {
      type: 'payment.succeeded' as const,
      providerRef: payment.providerRef!,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      id: `evt_late_${payment.id}`,
    };
    const late = await deliverWebhook(api.app, now(), success);
    expect(late).toEqual({ status: 200, effect: 'late_payment_refunded' });
    const view = await readOrder(api.app, order.id, order.access_token);
    expect(view).toMatchObject({
      booking_status: 'cancelled',
      payment_status: 'not_paid',
      refund_status: 'pending',
      refunds: [{ amount: order.total_amount, reason: 'late_payment', status: 'pending' }],
    });
    expect(view.passengers.flatMap((p) => p.tickets)).toHaveLength(0);
    const [email] = await outbox(`late-payment-refund:${payment.id}`);
    const mail = email!.payload as { lang: string; subject: string; text: string; html: string };
    expect(mail.lang).toBe('ru');
    expect(mail.subject).toContain(order.booking_reference);
    expect(mail.text).toMatch(/возвра/i);
    expect(mail.html).toContain(`/ru/orders/${order.id}?access_token=`);

    // Replayed: nothing more. Then the refund is confirmed.
    const replay = await deliverWebhook(api.app, now(), success);
    expect(replay.effect).toBe('duplicate');
    const [refund] = await refundsOf(order.id);
    expect(refund!.amountMinor).toBe(payment.amountMinor);
    const done = await deliverWebhook(api.app, now(), refundSucceeded(refund!));
    expect(done.effect).toBe('refunded');
    expect((await readOrder(api.app, order.id, order.access_token)).refund_status).toBe('refunded');
  });

  test('for an order the traveller cancelled is refunded too', async () => {
    const offer = await searchOffer(api.app, { date: isoDay(start, day++) });
    const order = await book(api.app, offer);
    const payment = await openPayment(api.app, api.db, order);
    const q = (await quote(order.id, order.access_token)).json().data;
    expect((await confirm(q.id, order.access_token)).statusCode).toBe(200);
    const late = await deliverWebhook(api.app, now(), {
      type: 'payment.succeeded',
      providerRef: payment.providerRef!,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
    });
    expect(late.effect).toBe('late_payment_refunded');
    expect(await refundsOf(order.id)).toMatchObject([
      { reason: 'late_payment', amountMinor: payment.amountMinor },
    ]);
  });
});

test('a second payment of a paid order (its first session succeeded late) is refunded; the booking stays', async () => {
  const offer = await offerIn(api.app, 'light', { date: isoDay(start, day++) });
  const order = await book(api.app, offer);
  const first = await openPayment(api.app, api.db, order);
  const event = (payment: typeof first, id: string) => ({
    type: 'payment.succeeded' as const,
    providerRef: payment.providerRef!,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    id,
  });
  // The first card was declined; the traveller paid again with another card on a new session.
  await deliverWebhook(api.app, now(), {
    ...event(first, 'x'),
    type: 'payment.failed',
    id: `evt_decline_${first.id}`,
  });
  const again = await startPayment(api.app, order);
  expect(again.statusCode).toBe(201);
  const [second] = (await paymentsOf(api.db, order.id)).filter((p) => p.id !== first.id);
  expect((await deliverWebhook(api.app, now(), event(second!, `evt_pay_${second!.id}`))).effect).toBe('paid');
  // Then the first one's bank says yes after all: charged twice, so that one goes back.
  const late = await deliverWebhook(api.app, now(), event(first, `evt_pay_${first.id}`));
  expect(late.effect).toBe('late_payment_refunded');
  expect(await readOrder(api.app, order.id, order.access_token)).toMatchObject({
    booking_status: 'booked',
    payment_status: 'paid',
    refund_status: 'pending',
    refunds: [{ reason: 'late_payment', amount: order.total_amount }],
  });
  expect(await refundsOf(order.id)).toMatchObject([{ paymentId: first.id }]);
});

describe('bad input changes nothing', () => {
  test('forged refund ids, a wrong or negative amount, another currency', async () => {
    const { order } = await paidOrder('standard');
    const q = (await quote(order.id, order.access_token)).json().data;
    await confirm(q.id, order.access_token);
    const [refund] = await refundsOf(order.id);
    expect(refund!.currency).toBe('USD');
    const genuine = refundSucceeded(refund!);
    const forged = [
      {
        ...genuine,
        refundId: '00000000-0000-4000-8000-000000000000',
        providerRef: 'sbr_forgedforgedforgedfo',
      },
      { ...genuine, refundId: 'not-a-uuid', providerRef: 'sbr_forgedforgedforgedfo' },
      { ...genuine, amountMinor: -genuine.amountMinor },
      { ...genuine, amountMinor: genuine.amountMinor + 1 },
      { ...genuine, currency: 'EUR' },
    ];
    const effects = [];
    for (const event of forged) effects.push((await deliverWebhook(api.app, now(), event)).effect);
    expect(effects).toEqual(['unknown_refund', 'unknown_refund', 'ignored', 'ignored', 'ignored']);
    expect((await refundsOf(order.id))[0]!.status).toBe('pending');
    expect((await readOrder(api.app, order.id, order.access_token)).refund_status).toBe('pending');
    // Bodies that are not a refund event at all are refused before anything is read.
    for (const bad of [
      { ...genuine, amountMinor: 1.5 },
      { ...genuine, refundId: 'x'.repeat(200) },
    ]) {
      const answer = await deliverWebhook(api.app, now(), bad as typeof genuine);
      expect(answer.status).toBe(400);
    }
    expect((await deliverWebhook(api.app, now(), genuine)).effect).toBe('refunded');
  });

  test('a forged cancellation id or order id is a 404 or 400, never a refund', async () => {
    const { order } = await paidOrder('light');
    const before = await refundCount(api.db);
    expect((await confirm(`ocn_${'A'.repeat(24)}`, order.access_token)).statusCode).toBe(404);
    expect((await confirm('ocn_..%2F..%2Fx', order.access_token)).statusCode).toBe(400);
    expect((await quote(`ord_${'A'.repeat(24)}`, order.access_token)).statusCode).toBe(404);
    expect((await quote(`ord_; ${DROP_ORDERS_TABLE}`, order.access_token)).statusCode).toBe(400);
    // Another order's cancellation cannot be confirmed with this order's token.
    const other = await paidOrder('standard');
    const theirs = (await quote(other.order.id, other.order.access_token)).json().data;
    expect((await confirm(theirs.id, order.access_token)).statusCode).toBe(404);
    expect(await refundCount(api.db)).toBe(before);
    expect((await orderOf(api.db, other.order.id))?.bookingStatus).toBe('booked');
  });
});

test('listening, the sandbox settles a refund by itself: its signed webhook comes back over HTTP', async () => {
  const listening = await buildTestApi(api.db, MANY_ORDERS, { now, mailTransport: memoryTransport });
  try {
    await listening.listen({ port: 0, host: '127.0.0.1' });
    const offer = await offerIn(listening, 'standard', { date: isoDay(start, day++) });
    const order = await book(listening, offer);
    await pay(listening, api.db, order, now());
    await cancelBooking(listening, order);
    let status = '';
    for (let i = 0; i < 200 && status !== 'refunded'; i++) {
      status = (await readOrder(listening, order.id, order.access_token)).refund_status;
      if (status !== 'refunded') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe('refunded');
  } finally {
    await listening.close();
  }
});
