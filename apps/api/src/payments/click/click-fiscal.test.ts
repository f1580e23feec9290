/**
 * Click's fiscal data over real HTTP on loopback, against the local Click
 * (payments/click/testing/click-server.ts) built from https://docs.click.uz/merchant-api/fiscalization
 * (`submit_items` with every mandatory item field, amounts in tiyin; `ofd_data` for the receipt's link): a
 * completed payment's tickets and bag are submitted once, adding up to the payment, and the order lists the
 * receipt's link; Click's answer to Complete does not wait for it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startClickServer, type ClickTestServer } from './testing/click-server.ts';
import { book, offerIn, readOrder, type Booked } from '../../testing/after-sale.ts';
import { ANON, isoDay } from '../../testing/booking.ts';
import { clickConfig, startUzsApi, twoPassengersWithServiceFee } from '../testing/uzs-payments.ts';
import { vatIncluded } from './fiscal-data.ts';
import type { Database } from '@parvoz/db';

const FISCAL = {
  fiscalTicketSpic: '10399001001000000',
  fiscalTicketPackageCode: '1514296',
  fiscalTicketVatPercent: 0,
  fiscalLuggageSpic: '10399002001000000',
  fiscalLuggagePackageCode: '1514297',
  fiscalLuggageVatPercent: 12,
  fiscalTin: '301234567',
  fiscalServiceFeeSpic: '10305008002000000',
  fiscalServiceFeePackageCode: '1514298',
  fiscalServiceFeeVatPercent: 12,
  fiscalServiceFeeTin: '309876543',
};

let app: FastifyInstance;
let db: Database;
let closeApi: () => Promise<void>;
let click: ClickTestServer;
let base: string;
const start = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(start);

beforeAll(async () => {
  click = await startClickServer({ now: () => start });
  ({
    app,
    db,
    close: closeApi,
    base,
  } = await startUzsApi({ click: { ...clickConfig(click), ...FISCAL } }, now));
  click.prepareUrl = `${base}/v1/payments/click/prepare`;
  click.completeUrl = `${base}/v1/payments/click/complete`;
}, 60_000);

afterAll(async () => {
  await closeApi?.();
  await click?.close();
});

const sum = (order: Booked) => `${order.total_amount}.00`;

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (ok(value) || i > 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Pays the order at Click and answers what was submitted for its fiscal receipt once the order lists it. */
async function paidAndFiscalised(order: Booked) {
  const answers = await click.pay(order.id, sum(order));
  expect(answers.map((a) => a.error)).toEqual([0, 0]);
  await until(
    () => readOrder(app, order.id, order.access_token),
    (o) => o.fiscal_receipts.length > 0,
  );
  return [...click.fiscal.entries()].at(-1)![1];
}

test('a completed payment is fiscalised: one item per ticket and per bag, in tiyin, and the order links the receipt', async () => {
  const offer = await offerIn(app, 'light', { date: isoDay(start, 40), adults: 2 });
  const bag = offer.available_services[0]!;
  const order = await book(app, offer, ANON, {
    currency: 'UZS',
    services: [{ id: bag.id, passenger_index: 0 }],
  });
  const answers = await click.pay(order.id, sum(order));
  expect(answers.map((a) => a.error)).toEqual([0, 0]);

  const read = await until(
    () => readOrder(app, order.id, order.access_token),
    (o) => o.fiscal_receipts.length > 0,
  );
  const [paydocId, submitted] = [...click.fiscal.entries()].at(-1)!;
  expect(read.fiscal_receipts).toEqual([
    { provider: 'click', kind: 'sale', url: submitted.qrCodeURL, receipt_id: null, registered_at: null },
  ]);
  expect(paydocId).toMatch(/^\d+$/);
  const tiyin = Number(order.total_amount) * 100;
  expect(submitted.items.map((i) => [i.SPIC, i.PackageCode, i.VATPercent, i.Amount])).toEqual([
    [FISCAL.fiscalTicketSpic, FISCAL.fiscalTicketPackageCode, 0, 1],
    [FISCAL.fiscalTicketSpic, FISCAL.fiscalTicketPackageCode, 0, 1],
    [FISCAL.fiscalLuggageSpic, FISCAL.fiscalLuggagePackageCode, 12, 1],
  ]);
  expect(submitted.items.reduce((total, i) => total + (i.Price as number), 0)).toBe(tiyin);
  const bagItem = submitted.items[2]!;
  expect(bagItem.VAT).toBe(vatIncluded(bagItem.Price as number, 12));
  expect(bagItem.CommissionInfo).toEqual({ TIN: FISCAL.fiscalTin });
});

