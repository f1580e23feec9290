/**
 * The supplier reconciliation (docs/duffel.md "Reconciliation"; modules/supplier-orders/reconciliation.ts) against the Duffel test server and
 * PGlite: Duffel booked, our database refused to record the order (a real PostgreSQL refusal: a trigger on
 * `orders`) and Duffel could not be reached to give the hold up. The run finds the orphan by our metadata and
 * cancels it at Duffel, once; an order of ours that lost its supplier order gets it back, once; a run while Duffel
 * is down changes nothing and a later one repairs it. Every repair is counted on /metrics.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { bookingBody, injectOrder } from '../../testing/booking.ts';
import type { Booked } from '../../testing/after-sale.ts';
import { supplierReconciliationsTotal } from '../../metrics.ts';
import { RECONCILE_GRACE_MS, reconcileSupplierOrders } from '../../modules/supplier-orders/index.ts';
import {
  createSupplierPaymentWorker,
  supplierTotalDifferencesBetween,
} from '../../modules/supplier-orders/index.ts';
import { orderBooksOf } from '../../modules/books/index.ts';
import { searchEngineFor } from '../../modules/search/index.ts';
import { ORDER_METADATA_KEY } from './orders.ts';
import { useDuffelSuite, searchDuffelOffer, duffelOrdersOn } from './testing/duffel-api-testing.ts';
import {
  orderOf,
  ordersWithSupplierOrder,
  refuseOrdersOf,
  setOrderColumns,
} from '../../modules/orders/testing/fixtures.ts';

const REFUSED_EMAIL = 'refuse.record@example.com';
const logged: string[] = [];
const log = {
  warn: (_: object, message: string) => void logged.push(message),
  error: (_: object, message: string) => void logged.push(message),
};

const { api, token, clock, now, nextDay, nextKey } = useDuffelSuite(
  { token: 'duffel_test_reconcile0123456789', firstDay: 20, keys: 'duffel-reconcile' },
  // The database refuses to record one contact's orders: the failure after Duffel created the order.
  { prepare: (db) => refuseOrdersOf(db, REFUSED_EMAIL) },
);

afterEach(() => {
  api.server.knobs.failRoute = null;
  Object.assign(api.server.knobs.pay, { priceGuaranteeMs: 86_400_000, lapsedPriceFactor: 1 });
  logged.length = 0;
});

const duffel = () => duffelOrdersOn(api.server, token);
const reconcile = () => reconcileSupplierOrders({ db: api.db, supplier: duffel(), now, log });
const counted = async (outcome: string) =>
  (await supplierReconciliationsTotal.get()).values.find(
    (v) => v.labels.outcome === outcome && v.labels.supplier === 'duffel',
  )?.value ?? 0;

const duffelOffer = () => searchDuffelOffer(api.app, { date: nextDay(), sort: 'cheapest' });

const postOrder = (body: object) => injectOrder(api.app, body, nextKey());

/** Books at Duffel while our database refuses the order and Duffel refuses to cancel: an orphan at Duffel. */
async function orphanAtDuffel() {
  const offer = await duffelOffer();
  const before = api.server.orders.length;
  api.server.knobs.failRoute = { match: /^POST \/air\/order_cancellations/, status: 503 };
  const body = bookingBody(offer);
  const refused = await postOrder({ ...body, contact: { ...body.contact, email: REFUSED_EMAIL } });
  api.server.knobs.failRoute = null;
  expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(500);
  expect(api.server.orders).toHaveLength(before + 1);
  const orphan = api.server.orders.at(-1)!;
  expect(orphan.cancelled_at).toBeNull();
  return orphan;
}

const cancellationsOf = (orderId: string) =>
  [...api.server.cancellations.values()].filter((c) => c.order_id === orderId);
const rowsWith = (supplierOrderId: string) => ordersWithSupplierOrder(api.db, supplierOrderId);

