/**
 * On real PostgreSQL, two API instances (each its own pool) on one database take Payme's and Click's calls
 * at once (docs/payment-providers.md#what-every-provider-guarantees): the same call delivered twenty times
 * across both, and twenty different Payme transactions racing for one order, change the order's state once —
 * one transaction, one payment, one confirmation email. Twenty Click attempts on one order at once: one is
 * prepared. A key Payme changes (ChangePassword) on one instance is in force on both.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestDatabase } from '@parvoz/db/testing';
import { startPaymeServer, type PaymeTestServer } from './testing/payme-server.ts';
import { startClickServer, type ClickTestServer } from '../click/testing/click-server.ts';
import { MANY_ORDERS, startTwoTestApis } from '../../testing/api.ts';
import { readOrder } from '../../testing/after-sale.ts';
import {
  clickConfig,
  confirmationsOf,
  paymeConfig,
  transactionsOf,
  uzsOrders,
} from '../testing/uzs-payments.ts';
import { paymentsOf } from '../../modules/payments/testing/payments.ts';

let database: TestDatabase;
let close: () => Promise<void>;
let apps: FastifyInstance[];
let bases: string[];
let payme: PaymeTestServer;
let click: ClickTestServer;
let uzsOrder: ReturnType<typeof uzsOrders>;
const start = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(start);

beforeAll(async () => {
  payme = await startPaymeServer({ now: () => start });
  click = await startClickServer({ now: () => start });
  const config = {
    ...MANY_ORDERS,
    payme: paymeConfig(payme),
    click: clickConfig(click),
  };
  ({ database, apps, close } = await startTwoTestApis(config, { now }));
  uzsOrder = uzsOrders(apps[0]!, start, 40);
  bases = [];
  for (const app of apps) bases.push(await app.listen({ port: 0, host: '127.0.0.1' }));
}, 60_000);

afterAll(async () => {
  await close?.();
  await payme?.close();
  await click?.close();
});

const confirmations = (orderId: string) => confirmationsOf(database.db, orderId);
const transactions = (orderId: string) => transactionsOf(database.db, orderId);

/** Twenty deliveries alternating between the two instances. */
function twenty<T>(send: (base: string) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: 20 }, (_, i) => send(bases[i % 2]!)));
}

test('Payme: one transaction id created and performed twenty times at once is one payment', async () => {
  const order = await uzsOrder();
  const tiyin = Number(order.total_amount) * 100;
  const id = payme.newId();
  const call = (base: string, method: string, params: object) => {
    payme.endpoint = `${base}/v1/payments/payme`;
    return payme.call(method, params);
  };
  const created = await twenty((base) =>
    call(base, 'CreateTransaction', { id, time: start, amount: tiyin, account: { order_id: order.id } }),
  );
  expect(created.map((a) => a.error)).toEqual(Array(20).fill(undefined));
  expect(new Set(created.map((a) => JSON.stringify(a.result))).size).toBe(1);
  const performed = await twenty((base) => call(base, 'PerformTransaction', { id }));
  expect(new Set(performed.map((a) => JSON.stringify(a.result))).size).toBe(1);
  expect(await transactions(order.id)).toHaveLength(1);
  expect(await confirmations(order.id)).toHaveLength(1);
  expect(await readOrder(apps[1]!, order.id, order.access_token)).toMatchObject({ payment_status: 'paid' });
});

test('Payme: twenty different transactions racing for one order: one is created, nineteen get -31008', async () => {
  const order = await uzsOrder();
  const tiyin = Number(order.total_amount) * 100;
  const created = await twenty((base) => {
    payme.endpoint = `${base}/v1/payments/payme`;
    return payme.call('CreateTransaction', {
      id: payme.newId(),
      time: start,
      amount: tiyin,
      account: { order_id: order.id },
    });
  });
  expect(created.filter((a) => !a.error)).toHaveLength(1);
  expect(created.filter((a) => a.error?.code === -31008)).toHaveLength(19);
  expect(await transactions(order.id)).toHaveLength(1);
});

test('Click: one Complete delivered twenty times at once is one payment; the rest are "already paid"', async () => {
  const order = await uzsOrder();
  const amount = `${order.total_amount}.00`;
  const ids = click.newIds();
  const prepared = await click.send(
    `${bases[0]}/v1/payments/click/prepare`,
    click.fields({ ...ids, orderId: order.id, amount, action: 0 }),
  );
  expect(prepared.error).toBe(0);
  const completed = await twenty((base) =>
    click.send(
      `${base}/v1/payments/click/complete`,
      click.fields({
        ...ids,
        orderId: order.id,
        amount,
        action: 1,
        prepareId: prepared.merchant_prepare_id!,
      }),
    ),
  );
  expect(completed.filter((a) => a.error === 0)).toHaveLength(1);
  expect(completed.filter((a) => a.error === -4)).toHaveLength(19);
  expect(await confirmations(order.id)).toHaveLength(1);
  const payments = await paymentsOf(database.db, order.id);
  expect(payments.map((p) => p.status)).toEqual(['succeeded']);
});

// docs.click.uz/shop-api/requests: a second attempt while one is under way is refused (-9), so Click never debits it.
test('Click: twenty attempts on one order prepared at once across both instances: one is taken, the rest -9', async () => {
  const order = await uzsOrder();
  const amount = `${order.total_amount}.00`;
  const prepared = await twenty((base) =>
    click.send(
      `${base}/v1/payments/click/prepare`,
      click.fields({ ...click.newIds(), orderId: order.id, amount, action: 0 }),
    ),
  );
  expect(prepared.filter((a) => a.error === 0)).toHaveLength(1);
  expect(prepared.filter((a) => a.error === -9)).toHaveLength(19);
  expect(await transactions(order.id)).toHaveLength(1);
});

// developer.help.paycom.uz/metody-merchant-api/changepassword. Last: it changes the stand-in's key.
test('Payme: ChangePassword taken by one instance is in force on the other; the old key is refused on both', async () => {
  const oldKey = payme.key;
  payme.endpoint = `${bases[0]}/v1/payments/payme`;
  expect(await payme.changeKey(`${oldKey}-rotated-on-pg`)).toMatchObject({ result: { success: true } });
  for (const base of bases) {
    payme.endpoint = `${base}/v1/payments/payme`;
    const withNew = await payme.call('CheckTransaction', { id: payme.newId() });
    expect(withNew.error?.code).toBe(-31003);
    const withOld = await payme.call(
      'CheckTransaction',
      { id: payme.newId() },
      { authorization: `Basic ${Buffer.from(`Paycom:${oldKey}`).toString('base64')}` },
    );
    expect(withOld.error?.code).toBe(-32504);
  }
});