test("a paid seat is an item of its own under the luggage's codes (docs/seats.md), named by its seat", async () => {
  const offer = await offerIn(app, 'light', { date: isoDay(start, 41) });
  const maps = await app.inject({
    method: 'GET',
    url: `/v1/offers/${encodeURIComponent(offer.id)}/seat_maps?currency=UZS`,
    headers: ANON,
  });
  const seat = maps
    .json()
    .data[0].rows.flatMap((r: { sections: unknown[][] }) => r.sections.flat())
    .find((s: { services: { amount: string }[] }) => Number(s.services[0]?.amount ?? 0) > 0);
  const order = await book(app, offer, ANON, {
    currency: 'UZS',
    seats: [{ passenger_index: 0, slice_index: 0, segment_index: 0, designator: seat.designator }],
  });
  expect(order.passengers[0]!.seats[0]!.amount).toBe(seat.services[0].amount);
  const submitted = await paidAndFiscalised(order);
  expect(submitted.items.map((i) => [i.SPIC, i.Price])).toEqual([
    [FISCAL.fiscalTicketSpic, (Number(order.total_amount) - Number(seat.services[0].amount)) * 100],
    [FISCAL.fiscalLuggageSpic, Number(seat.services[0].amount) * 100],
  ]);
  expect(submitted.items[1]!.Name).toContain(seat.designator);
});

test('the VAT included in a price is rounded to the tiyin', () => {
  expect(vatIncluded(11_200, 12)).toBe(1_200);
  expect(vatIncluded(10_000, 12)).toBe(1_071);
  expect(vatIncluded(10_000, 0)).toBe(0);
});

test("the agency's service fee is an item of its own under its codes and the agency's TIN, taken out of each ticket", async () => {
  const order = await twoPassengersWithServiceFee(app, db, start, 41);
  const submitted = await paidAndFiscalised(order);
  const tiyin = Number(order.total_amount) * 100;
  // The two tickets share what is left in whole so'm, the odd one to the first passenger.
  const left = (tiyin - 10_000_000) / 100;
  const [first, second] = [Math.ceil(left / 2) * 100, Math.floor(left / 2) * 100];
  expect(
    submitted.items.map((i) => [i.SPIC, i.PackageCode, i.VATPercent, i.Price, i.CommissionInfo]),
  ).toEqual([
    [FISCAL.fiscalTicketSpic, FISCAL.fiscalTicketPackageCode, 0, first, { TIN: FISCAL.fiscalTin }],
    [FISCAL.fiscalTicketSpic, FISCAL.fiscalTicketPackageCode, 0, second, { TIN: FISCAL.fiscalTin }],
    [
      FISCAL.fiscalServiceFeeSpic,
      FISCAL.fiscalServiceFeePackageCode,
      12,
      5_000_000,
      { TIN: FISCAL.fiscalServiceFeeTin },
    ],
    [
      FISCAL.fiscalServiceFeeSpic,
      FISCAL.fiscalServiceFeePackageCode,
      12,
      5_000_000,
      { TIN: FISCAL.fiscalServiceFeeTin },
    ],
  ]);
  expect(submitted.items[2]!.VAT).toBe(vatIncluded(5_000_000, 12));
  expect(submitted.items[2]!.Name).toBe(`Service fee, ${order.booking_reference}, passenger 1`);
});