describe('supplier reconciliation', () => {
  test('booked at Duffel, not recorded here, not given up: the run cancels it at Duffel once; recorded orders are untouched', async () => {
    const kept = (await postOrder(bookingBody(await duffelOffer()))).json().data as Booked;
    const keptAtDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === kept.id)!;
    const orphan = await orphanAtDuffel();
    const ourId = orphan.metadata[ORDER_METADATA_KEY] as string;
    expect(await orderOf(api.db, ourId)).toBeUndefined();

    // Within the grace period the booking may still be recording it: left alone.
    expect(await reconcile()).toEqual({ recorded: 0, cancelled: 0, failed: 0 });
    expect(orphan.cancelled_at).toBeNull();

    clock.at += RECONCILE_GRACE_MS + 60_000;
    const cancelledBefore = await counted('cancelled');
    expect(await reconcile()).toEqual({ recorded: 0, cancelled: 1, failed: 0 });
    expect(orphan.cancelled_at).not.toBeNull();
    expect(cancellationsOf(orphan.id)).toHaveLength(1);
    expect(await counted('cancelled')).toBe(cancelledBefore + 1);
    expect(logged).toContain('supplier reconciliation: supplier order without an order of ours cancelled');
    // The order we did record is neither cancelled nor changed.
    expect(keptAtDuffel.cancelled_at).toBeNull();
    expect(cancellationsOf(keptAtDuffel.id)).toEqual([]);
    expect(await rowsWith(keptAtDuffel.id)).toHaveLength(1);

    // Idempotent: nothing left to do, nothing asked of Duffel again.
    expect(await reconcile()).toEqual({ recorded: 0, cancelled: 0, failed: 0 });
    expect(cancellationsOf(orphan.id)).toHaveLength(1);
    expect(await counted('cancelled')).toBe(cancelledBefore + 1);
  });

  test('an order of ours without its supplier order (its recording lost): the run puts the Duffel order on it, once', async () => {
    const order = (await postOrder(bookingBody(await duffelOffer()))).json().data as Booked;
    const atDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
    await setOrderColumns(api.db, order.id, {
      supplierOrderId: null,
      supplierBookingReference: null,
      supplierTotalAmount: null,
      supplierCurrency: null,
    });
    clock.at += RECONCILE_GRACE_MS + 60_000;
    const recordedBefore = await counted('recorded');
    expect(await reconcile()).toEqual({ recorded: 1, cancelled: 0, failed: 0 });
    const row = await orderOf(api.db, order.id);
    expect(row).toMatchObject({
      supplierOrderId: atDuffel.id,
      supplierBookingReference: atDuffel.booking_reference,
      supplierTotalAmount: '300.00',
      supplierCurrency: 'USD',
    });
    expect(atDuffel.cancelled_at).toBeNull();
    expect(await counted('recorded')).toBe(recordedBefore + 1);
    expect(await reconcile()).toEqual({ recorded: 0, cancelled: 0, failed: 0 });
    expect(await counted('recorded')).toBe(recordedBefore + 1);
  });

  test('an order whose total at Duffel is not the books’ supplier cost: kept with both amounts, first and last found', async () => {
    // A hold with no price guarantee: at the airline's price of the moment, 312.45 by the time the run reads it,
    // where the books have the 300.00 of the booking.
    const offer = await duffelOffer();
    Object.assign(api.server.knobs.pay, { priceGuaranteeMs: 0, lapsedPriceFactor: 1 });
    const order = (await postOrder(bookingBody(offer))).json().data as Booked;
    const atDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
    const books = (await orderBooksOf(api.db, order.id))!;
    expect(books).toMatchObject({ supplierAmountMinor: 30_000, supplierCurrency: 'USD' });
    api.server.knobs.pay.lapsedPriceFactor = 312.45 / 300;
    clock.at += RECONCILE_GRACE_MS + 60_000;
    const first = now();
    expect(await reconcile()).toEqual({ recorded: 0, cancelled: 0, failed: 0 });
    expect(logged).toContain('supplier reconciliation: the supplier total is not the books’ supplier cost');
    clock.at += 60_000;
    await reconcile();
    const found = await supplierTotalDifferencesBetween(api.db, first, new Date(now().getTime() + 1));
    // Only this order: the suite's other orders at Duffel have the total the books recorded.
    expect(found).toEqual([
      {
        orderId: order.id,
        supplier: 'duffel',
        supplierOrderId: atDuffel.id,
        oursMinor: 30_000,
        oursCurrency: 'USD',
        theirsMinor: 31_245,
        theirsCurrency: 'USD',
        firstFoundAt: first,
        lastFoundAt: now(),
      },
    ]);
    // Outside the runs' times, nothing.
    expect(await supplierTotalDifferencesBetween(api.db, new Date(0), first)).toEqual([]);
  });

  test('Duffel down during the run: counted as failed, nothing changed; the next run repairs it', async () => {
    const orphan = await orphanAtDuffel();
    clock.at += RECONCILE_GRACE_MS + 60_000;
    api.server.knobs.failRoute = { match: /^POST \/air\/order_cancellations/, status: 503 };
    const failedBefore = await counted('failed');
    expect(await reconcile()).toEqual({ recorded: 0, cancelled: 0, failed: 1 });
    expect(orphan.cancelled_at).toBeNull();
    expect(await counted('failed')).toBe(failedBefore + 1);
    api.server.knobs.failRoute = null;
    expect(await reconcile()).toEqual({ recorded: 0, cancelled: 1, failed: 0 });
    expect(orphan.cancelled_at).not.toBeNull();
    // Duffel's order list unreadable: the run throws, and the worker logs it and goes on.
    api.server.knobs.failRoute = { match: /^GET \/air\/orders$/, status: 503 };
    await expect(reconcile()).rejects.toThrow();
  });

  test('the supplier worker reconciles at most once per interval', async () => {
    const orphan = await orphanAtDuffel();
    clock.at += RECONCILE_GRACE_MS + 60_000;
    const lists = () =>
      api.server.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/air/orders?'));
    const worker = createSupplierPaymentWorker({
      db: api.db,
      supplier: duffel(),
      now,
      log,
      network: searchEngineFor('parvoz').network,
      siteUrl: () => 'http://localhost',
      reconcileEveryMs: 600_000,
    });
    const before = lists().length;
    await worker.runOnce();
    expect(orphan.cancelled_at).not.toBeNull();
    const after = lists().length;
    expect(after).toBeGreaterThan(before);
    await worker.runOnce();
    expect(lists()).toHaveLength(after);
    clock.at += 600_000;
    await worker.runOnce();
    expect(lists().length).toBeGreaterThan(after);
    await worker.stop();
  });
});
