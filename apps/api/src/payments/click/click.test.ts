/**
 * Click over real HTTP on loopback (docs/payment-providers.md): a local Click (payments/click/testing/click-server.ts) sends the
 * signed Prepare and Complete form posts as its SHOP API documentation describes, and takes reversals on
 * its Merchant API. Click's own fifteen test scenarios (docs.click.uz/testing), duplicates, a payment after
 * the order expired (accepted, then reversed automatically) and refunds of cancelled bookings.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import fc from 'fast-check';
import { startClickServer, type ClickTestServer } from './testing/click-server.ts';
import { buildTestApi } from '../../testing/api.ts';
import {
  cancelBooking,
  paymentOptions,
  readOrder,
  startPayment,
  type Booked,
} from '../../testing/after-sale.ts';
import {
  clickConfig,
  confirmationsOf,
  paymeConfig,
  startUzsPayments,
  transactionsOf,
  type UzsPayments,
} from '../testing/uzs-payments.ts';
import { expireUnpaidOrders } from '../../modules/orders/index.ts';
import { paymentsOf, providerTransactionCount } from '../../modules/payments/testing/payments.ts';

let uzs: UzsPayments;
let click: ClickTestServer;
const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const now = () => new Date(clock);

beforeAll(async () => {
  click = await startClickServer({ now: () => clock });
  uzs = await startUzsPayments(
    {
      config: {
        // Payme too, to show the choice; no Payme call is made here.
        payme: paymeConfig({
          merchantId: 'a1b2c3d4e5f6a1b2c3d4e5f6',
          key: 'payme-key-not-used-here-0123',
          url: 'https://checkout.test.paycom.uz',
        }),
        click: clickConfig(click),
      },
      click,
    },
    now,
    start,
  );
}, 60_000);

afterAll(async () => {
  await uzs?.close();
  await click?.close();
});

const sum = (order: Booked) => `${order.total_amount}.00`;
const transactions = (orderId: string) => transactionsOf(uzs.db, orderId);
const confirmations = (orderId: string) => confirmationsOf(uzs.db, orderId);

test('a UZS order is offered Payme then Click; Click’s page gets the amount in sum with two decimals', async () => {
  const order = await uzs.order();
  const options = await paymentOptions(uzs.app, order);
  expect(options.json().data.providers).toEqual([{ name: 'payme' }, { name: 'click' }]);
  const started = await startPayment(uzs.app, order, { provider: 'click', lang: 'uz' });
  expect(started.statusCode).toBe(201);
  const url = new URL(started.json().data.redirect_url);
  expect(`${url.origin}${url.pathname}`).toBe(`${click.url}/services/pay`);
  expect(Object.fromEntries(url.searchParams)).toEqual({
    service_id: String(click.serviceId),
    merchant_id: String(click.merchantId),
    amount: sum(order),
    transaction_param: order.id,
    return_url: `${uzs.base}/uz/orders/${order.id}?payment=returned`,
  });
});

test('Click’s fifteen test scenarios (docs.click.uz/testing) get the documented answers', async () => {
  const [a, b, c] = [await uzs.order(), await uzs.order(), await uzs.order()];
  const ids = [click.newIds(), click.newIds(), click.newIds()];
  const prepare = (order: Booked, i: number, over: Partial<Parameters<ClickTestServer['fields']>[0]> = {}) =>
    click.send(click.prepareUrl, {
      ...click.fields({ ...ids[i]!, orderId: order.id, amount: sum(order), action: 0, ...over }),
    });
  const complete = (
    order: Booked,
    i: number,
    prepareId: number,
    over: Partial<Parameters<ClickTestServer['fields']>[0]> = {},
  ) =>
    click.send(click.completeUrl, {
      ...click.fields({ ...ids[i]!, orderId: order.id, amount: sum(order), action: 1, prepareId, ...over }),
    });

  expect((await prepare(a, 0, { secretKey: 'not-the-key' })).error).toBe(-1); // 1
  expect((await prepare(a, 0, { orderId: 'ord_doesnotexist000000000000' })).error).toBe(-5); // 2
  const s3 = await prepare(a, 0); // 3
  expect(s3).toMatchObject({
    error: 0,
    merchant_trans_id: a.id,
    click_trans_id: Number(ids[0]!.clickTransId),
  });
  const prepareId = s3.merchant_prepare_id!;
  expect(Number.isInteger(prepareId)).toBe(true);
  expect((await complete(a, 0, prepareId, { secretKey: 'not-the-key' })).error).toBe(-1); // 4
  expect((await complete(a, 0, prepareId, { amount: '300' })).error).toBe(-2); // 5
  const s6 = await complete(a, 0, prepareId); // 6
  expect(s6).toMatchObject({ error: 0, merchant_confirm_id: prepareId });
  expect(await readOrder(uzs.app, a.id, a.access_token)).toMatchObject({
    booking_status: 'booked',
    payment_status: 'paid',
  });
  expect((await complete(a, 0, prepareId)).error).toBe(-4); // 7
  expect((await complete(a, 0, prepareId, { error: -5017 })).error).toBe(-9); // 8
  expect(await readOrder(uzs.app, a.id, a.access_token)).toMatchObject({ payment_status: 'paid' });

  const s9 = await prepare(b, 1); // 9
  expect(s9.error).toBe(0);
  expect((await complete(b, 1, 999_999_999)).error).toBe(-6); // 10
  expect((await complete(b, 1, s9.merchant_prepare_id!)).error).toBe(0); // 11

  const s12 = await prepare(c, 2); // 12
  expect(s12.error).toBe(0);
  expect((await complete(c, 2, s12.merchant_prepare_id!, { error: -5017 })).error).toBe(-9); // 13
  expect((await complete(c, 2, s12.merchant_prepare_id!, { error: -5017 })).error).toBe(-9); // 14
  expect((await complete(c, 2, s12.merchant_prepare_id!)).error).toBe(-9); // 15
  expect(await readOrder(uzs.app, c.id, c.access_token)).toMatchObject({
    booking_status: 'new',
    payment_status: 'not_paid',
  });
  const [payment] = await paymentsOf(uzs.db, c.id);
  expect(payment!.status).toBe('failed');
});

test('ten deliveries of Prepare and of Complete change the state once', async () => {
  const order = await uzs.order();
  const ids = click.newIds();
  const prepares = await Promise.all(
    Array.from({ length: 10 }, () =>
      click.send(click.prepareUrl, {
        ...click.fields({ ...ids, orderId: order.id, amount: sum(order), action: 0 }),
      }),
    ),
  );
  expect(new Set(prepares.map((p) => `${p.error}:${p.merchant_prepare_id}`)).size).toBe(1);
  const prepareId = prepares[0]!.merchant_prepare_id!;
  const completes = await Promise.all(
    Array.from({ length: 10 }, () =>
      click.send(click.completeUrl, {
        ...click.fields({ ...ids, orderId: order.id, amount: sum(order), action: 1, prepareId }),
      }),
    ),
  );
  expect(completes.map((c) => c.error).sort()).toEqual([-4, -4, -4, -4, -4, -4, -4, -4, -4, 0]);
  expect(await transactions(order.id)).toHaveLength(1);
  expect(await confirmations(order.id)).toHaveLength(1);
});

test('bad requests: missing fields, an unknown action, not a form, a wrong amount — nothing changes', async () => {
  const order = await uzs.order();
  const ids = click.newIds();
  const good = click.fields({ ...ids, orderId: order.id, amount: sum(order), action: 0 });
  const { sign_string: _sign, ...unsigned } = good;
  expect((await click.send(click.prepareUrl, unsigned)).error).toBe(-8);
  const action2 = click.fields({ ...ids, orderId: order.id, amount: sum(order), action: 0 });
  expect((await click.send(click.completeUrl, action2)).error).toBe(-8); // Complete needs merchant_prepare_id
  const wrongAction = await click.send(click.completeUrl, {
    ...click.fields({ ...ids, orderId: order.id, amount: sum(order), action: 0 }),
    merchant_prepare_id: '1',
  });
  expect(wrongAction.error).toBe(-3); // a signed Prepare at the Complete endpoint: action not found
  const asJson = await fetch(click.prepareUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(good),
  });
  expect(asJson.status).toBe(200);
  expect(((await asJson.json()) as { error: number }).error).toBe(-8);
  for (const amount of [
    `${Number(order.total_amount) + 1}.00`,
    `${order.total_amount}.01`,
    `${order.total_amount}.001`,
    '-5',
  ])
    expect(
      (await click.send(click.prepareUrl, click.fields({ ...ids, orderId: order.id, amount, action: 0 })))
        .error,
    ).toBe(-2);
  expect(await transactions(order.id)).toEqual([]);
});

test('any form to Prepare or Complete is answered with Click’s envelope, never a 5xx, and changes nothing', async () => {
  const before = await providerTransactionCount(uzs.db);
  const field = fc.oneof(fc.string(), fc.stringMatching(/^-?\d{1,20}$/), fc.constant(''));
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('prepare', 'complete'),
      fc.dictionary(
        fc.constantFrom(
          'click_trans_id',
          'service_id',
          'click_paydoc_id',
          'merchant_trans_id',
          'merchant_prepare_id',
          'amount',
          'action',
          'error',
          'error_note',
          'sign_time',
          'sign_string',
          'other',
        ),
        field,
      ),
      async (step, form) => {
        const answer = await click.send(`${uzs.base}/v1/payments/click/${step}`, form);
        expect([-1, -2, -3, -4, -5, -6, -8, -9]).toContain(answer.error);
      },
    ),
    { numRuns: 150 },
  );
  expect(await providerTransactionCount(uzs.db)).toBe(before);
});

test('Click fails the payment (Complete with a negative error): the order stays payable', async () => {
  const order = await uzs.order();
  const [prepared, completed] = await click.pay(order.id, sum(order), { failWith: -5017 });
  expect(prepared!.error).toBe(0);
  expect(completed!.error).toBe(-9);
  expect(await readOrder(uzs.app, order.id, order.access_token)).toMatchObject({
    payable: true,
    payment_status: 'not_paid',
  });
  // And paying again works.
  const again = await click.pay(order.id, sum(order));
  expect(again.map((a) => a.error)).toEqual([0, 0]);
  expect(await readOrder(uzs.app, order.id, order.access_token)).toMatchObject({ payment_status: 'paid' });
});

/**
 * docs.click.uz/shop-api/requests (Prepare answers): Click debits only after a Prepare answered 0, and an
 * order that cannot be supplied is answered with an error so that Click cancels the payment (-9; -4 would
 * tell Click the order was confirmed). A second attempt while the first is under way is such an order.
 */
