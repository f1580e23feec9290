/**
 * Payme's key rotation and fiscal receipts over real HTTP on loopback, against the local Payme
 * (payments/payme/testing/payme-server.ts) built from developer.help.paycom.uz:
 *  - ChangePassword: https://developer.help.paycom.uz/metody-merchant-api/changepassword (params `password`,
 *    result `success: true`; a call without the right key is -32504, /protokol-merchant-api/oshibki-errors);
 *  - the receipt `detail` of CheckPerformTransaction:
 *    https://developer.help.paycom.uz/metody-merchant-api/checkperformtransaction;
 *  - SetFiscalData: https://developer.help.paycom.uz/metody-merchant-api/setfiscaldata (`id`, `type` PERFORM or
 *    CANCEL, `fiscal_data`; result `success: true`; -32001 for an unknown id, -32602 for bad params).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import { startPaymeServer, type PaymeTestServer } from './testing/payme-server.ts';
import { createPaymeProvider } from './provider.ts';
import { buildTestApi } from '../../testing/api.ts';
import { book, offerIn, readOrder, signedInAs, type Booked } from '../../testing/after-sale.ts';
import { ANON, isoDay } from '../../testing/booking.ts';
import { paymeConfig, startUzsApi, twoPassengersWithServiceFee, uzsOrders } from '../testing/uzs-payments.ts';

const FISCAL = {
  fiscalTicketIkpu: '10399001001000000',
  fiscalTicketPackageCode: '1514296',
  fiscalTicketVatPercent: 0,
  fiscalLuggageIkpu: '10399002001000000',
  fiscalLuggagePackageCode: '1514297',
  fiscalLuggageVatPercent: 12,
  fiscalServiceFeeIkpu: '10305008002000000',
  fiscalServiceFeePackageCode: '1514298',
  fiscalServiceFeeVatPercent: 12,
};

let app: FastifyInstance;
let db: Database;
let closeApi: () => Promise<void>;
let payme: PaymeTestServer;
let base: string;
let uzsOrder: ReturnType<typeof uzsOrders>;
let configured: ReturnType<typeof paymeConfig> & typeof FISCAL;
const start = Date.UTC(2026, 10, 23, 6, 0);
const clock = start;
const now = () => new Date(clock);

beforeAll(async () => {
  payme = await startPaymeServer({ now: () => clock, fiscal: true });
  configured = { ...paymeConfig(payme), ...FISCAL };
  ({ app, db, close: closeApi, base } = await startUzsApi({ payme: configured }, now));
  uzsOrder = uzsOrders(app, start, 30);
  payme.endpoint = `${base}/v1/payments/payme`;
}, 60_000);

afterAll(async () => {
  await closeApi?.();
  await payme?.close();
});

const tiyinOf = (order: Booked) => Number(order.total_amount) * 100;
const basic = (key: string) => `Basic ${Buffer.from(`Paycom:${key}`).toString('base64')}`;

describe('fiscal receipts', () => {
  test('CheckPerformTransaction answers the receipt: one item per ticket and per bag, adding up to the amount', async () => {
    const offer = await offerIn(app, 'light', { date: isoDay(start, 60), adults: 2, children: 1 });
    const bag = offer.available_services[0]!;
    const order = await book(app, offer, ANON, {
      currency: 'UZS',
      services: [{ id: bag.id, passenger_index: 1 }],
    });
    const checked = await payme.call('CheckPerformTransaction', {
      amount: tiyinOf(order),
      account: { order_id: order.id },
    });
    const detail = checked.result!.detail as { receipt_type: number; items: Record<string, unknown>[] };
    expect(detail.receipt_type).toBe(0);
    expect(detail.items.map((i) => [i.code, i.package_code, i.vat_percent, i.count])).toEqual([
      [FISCAL.fiscalTicketIkpu, FISCAL.fiscalTicketPackageCode, 0, 1],
      [FISCAL.fiscalTicketIkpu, FISCAL.fiscalTicketPackageCode, 0, 1],
      [FISCAL.fiscalTicketIkpu, FISCAL.fiscalTicketPackageCode, 0, 1],
      [FISCAL.fiscalLuggageIkpu, FISCAL.fiscalLuggagePackageCode, 12, 1],
    ]);
    expect(detail.items[0]!.title).toBe(`Air ticket ${order.booking_reference}, passenger 1`);
    expect(detail.items[3]!.title).toBe(
      `Checked bag ${bag.weight_kg} kg, ${order.booking_reference}, passenger 2`,
    );
    const read = await readOrder(app, order.id, order.access_token);
    const bagTiyin = Number(read.passengers[1]!.services[0]!.amount) * 100;
    expect(detail.items[3]!.price).toBe(bagTiyin);
    expect(detail.items.reduce((sum, i) => sum + (i.price as number) * (i.count as number), 0)).toBe(
      tiyinOf(order),
    );

    // The checkout takes the receipt, Payme registers it and hands it over: the order shows its link.
    const paid = await payme.pay(order.id, tiyinOf(order));
    expect(paid.answers.map((a) => a.error ?? null)).toEqual([null, null, null, null]);
    expect(paid.answers[3]!.result).toEqual({ success: true });
    const receipt = payme.fiscalReceipts.get(paid.id)!;
    const shown = await readOrder(app, order.id, order.access_token);
    expect(shown.payment_status).toBe('paid');
    expect(shown.fiscal_receipts).toEqual([
      {
        provider: 'payme',
        kind: 'sale',
        url: receipt.qr_code_url,
        receipt_id: String(receipt.receipt_id),
        registered_at: receipt.date,
      },
    ]);
    // Sent again (Payme retries), and its refund's receipt: kept once each.
    for (const type of ['PERFORM', 'CANCEL'])
      expect((await payme.call('SetFiscalData', { id: paid.id, type, fiscal_data: receipt })).result).toEqual(
        { success: true },
      );
    expect((await readOrder(app, order.id, order.access_token)).fiscal_receipts.map((r) => r.kind)).toEqual([
      'sale',
      'refund',
    ]);
    // The console's order carries the same receipts, links included (its page draws them as the order page does).
    const operator = await signedInAs(db, 'ops.receipts@parvoz.example', 'operator', now());
    const inConsole = await app.inject({
      method: 'GET',
      url: `/v1/ops/orders/${order.id}`,
      headers: operator,
    });
    expect(inConsole.statusCode, inConsole.body).toBe(200);
    const consoleReceipts = (
      inConsole.json() as { data: { order: { fiscal_receipts: { kind: string; url: string | null }[] } } }
    ).data.order.fiscal_receipts;
    expect(consoleReceipts.map((r) => [r.kind, r.url])).toEqual([
      ['sale', receipt.qr_code_url],
      ['refund', receipt.qr_code_url],
    ]);
  });

  test('SetFiscalData for an unknown id is -32001; bad params (a link that is not https) -32602', async () => {
    const unknown = await payme.call('SetFiscalData', {
      id: payme.newId(),
      type: 'PERFORM',
      fiscal_data: { receipt_id: 1, qr_code_url: 'https://ofd.soliq.uz/epi?t=1' },
    });
    expect(unknown.error?.code).toBe(-32001);
    for (const params of [
      { id: payme.newId(), type: 'PAY', fiscal_data: {} },
      { id: payme.newId(), type: 'PERFORM', fiscal_data: { qr_code_url: 'javascript:alert(1)' } },
      { id: payme.newId(), type: 'PERFORM' },
    ])
      expect((await payme.call('SetFiscalData', params)).error?.code).toBe(-32602);
  });

  test('without the fiscal settings the answer is `allow` alone, and Payme’s fiscal checkout refuses it', async () => {
    const bare = await startPaymeServer({ now: () => clock, fiscal: true });
    const other = await buildTestApi(db, { payme: paymeConfig(bare) }, { now });
    const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
    bare.endpoint = `${otherBase}/v1/payments/payme`;
    try {
      const order = await uzsOrder();
      const checked = await bare.call('CheckPerformTransaction', {
        amount: tiyinOf(order),
        account: { order_id: order.id },
      });
      expect(checked.result).toEqual({ allow: true });
      const { answers } = await bare.pay(order.id, tiyinOf(order));
      expect(answers[1]!.error?.message).toMatch(/no detail/);
    } finally {
      await other.close();
      await bare.close();
    }
  });
});

describe('ChangePassword', () => {
  test('the key changed in the cabinet: the new key works on every instance and after a restart, the old one is refused', async () => {
    const oldKey = payme.key;
    const newKey = `rotated-${oldKey}-0001`;
    // Not with a wrong key: -32504, nothing changes.
    const forged = await payme.call(
      'ChangePassword',
      { password: 'forged-key-0123456789' },
      { authorization: basic('not-the-key-0123456789') },
    );
    expect(forged.error?.code).toBe(-32504);

    expect(await payme.changeKey(newKey)).toMatchObject({ result: { success: true } });
    expect(payme.key).toBe(newKey);
    const old = await payme.call(
      'CheckPerformTransaction',
      { amount: 100, account: { order_id: 'x' } },
      { authorization: basic(oldKey) },
    );
    expect(old.error?.code).toBe(-32504);

    // Payme pays with the new key; our Subscribe API calls (reconciliation, refunds) send it too.
    const order = await uzsOrder();
    const { answers } = await payme.pay(order.id, tiyinOf(order));
    expect(answers.every((a) => !a.error)).toBe(true);
    const provider = createPaymeProvider({ settings: configured, publicOrigin: () => base, db });
    const statement = await provider.statement!(new Date(clock - 60_000), new Date(clock + 60_000));
    expect(statement.length).toBeGreaterThan(0);

    // A second instance on the same database (or this one restarted) takes the new key, not PAYME_KEY.
    const second = await buildTestApi(db, { payme: configured }, { now });
    try {
      const call = (key: string) =>
        second.inject({
          method: 'POST',
          url: '/v1/payments/payme',
          headers: { authorization: basic(key), 'content-type': 'application/json' },
          payload: { id: 1, method: 'CheckTransaction', params: { id: payme.newId() } },
        });
      expect((await call(newKey)).json().error.code).toBe(-31003);
      expect((await call(oldKey)).json().error.code).toBe(-32504);
    } finally {
      await second.close();
    }

    // Once the operator configures the cabinet's key as PAYME_KEY, it is the one in force.
    const reconfigured = await buildTestApi(
      db,
      { payme: { ...configured, key: 'the-key-from-the-cabinet-0123' } },
      { now },
    );
    try {
      const answer = await reconfigured.inject({
        method: 'POST',
        url: '/v1/payments/payme',
        headers: {
          authorization: basic('the-key-from-the-cabinet-0123'),
          'content-type': 'application/json',
        },
        payload: { id: 2, method: 'CheckTransaction', params: { id: payme.newId() } },
      });
      expect(answer.json().error.code).toBe(-31003);
    } finally {
      await reconfigured.close();
    }
  });
});

test("the agency's service fee is an item of its own under its codes, taken out of each ticket", async () => {
  const order = await twoPassengersWithServiceFee(app, db, start, 61);
  const checked = await payme.call('CheckPerformTransaction', {
    amount: tiyinOf(order),
    account: { order_id: order.id },
  });
  const detail = checked.result!.detail as { items: Record<string, unknown>[] };
  // The two tickets share what is left in whole so'm, the odd one to the first passenger.
  const left = (tiyinOf(order) - 10_000_000) / 100;
  const [first, second] = [Math.ceil(left / 2) * 100, Math.floor(left / 2) * 100];
  expect(detail.items.map((i) => [i.code, i.package_code, i.vat_percent, i.price])).toEqual([
    [FISCAL.fiscalTicketIkpu, FISCAL.fiscalTicketPackageCode, 0, first],
    [FISCAL.fiscalTicketIkpu, FISCAL.fiscalTicketPackageCode, 0, second],
    [FISCAL.fiscalServiceFeeIkpu, FISCAL.fiscalServiceFeePackageCode, 12, 5_000_000],
    [FISCAL.fiscalServiceFeeIkpu, FISCAL.fiscalServiceFeePackageCode, 12, 5_000_000],
  ]);
  expect(detail.items[2]!.title).toBe(`Service fee, ${order.booking_reference}, passenger 1`);
  expect(detail.items.reduce((sum, i) => sum + (i.price as number), 0)).toBe(tiyinOf(order));
});
