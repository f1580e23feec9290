/**
 * One UZS order, two providers: while the traveller is paying it at Payme, Click refuses to prepare a payment
 * of it, and the other way round, so the order is never debited twice (docs/payment-providers.md, "One provider
 * at a time"). Both over real HTTP on loopback with the local Payme and Click (payments/payme/testing,
 * payments/click/testing). Click's answer is -9, the Prepare error after which Click cancels its payment
 * (docs.click.uz/shop-api/requests); Payme's is -31008, "the operation cannot be performed", after which Payme
 * shows the traveller the refusal (developer.help.paycom.uz/metody-merchant-api/createtransaction).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPaymeServer, type PaymeTestServer } from '../../../payments/payme/testing/payme-server.ts';
import { startClickServer, type ClickTestServer } from '../../../payments/click/testing/click-server.ts';
import { ClickError } from '../../../payments/click/protocol.ts';
import { OTHER_PROVIDER_HOLD_MINUTES } from '../../../modules/payments/index.ts';
import { readOrder, type Booked } from '../../../testing/after-sale.ts';
import {
  clickConfig,
  paymeConfig,
  startUzsPayments,
  transactionsOf,
  type UzsPayments,
} from '../../../payments/testing/uzs-payments.ts';

let uzs: UzsPayments;
let payme: PaymeTestServer;
let click: ClickTestServer;
const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const now = () => new Date(clock);

beforeAll(async () => {
  payme = await startPaymeServer({ now: () => clock });
  click = await startClickServer({ now: () => clock });
  uzs = await startUzsPayments(
    { config: { payme: paymeConfig(payme), click: clickConfig(click) }, payme, click },
    now,
    start,
  );
}, 60_000);

afterAll(async () => {
  await uzs?.close();
  await payme?.close();
  await click?.close();
});

const tiyin = (order: Booked) => Number(order.total_amount) * 100;
const sum = (order: Booked) => `${order.total_amount}.00`;
const clickPrepare = (order: Booked) =>
  click.send(click.prepareUrl, {
    ...click.fields({ ...click.newIds(), orderId: order.id, amount: sum(order), action: 0 }),
  });

test('while Payme is paying the order, Click’s Prepare is refused; once Payme cancels, Click pays it once', async () => {
  const order = await uzs.order();
  const account = { order_id: order.id };
  const atPayme = payme.newId();
  const created = await payme.call('CreateTransaction', {
    id: atPayme,
    time: clock,
    amount: tiyin(order),
    account,
  });
  expect(created.result).toMatchObject({ state: 1 });

  const refused = await clickPrepare(order);
  expect(refused.error).toBe(ClickError.transactionCancelled);
  expect((await transactionsOf(uzs.db, order.id)).map((t) => t.provider)).toEqual(['payme']);

  await payme.call('CancelTransaction', { id: atPayme, reason: 3 });
  const answers = await click.pay(order.id, sum(order));
  expect(answers.map((a) => a.error)).toEqual([0, 0]);
  expect(await readOrder(uzs.app, order.id, order.access_token)).toMatchObject({ payment_status: 'paid' });
});

test('while Click is paying the order, Payme refuses it; an attempt left open past the hold no longer blocks', async () => {
  const order = await uzs.order();
  const account = { order_id: order.id };
  const prepared = await clickPrepare(order);
  expect(prepared.error).toBe(0);

  const check = await payme.call('CheckPerformTransaction', { amount: tiyin(order), account });
  expect(check.error?.code).toBe(-31008);
  const create = await payme.call('CreateTransaction', {
    id: payme.newId(),
    time: clock,
    amount: tiyin(order),
    account,
  });
  expect(create.error?.code).toBe(-31008);
  expect((await transactionsOf(uzs.db, order.id)).map((t) => t.provider)).toEqual(['click']);

  // The traveller closed Click's page: after the hold, Payme may take the order.
  clock += OTHER_PROVIDER_HOLD_MINUTES * 60_000 + 1_000;
  try {
    const paid = await payme.pay(order.id, tiyin(order));
    expect(paid.answers.every((a) => a.error === undefined)).toBe(true);
    expect(await readOrder(uzs.app, order.id, order.access_token)).toMatchObject({ payment_status: 'paid' });
  } finally {
    clock = start;
  }
});