test('a second Prepare for an order while an attempt is under way is refused (-9): one debit, no reversal', async () => {
  const order = await uzs.order();
  const [first, second] = [click.newIds(), click.newIds()];
  const prepare = (ids: typeof first) =>
    click.send(click.prepareUrl, click.fields({ ...ids, orderId: order.id, amount: sum(order), action: 0 }));
  const complete = (ids: typeof first, prepareId: number, error = 0) =>
    click.send(
      click.completeUrl,
      click.fields({ ...ids, orderId: order.id, amount: sum(order), action: 1, prepareId, error }),
    );
  const one = await prepare(first);
  expect(one.error).toBe(0);
  const two = await prepare(second);
  expect(two).toMatchObject({ error: -9, merchant_prepare_id: null, merchant_trans_id: order.id });
  // Click repeats its Prepare of the first attempt: still the same answer.
  expect(await prepare(first)).toMatchObject({ error: 0, merchant_prepare_id: one.merchant_prepare_id });
  const reversedBefore = click.reversals.length;
  expect((await complete(first, one.merchant_prepare_id!)).error).toBe(0);
  expect(await readOrder(uzs.app, order.id, order.access_token)).toMatchObject({ payment_status: 'paid' });
  expect(await transactions(order.id)).toHaveLength(1);
  expect(click.reversals).toHaveLength(reversedBefore);

  // A first attempt that failed, or one left on Click's page longer than CLICK_ATTEMPT_MINUTES, holds nothing.
  const other = await uzs.order();
  const attempt = (ids: typeof first) =>
    click.send(click.prepareUrl, click.fields({ ...ids, orderId: other.id, amount: sum(other), action: 0 }));
  const failed = click.newIds();
  const prepared = await attempt(failed);
  expect(prepared.error).toBe(0);
  const failedComplete = await click.send(
    click.completeUrl,
    click.fields({
      ...failed,
      orderId: other.id,
      amount: sum(other),
      action: 1,
      prepareId: prepared.merchant_prepare_id!,
      error: -5017,
    }),
  );
  expect(failedComplete.error).toBe(-9);
  expect((await attempt(click.newIds())).error).toBe(0);
  expect((await attempt(click.newIds())).error).toBe(-9);
  clock += 11 * 60_000;
  expect((await attempt(click.newIds())).error).toBe(0);
});

