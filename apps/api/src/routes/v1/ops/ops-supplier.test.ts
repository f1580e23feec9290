/**
 * The console's view of a real supplier's order (docs/duffel.md; GET /v1/ops/orders/{id} `supplier`), against
 * the Duffel test server and PGlite: the airline's booking reference, Duffel's order id, what Duffel charges,
 * when the agency paid it, and the airline's changes, in the order's timeline too. A built-in network order
 * has none; the traveller's own view never carries Duffel's ids; a traveller asking the console route gets
 * its 404.
 */
import { expect, test } from 'vitest';
import type { OpsOrderSupplier, OpsTimelineEvent } from '@parvoz/contracts/ops';
import { bookingBody, injectOrder } from '../../../testing/booking.ts';
import { pay, signedInAs, type Booked } from '../../../testing/after-sale.ts';
import { paySuppliers } from '../../../modules/supplier-orders/index.ts';
import { syncAirlineChanges } from '../../../modules/after-sale/index.ts';
import { searchEngineFor } from '../../../modules/search/index.ts';
import { ORDER_METADATA_KEY } from '../../../suppliers/duffel/orders.ts';
import {
  duffelOrdersOn,
  searchDuffelOffers,
  useDuffelTestApi,
} from '../../../suppliers/duffel/testing/duffel-api-testing.ts';
import { QUIET_LOG } from '../../../testing/api.ts';

const TOKEN = 'duffel_test_console0123456789';
const start = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(start);
let keys = 0;

const api = useDuffelTestApi({ token: TOKEN, now });

async function book(fromDuffel: boolean): Promise<Booked> {
  const offers = await searchDuffelOffers(api.app, { date: '2026-12-20' });
  const offer = offers.find((o) => o.id.startsWith('dfl.') === fromDuffel)!;
  const booked = await injectOrder(api.app, bookingBody(offer), `ops-supplier-${++keys}`);
  expect(booked.statusCode, booked.body).toBe(201);
  return booked.json().data as Booked;
}

const consoleView = async (id: string, headers: Record<string, string>) =>
  api.app.inject({ method: 'GET', url: `/v1/ops/orders/${id}`, headers });

test('a Duffel order in the console: reference, Duffel’s order, its price, paid, and the airline’s change', async () => {
  const operator = await signedInAs(api.db, 'ops.supplier@parvoz.example', 'operator', now());
  const order = await book(true);
  const atDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
  const before = (await consoleView(order.id, operator)).json().data.supplier as OpsOrderSupplier;
  expect(before).toEqual({
    name: 'duffel',
    order_id: atDuffel.id,
    booking_reference: atDuffel.booking_reference,
    total_amount: atDuffel.total_amount,
    total_currency: atDuffel.total_currency,
    paid_at: null,
    cancelled_at: null,
    ticketing: null,
    booking_outcome: null,
  });

  await pay(api.app, api.db, order, now());
  const duffel = duffelOrdersOn(api.server, TOKEN);
  // The payment kicks the app's own supplier pass; this one may find the order already paid by it. Either
  // way Duffel is paid for it exactly once.
  await paySuppliers({ db: api.db, supplier: duffel, now, log: QUIET_LOG });
  await expect.poll(() => api.server.payments.filter((p) => p.order_id === atDuffel.id).length).toBe(1);
  api.server.airlineChange(atDuffel.id, 40);
  const network = searchEngineFor('parvoz').network;
  expect(
    await syncAirlineChanges({
      db: api.db,
      supplier: duffel,
      now,
      log: QUIET_LOG,
      network,
      siteUrl: () => 'https://parvoz.example',
    }),
  ).toBe(1);

  const answer = await consoleView(order.id, operator);
  expect(answer.statusCode, answer.body).toBe(200);
  const {
    supplier,
    timeline,
    order: shown,
  } = answer.json().data as {
    supplier: OpsOrderSupplier;
    timeline: OpsTimelineEvent[];
    order: { airline_changes: unknown[] };
  };
  expect(supplier.paid_at).toBe(now().toISOString());
  expect(shown.airline_changes).toHaveLength(1);
  const kinds = timeline.map((e) => e.kind);
  expect(kinds).toContain('supplier.paid');
  expect(kinds).toContain('airline_change.detected');
  expect(timeline.find((e) => e.kind === 'supplier.paid')!.details).toEqual({
    supplier: 'duffel',
    amount: atDuffel.total_amount,
    currency: atDuffel.total_currency,
  });

  // An operator finds it by the airline's reference, as a traveller reads it off the airline's email.
  const found = await api.app.inject({
    method: 'GET',
    url: `/v1/ops/orders?q=${atDuffel.booking_reference.toLowerCase()}`,
    headers: operator,
  });
  expect(found.json().data.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);

  // The traveller's own view names the airline's reference but never Duffel's order id; the console route is 404.
  const own = await api.app.inject({
    method: 'GET',
    url: `/v1/orders/${order.id}?access_token=${order.access_token}`,
  });
  expect(own.body).not.toContain(atDuffel.id);
  const traveller = await signedInAs(api.db, 'traveller.supplier@parvoz.example', null, now());
  expect((await consoleView(order.id, traveller)).statusCode).toBe(404);
  expect((await consoleView(order.id, {})).statusCode).toBe(404);
});

test('an order of the built-in network has no supplier side and no supplier events', async () => {
  const operator = await signedInAs(api.db, 'ops.builtin@parvoz.example', 'operator', now());
  const order = await book(false);
  const answer = (await consoleView(order.id, operator)).json().data as {
    supplier: unknown;
    timeline: OpsTimelineEvent[];
  };
  expect(answer.supplier).toBeNull();
  expect(
    answer.timeline.some((e) => e.kind.startsWith('supplier.') || e.kind.startsWith('airline_change.')),
  ).toBe(false);
});
