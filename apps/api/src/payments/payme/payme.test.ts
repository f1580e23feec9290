/**
 * Payme over real HTTP on loopback (docs/payment-providers.md): a local Payme (payments/payme/testing/payme-server.ts) plays the
 * checkout and calls our Merchant API endpoint with Basic authentication, exactly as its documentation
 * describes; the tests also play its duplicate, out-of-order and late calls. Choosing the provider, amounts
 * in tiyin, Payme's error codes and states, the 12-hour timeout, refunds through receipts.cancel →
 * CancelTransaction, and reconciliation against receipts.get_all.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { startPaymeServer, type PaymeTestServer } from './testing/payme-server.ts';
import { buildTestApi } from '../../testing/api.ts';
import {
  cancelBooking,
  paymentOptions,
  readOrder,
  startPayment,
  tokenQuery,
  type Booked,
} from '../../testing/after-sale.ts';
import {
  confirmationsOf,
  paymeConfig,
  startUzsPayments,
  transactionsOf,
  type UzsPayments,
} from '../testing/uzs-payments.ts';
import { expireUnpaidOrders } from '../../modules/orders/index.ts';
import { reconcilePayments } from '../../modules/payments/index.ts';
import { collectReconciliations, registry } from '../../metrics.ts';
import { createPaymeProvider } from './provider.ts';
import { PAYME_METHODS } from './protocol.ts';
import { queuedEmails } from '../../modules/mail/testing/outbox.ts';
import { paymentsOf, providerTransactionCount, refundsOf } from '../../modules/payments/testing/payments.ts';

let uzs: UzsPayments;
let payme: PaymeTestServer;
const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const now = () => new Date(clock);

beforeAll(async () => {
  payme = await startPaymeServer({ now: () => clock });
  uzs = await startUzsPayments({ config: { payme: paymeConfig(payme) }, payme }, now, start);
}, 60_000);

afterAll(async () => {
  await uzs?.close();
  await payme?.close();
});

const tiyinOf = (order: Booked) => Number(order.total_amount) * 100;
const transactions = (orderId: string) => transactionsOf(uzs.db, orderId);
const confirmations = (orderId: string) => confirmationsOf(uzs.db, orderId);
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (ok(value) || i > 200) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('choosing the provider', () => {
  test('a UZS order is offered Payme, others the sandbox; the traveller may pick only what is offered', async () => {
    const order = await uzs.order();
    const options = await paymentOptions(uzs.app, order);
    expect(options.statusCode).toBe(200);
    expect(options.json().data.providers).toEqual([{ name: 'payme' }]);
    const usd = await uzs.order('light', 'USD');
    const usdOptions = await paymentOptions(uzs.app, usd);
    expect(usdOptions.json().data.providers).toEqual([{ name: 'sandbox' }]);

    // Who may not read the order gets 404, as for the order itself.
    for (const query of ['', tokenQuery(usd.access_token)]) {
      const other = await paymentOptions(uzs.app, order, query);
      expect(other.statusCode).toBe(404);
      const start = await startPayment(uzs.app, order, { provider: 'payme' }, query);
      expect(start.statusCode).toBe(404);
    }

    const notOffered = await startPayment(uzs.app, order, { provider: 'sandbox' });
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().error.details).toEqual({ reason: 'provider_not_offered', offered: ['payme'] });
    const malformed = await startPayment(uzs.app, order, { provider: 'Payme!' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('validation_failed');
    expect(await paymentsOf(uzs.db, order.id)).toEqual([]);

    // No provider named: the first offered.
    const started = await startPayment(uzs.app, order, { lang: 'ru' });
    expect(started.statusCode).toBe(201);
    const { redirect_url, provider } = started.json().data;
    expect(provider).toBe('payme');
    expect(redirect_url.startsWith(`${payme.url}/`)).toBe(true);
    const params = Buffer.from(redirect_url.slice(payme.url.length + 1), 'base64').toString('utf8');
    expect(params).toBe(
      `m=${payme.merchantId};ac.order_id=${order.id};a=${tiyinOf(order)};l=ru;c=${uzs.base}/ru/orders/${order.id}?payment=returned`,
    );
  });

  test('the providers list names Payme for UZS and the sandbox for the rest', async () => {
    const list = await uzs.app.inject({ method: 'GET', url: '/v1/payments/providers' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.providers).toEqual([
      { name: 'payme', currencies: ['UZS'] },
      { name: 'sandbox', currencies: ['USD', 'EUR', 'RUB', 'TRY'] },
    ]);
  });
});

describe('paying', () => {
  test('the checkout calls CheckPerform, Create, Perform: the order is paid, in tiyin to the last one', async () => {
    const order = await uzs.order();
    const started = await startPayment(uzs.app, order, { provider: 'payme' });
    expect(started.statusCode).toBe(201);
    const { id, answers } = await payme.pay(order.id, tiyinOf(order));
    expect(answers.map((a) => a.error)).toEqual([undefined, undefined, undefined]);
    // The transaction took the payment "Pay" opened.
    const payments = await paymentsOf(uzs.db, order.id);
    expect(payments.map((p) => [p.status, p.redirectUrl])).toEqual([
      ['succeeded', started.json().data.redirect_url],
    ]);
    expect(answers[0]!.result).toEqual({ allow: true });
    expect(answers[1]!.result).toMatchObject({ state: 1, create_time: clock });
    expect(answers[2]!.result).toMatchObject({ state: 2, perform_time: clock });
    const read = await readOrder(uzs.app, order.id, order.access_token);
    expect(read).toMatchObject({ booking_status: 'booked', payment_status: 'paid' });
    expect(read.passengers[0]!.tickets.length).toBeGreaterThan(0);
    expect(await confirmations(order.id)).toHaveLength(1);
    const checked = await payme.call('CheckTransaction', { id });
    expect(checked.result).toEqual({
      create_time: clock,
      perform_time: clock,
      cancel_time: 0,
      transaction: answers[1]!.result!.transaction,
      state: 2,
      reason: null,
    });
    // A second payment of the same order is refused before anything is created.
    const again = await payme.pay(order.id, tiyinOf(order));
    expect(again.answers[0]!.error?.code).toBe(-31008);
  });

  test('ten deliveries of each call change the state once', async () => {
    const order = await uzs.order();
    const id = payme.newId();
    const params = { id, time: clock, amount: tiyinOf(order), account: { order_id: order.id } };
    const created = await Promise.all(
      Array.from({ length: 10 }, () => payme.call('CreateTransaction', params)),
    );
    expect(new Set(created.map((a) => JSON.stringify(a.result))).size).toBe(1);
    const performed = await Promise.all(
      Array.from({ length: 10 }, () => payme.call('PerformTransaction', { id })),
    );
    expect(performed.map((a) => a.error)).toEqual(Array(10).fill(undefined));
    expect(new Set(performed.map((a) => JSON.stringify(a.result))).size).toBe(1);
    expect(await transactions(order.id)).toHaveLength(1);
    expect(await confirmations(order.id)).toHaveLength(1);
    const payments = await paymentsOf(uzs.db, order.id);
    expect(payments.map((p) => p.status)).toEqual(['succeeded']);
    // Created again after performing: Payme's -31008.
    expect((await payme.call('CreateTransaction', params)).error?.code).toBe(-31008);
  });

  test('out of order: unknown ids, perform after cancel, cancel after perform without a refund', async () => {
    const unknown = payme.newId();
    for (const method of ['PerformTransaction', 'CheckTransaction'])
      expect((await payme.call(method, { id: unknown })).error?.code).toBe(-31003);
    expect((await payme.call('CancelTransaction', { id: unknown, reason: 1 })).error?.code).toBe(-31003);

    const order = await uzs.order();
    const first = payme.newId();
    const account = { order_id: order.id };
    await payme.call('CreateTransaction', { id: first, time: clock, amount: tiyinOf(order), account });
    // A second transaction while the first is open: the order is a one-time account.
    const second = payme.newId();
    const busy = await payme.call('CreateTransaction', {
      id: second,
      time: clock,
      amount: tiyinOf(order),
      account,
    });
    expect(busy.error?.code).toBe(-31008);
    const cancels = await Promise.all(
      Array.from({ length: 10 }, () => payme.call('CancelTransaction', { id: first, reason: 3 })),
    );
    expect(new Set(cancels.map((a) => JSON.stringify(a.result))).size).toBe(1);
    expect(cancels[0]!.result).toMatchObject({ state: -1, cancel_time: clock });
    expect((await payme.call('PerformTransaction', { id: first })).error?.code).toBe(-31008);
    expect((await payme.call('CheckTransaction', { id: first })).result).toMatchObject({
      state: -1,
      reason: 3,
    });
    expect(await readOrder(uzs.app, order.id, order.access_token)).toMatchObject({
      booking_status: 'new',
      payment_status: 'not_paid',
    });
    // The traveller tries again: a new transaction, performed.
    expect(
      (await payme.call('CreateTransaction', { id: second, time: clock, amount: tiyinOf(order), account }))
        .error,
    ).toBeUndefined();
    expect((await payme.call('PerformTransaction', { id: second })).result).toMatchObject({ state: 2 });
    const cancelPerformed = await payme.call('CancelTransaction', { id: second, reason: 5 });
    expect(cancelPerformed.error?.code).toBe(-31007);
    expect(await readOrder(uzs.app, order.id, order.access_token)).toMatchObject({
      payment_status: 'paid',
      refund_status: 'none',
    });
    const states = (await transactions(order.id)).map((t) => t.state).sort();
    expect(states).toEqual([-1, 2]);
  });

  test('a wrong amount, an unknown order or another currency: Payme’s account errors, localized', async () => {
    const order = await uzs.order();
    const account = { order_id: order.id };
    for (const amount of [tiyinOf(order) + 100, tiyinOf(order) + 50, tiyinOf(order) - 100]) {
      expect((await payme.call('CheckPerformTransaction', { amount, account })).error?.code).toBe(-31001);
      const created = await payme.call('CreateTransaction', {
        id: payme.newId(),
        time: clock,
        amount,
        account,
      });
      expect(created.error?.code).toBe(-31001);
    }
    const missing = await payme.call('CheckPerformTransaction', {
      amount: tiyinOf(order),
      account: { order_id: 'ord_doesnotexist000000000000' },
    });
    expect(missing.error).toMatchObject({ code: -31050, data: 'order_id' });
    const message = missing.error!.message as Record<string, string>;
    expect(Object.keys(message).sort()).toEqual(['en', 'ru', 'uz']);
    expect(new Set(Object.values(message)).size).toBe(3);
    expect((await payme.call('CheckPerformTransaction', { amount: 100, account: {} })).error?.code).toBe(
      -31050,
    );
    const usd = await uzs.order('light', 'USD');
    const inUsd = await payme.call('CheckPerformTransaction', {
      amount: Number(usd.total_amount) * 100,
      account: { order_id: usd.id },
    });
    expect(inUsd.error).toMatchObject({ code: -31051, data: 'order_id' });
    expect(await transactions(order.id)).toEqual([]);
  });

  test('a wrong key, no key or a bearer token: -32504, nothing changes', async () => {
    const order = await uzs.order();
    const params = {
      id: payme.newId(),
      time: clock,
      amount: tiyinOf(order),
      account: { order_id: order.id },
    };
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    for (const authorization of [
      basic(`Paycom:${payme.key}x`),
      basic(`Other:${payme.key}`),
      basic(`Paycom:`),
      'Bearer test-anonymous-credential',
      null,
    ]) {
      const answer = await payme.call('CreateTransaction', params, { authorization, id: 7 });
      expect(answer).toMatchObject({ id: 7, error: { code: -32504 } });
    }
    expect(await transactions(order.id)).toEqual([]);
  });

  test('JSON-RPC errors: not JSON, no method, an unknown method, bad params, GET', async () => {
    const auth = `Basic ${Buffer.from(`Paycom:${payme.key}`).toString('base64')}`;
    const post = async (body: string) => {
      const response = await fetch(payme.endpoint, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { error?: { code: number; data?: unknown } };
    };
    expect((await post('{not json')).error?.code).toBe(-32700);
    expect((await post('{"params":{}}')).error?.code).toBe(-32600);
    expect((await post('{"id":1,"method":"ChangeEverything","params":{}}')).error).toMatchObject({
      code: -32601,
      data: 'ChangeEverything',
    });
    expect((await post('{"id":1,"method":"PerformTransaction","params":{"id":"short"}}')).error?.code).toBe(
      -32600,
    );
    const get = await fetch(payme.endpoint);
    expect(get.status).toBe(200);
    expect(((await get.json()) as { error: { code: number } }).error.code).toBe(-32300);
  });
});

test('any body with the right key is answered with Payme’s envelope, never a 5xx, and changes nothing', async () => {
  const before = await providerTransactionCount(uzs.db);
  const auth = `Basic ${Buffer.from(`Paycom:${payme.key}`).toString('base64')}`;
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.json(),
        fc
          .record({
            id: fc.integer(),
            // Not ChangePassword: a well-formed one changes the key, as it should (payme-key-receipts.test.ts).
            method: fc.constantFrom(...PAYME_METHODS.filter((method) => method !== 'ChangePassword')),
            params: fc.jsonValue(),
          })
          .map((body) => JSON.stringify(body)),
      ),
      async (body) => {
        const response = await fetch(payme.endpoint, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body,
        });
        expect(response.status).toBe(200);
        const answer = (await response.json()) as { result?: unknown; error?: { code: number } };
        if (answer.error) expect(answer.error.code).toBeLessThan(-31000);
        else expect(answer.result).toMatchObject({ transactions: expect.any(Array) });
      },
    ),
    { numRuns: 150 },
  );
  expect(await providerTransactionCount(uzs.db)).toBe(before);
});

describe('timeouts and late payments', () => {
  test('a transaction not performed within 12 hours is cancelled with reason 4', async () => {
    const order = await uzs.order();
    const id = payme.newId();
    await payme.call('CreateTransaction', {
      id,
      time: clock,
      amount: tiyinOf(order),
      account: { order_id: order.id },
    });
    clock += 43_200_000 + 1;
    expect((await payme.call('PerformTransaction', { id })).error?.code).toBe(-31008);
    expect((await payme.call('CheckTransaction', { id })).result).toMatchObject({ state: -1, reason: 4 });
    const [payment] = await paymentsOf(uzs.db, order.id);
    expect(payment!.status).toBe('failed');
  });

  test('an order that expired while Payme debited: Perform is refused and Payme cancels, nothing to refund', async () => {
    const order = await uzs.order();
    const id = payme.newId();
    const account = { order_id: order.id };
    await payme.call('CreateTransaction', { id, time: clock, amount: tiyinOf(order), account });
    clock += 21 * 60_000;
    expect(await expireUnpaidOrders(uzs.db, now())).toBeGreaterThan(0);
    expect((await payme.call('PerformTransaction', { id })).error?.code).toBe(-31008);
    expect((await payme.call('CancelTransaction', { id, reason: 3 })).result).toMatchObject({ state: -1 });
    const read = await readOrder(uzs.app, order.id, order.access_token);
    expect(read).toMatchObject({ booking_status: 'cancelled', payment_status: 'not_paid', refunds: [] });
    // And nothing new starts for it.
    expect(
      (await payme.call('CheckPerformTransaction', { amount: tiyinOf(order), account })).error?.code,
    ).toBe(-31008);
  });
});

describe('refunds', () => {
  test('a cancelled booking is refunded whole through receipts.cancel, settled by CancelTransaction (reason 5)', async () => {
    const order = await uzs.order('standard');
    const { id } = await payme.pay(order.id, tiyinOf(order));
    await cancelBooking(uzs.app, order);
    const refunded = await until(
      () => readOrder(uzs.app, order.id, order.access_token),
      (read) => read.refund_status === 'refunded',
    );
    expect(refunded).toMatchObject({ booking_status: 'cancelled', refund_status: 'refunded' });
    expect(refunded.refunds).toMatchObject([
      { amount: order.total_amount, currency: 'UZS', status: 'refunded' },
    ]);
    expect((await payme.call('CheckTransaction', { id })).result).toMatchObject({ state: -2, reason: 5 });
    expect(payme.receipts.get(id)!.state).toBe(50);
    // Payme calling again changes nothing.
    const again = await payme.call('CancelTransaction', { id, reason: 5 });
    expect(again.result).toMatchObject({ state: -2 });
    const [refund] = await refundsOf(uzs.db, order.id);
    const emails = await queuedEmails(uzs.db, { dedupeKey: `refund-completed:${refund!.id}` });
    expect(emails).toHaveLength(1);
  });

  test('a partial refund is not asked of Payme (it cancels whole receipts): it waits for a person', async () => {
    const order = await uzs.order('light');
    const { id } = await payme.pay(order.id, tiyinOf(order));
    await cancelBooking(uzs.app, order);
    const [refund] = await refundsOf(uzs.db, order.id);
    expect(refund).toMatchObject({ status: 'pending', providerRef: null });
    expect(refund!.amountMinor).toBeLessThan(Number(order.total_amount));
    expect(payme.receipts.get(id)!.state).toBe(4);
    // Cancelled whole from Payme's cabinet: refused, the tickets were issued and the refund is partial.
    expect((await payme.call('CancelTransaction', { id, reason: 5 })).error?.code).toBe(-31007);
  });
});

describe('reconciliation', () => {
  test('our transactions against receipts.get_all: equal, then three differences on /metrics and in the log', async () => {
    clock += 10 * 60_000;
    const warnings: object[] = [];
    const log = {
      info: () => undefined,
      warn: (obj: object) => void warnings.push(obj),
      error: () => undefined,
    };
    const providers = new Map([
      [
        'payme',
        createPaymeProvider({ settings: paymeConfig(payme), publicOrigin: () => uzs.base, db: uzs.db }),
      ],
    ]);
    const first = await reconcilePayments({ db: uzs.db, now, providers, log });
    expect(first.get('payme')).toEqual([]);

    const paid = [...payme.receipts.values()].filter((r) => r.state === 4);
    expect(paid.length).toBeGreaterThanOrEqual(2);
    paid[0]!.amount += 100;
    paid[1]!.state = 50;
    const stranger = payme.newId();
    payme.receipts.set(stranger, {
      ...paid[0]!,
      _id: stranger,
      amount: 500_000,
      state: 4,
      create_time: clock - 3_600_000,
    });
    clock += 60_000;
    const second = await reconcilePayments({ db: uzs.db, now, providers, log });
    expect(
      second
        .get('payme')!
        .map((d) => [d.kind, d.externalId])
        .sort(),
    ).toEqual(
      [
        ['amount', paid[0]!._id],
        ['refund', paid[1]!._id],
        ['missing_here', stranger],
      ].sort(),
    );
    expect(warnings).toHaveLength(3);
    await collectReconciliations(uzs.db);
    expect(await registry.getSingleMetricAsString('parvoz_payment_reconciliation_differences')).toContain(
      'parvoz_payment_reconciliation_differences{provider="payme",kind="amount"} 1',
    );
  });
});

describe('GetStatement (developer.help.paycom.uz/metody-merchant-api/getstatement)', () => {
  test('the transactions Payme created from `from` to `to`, both included, oldest first, with their states', async () => {
    clock += 60 * 60_000;
    const from = clock;
    const first = await uzs.order();
    const paid = await payme.pay(first.id, tiyinOf(first));
    clock += 60_000;
    const second = await uzs.order();
    const created = await payme.call('CreateTransaction', {
      id: payme.newId(),
      time: clock,
      amount: tiyinOf(second),
      account: { order_id: second.id },
    });
    expect(created.error).toBeUndefined();
    const statement = async (to: number) =>
      (await payme.call('GetStatement', { from, to })).result!.transactions as Record<string, unknown>[];
    expect(await statement(clock)).toEqual([
      {
        id: paid.id,
        time: from,
        amount: tiyinOf(first),
        account: { order_id: first.id },
        create_time: from,
        perform_time: from,
        cancel_time: 0,
        transaction: expect.any(String),
        state: 2,
        reason: null,
        receivers: null,
      },
      expect.objectContaining({ time: clock, amount: tiyinOf(second), state: 1, perform_time: 0 }),
    ]);
    // A period that ends before the second: the first alone; one before both: none.
    expect((await statement(clock - 1)).map((t) => t.id)).toEqual([paid.id]);
    expect(
      (await payme.call('GetStatement', { from: from - 60_000, to: from - 1 })).result!.transactions,
    ).toEqual([]);
  });
});

describe('not configured', () => {
  test('without PAYME_ variables the endpoint is a 404 and the order offers the sandbox', async () => {
    const plain = await buildTestApi(uzs.db, { rateLimitScale: 1000 }, { now });
    try {
      const answer = await plain.inject({ method: 'POST', url: '/v1/payments/payme', payload: {} });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('not_found');
      const list = await plain.inject({ method: 'GET', url: '/v1/payments/providers' });
      expect(list.json().data.providers).toEqual([
        { name: 'sandbox', currencies: ['UZS', 'USD', 'EUR', 'RUB', 'TRY'] },
      ]);
    } finally {
      await plain.close();
    }
  });
});