test('a payment completed after the order expired is accepted and reversed through the Merchant API', async () => {
  const order = await uzs.order();
  const ids = click.newIds();
  const prepared = await click.send(
    click.prepareUrl,
    click.fields({ ...ids, orderId: order.id, amount: sum(order), action: 0 }),
  );
  expect(prepared.error).toBe(0);
  clock += 21 * 60_000;
  expect(await expireUnpaidOrders(uzs.db, now())).toBeGreaterThan(0);
  const completed = await click.send(
    click.completeUrl,
    click.fields({
      ...ids,
      orderId: order.id,
      amount: sum(order),
      action: 1,
      prepareId: prepared.merchant_prepare_id!,
    }),
  );
  // The card was debited: Complete is never refused; the money goes back.
  expect(completed.error).toBe(0);
  expect(click.reversals).toContain(ids.paydocId);
  const read = await readOrder(uzs.app, order.id, order.access_token);
  expect(read).toMatchObject({
    booking_status: 'cancelled',
    payment_status: 'not_paid',
    refund_status: 'refunded',
  });
  expect(read.refunds).toMatchObject([
    { reason: 'late_payment', amount: order.total_amount, status: 'refunded' },
  ]);
  // A new Prepare for the expired order is refused.
  const late = await click.send(
    click.prepareUrl,
    click.fields({ ...click.newIds(), orderId: order.id, amount: sum(order), action: 0 }),
  );
  expect(late.error).toBe(-9);
});

test('a cancelled booking is refunded at once by a reversal; a partial one waits for a person', async () => {
  const whole = await uzs.order('standard');
  expect((await click.pay(whole.id, sum(whole))).map((a) => a.error)).toEqual([0, 0]);
  const partial = await uzs.order('light');
  expect((await click.pay(partial.id, sum(partial))).map((a) => a.error)).toEqual([0, 0]);
  const reversedBefore = click.reversals.length;
  for (const order of [whole, partial]) await cancelBooking(uzs.app, order);
  expect(await readOrder(uzs.app, whole.id, whole.access_token)).toMatchObject({ refund_status: 'refunded' });
  expect(await readOrder(uzs.app, partial.id, partial.access_token)).toMatchObject({
    refund_status: 'pending',
  });
  expect(click.reversals.length).toBe(reversedBefore + 1);
});

test('without CLICK_ variables the endpoints are 404', async () => {
  const plain = await buildTestApi(uzs.db, { rateLimitScale: 1000 }, { now });
  try {
    for (const step of ['prepare', 'complete']) {
      const answer = await plain.inject({
        method: 'POST',
        url: `/v1/payments/click/${step}`,
        payload: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(answer.statusCode).toBe(404);
    }
  } finally {
    await plain.close();
  }
});
