/**
 * A paid order booked at Duffel as an `instant` order, when the creation's answer is not a plain 201: asked for once
 * per sale, never again, never refunded while the airline may have it (Duffel's response handling,
 * https://duffel.com/docs/api/overview/response-handling: 500, 502 and 202 are not to be retried); a 202 stays
 * pending until Duffel's signed `order.created` or `order.creation_failed` webhook
 * (https://duffel.com/docs/api/v2/webhooks). Against the stand-in (./testing/duffel-order-outcomes.ts) and PGlite.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { QUIET_LOG } from '../../testing/api.ts';
import { bookPaidOrders } from '../../modules/supplier-orders/index.ts';
import {
  RECONCILE_GRACE_MS,
  reconcileSupplierOrders,
  ticketPaidOrders,
} from '../../modules/supplier-orders/index.ts';
import {
  deliverDuffelEvent,
  duffelOrdersOn,
  ordersPostedFor,
  paidInstantDuffelOrder,
  useDuffelSuite,
} from './testing/duffel-api-testing.ts';
import { refundsOf as refundsOfOrder } from '../../modules/payments/testing/payments.ts';
import { orderOf } from '../../modules/orders/testing/fixtures.ts';

const SECRET = 'whsec-duffel-paid-creation-0123';
const { api, token, clock, now, nextDay, nextKey } = useDuffelSuite(
  { token: 'duffel_test_paidcreate0123456789', firstDay: 50, keys: 'duffel-paid-create' },
  { duffel: { webhookSecret: SECRET } },
);

afterEach(() => {
  api.server.knobs.createFault = null;
});

const paidInstantOrder = () =>
  paidInstantDuffelOrder(api.app, api.db, api.server, now(), {
    date: nextDay(),
    key: nextKey(),
  });

const posted = (orderId: string) => ordersPostedFor(api.server, orderId);
const rowOf = async (id: string) => (await orderOf(api.db, id))!;
// A refund carries its payment's order (modules/payments/refunds.ts, recordRefund).
const refundsOf = async (id: string) => refundsOfOrder(api.db, id);
/** Another pass, later than any claim lasts. */
const laterPass = () => {
  clock.at += 60 * 60_000;
  return bookPaidOrders({ db: api.db, supplier: duffelOrdersOn(api.server, token), now, log: QUIET_LOG });
};
/** A delivery of the stand-in's event, signed as Duffel signs each attempt: at the moment it is sent. */
const deliver = (delivery: { body: string; headers: Record<string, string> }) =>
  deliverDuffelEvent(api.app, SECRET, delivery, now());
/** The stand-in's delivery as it sent it: signed when the event was made. */
const deliverAsSent = (delivery: { body: string; headers: Record<string, string> }) =>
  api.app.inject({
    method: 'POST',
    url: '/v1/webhooks/duffel',
    headers: delivery.headers,
    payload: delivery.body,
  });
const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });
/** A paid sale whose creation Duffel answered 202: pending here, until Duffel's webhook or a look-up settles it. */
async function acceptedOrder() {
  api.server.knobs.createFault = { kind: 'accepted' };
  const order = await paidInstantOrder();
  await waitFor(async () => expect((await rowOf(order.id)).supplierBookingOutcome).toBe('pending'));
  return order;
}

describe('a paid order created at Duffel: at most once per sale', () => {
  test('a 500 with no order made: outcome unknown, kept paid for an operator, never created again nor refunded', async () => {
    api.server.knobs.createFault = { kind: 'error_before_create' };
    const order = await paidInstantOrder();
    await waitFor(async () => expect((await rowOf(order.id)).supplierBookingOutcome).toBe('unknown'));
    await laterPass();
    await laterPass();
    expect(posted(order.id)).toHaveLength(1);
    expect(await rowOf(order.id)).toMatchObject({
      bookingStatus: 'new',
      paymentStatus: 'paid',
      supplierOrderId: null,
    });
    expect(await refundsOf(order.id)).toHaveLength(0);
  });

  test('a 202, then the signed order.created webhook: the order Duffel made is booked here, one creation', async () => {
    const order = await acceptedOrder();
    expect((await rowOf(order.id)).bookingStatus).toBe('new');
    const delivery = api.server.settleAccepted('created', SECRET);
    const answer = await deliverAsSent(delivery);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.effect).toBe('creation_settled');
    await laterPass();
    // The order Duffel made is ours now; it is booked once the airline's tickets are there (the ticketing pass).
    expect(await rowOf(order.id)).toMatchObject({ bookingStatus: 'new', supplierBookingOutcome: null });
    await ticketPaidOrders({ db: api.db, supplier: duffelOrdersOn(api.server, token), now, log: QUIET_LOG });
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ bookingStatus: 'booked', supplierBookingOutcome: null });
    expect(row.supplierOrderId).toMatch(/^ord_/);
    expect(posted(order.id)).toHaveLength(1);
  });

  test('order.created delivered twice (Duffel delivers at least once): recorded once, the second changes nothing', async () => {
    const order = await acceptedOrder();
    const delivery = api.server.settleAccepted('created', SECRET);
    expect((await deliver(delivery)).json().data.effect).toBe('creation_settled');
    const recorded = await rowOf(order.id);
    expect(recorded.supplierOrderId).toMatch(/^ord_/);
    clock.at += 60_000;
    const again = await deliver(delivery);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.effect).toBe('ignored');
    expect(await rowOf(order.id)).toEqual(recorded);
    await ticketPaidOrders({ db: api.db, supplier: duffelOrdersOn(api.server, token), now, log: QUIET_LOG });
    expect((await rowOf(order.id)).bookingStatus).toBe('booked');
    expect(posted(order.id)).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(0);
  });

  /** Ways the order Duffel made reaches ours before its late webhook does. */
  const FOUND_FIRST: { name: string; find: () => Promise<void> }[] = [
    {
      name: 'order.created arriving after the pass found the order by its key: nothing changes, one creation',
      // The next pass finds the order by its key first.
      find: async () => void (await laterPass()),
    },
    {
      name: 'order.created arriving after the reconciliation recorded the order: nothing changes, one creation',
      // The reconciliation (which leaves a new order its grace period) lists it first and puts it on ours.
      find: async () => {
        clock.at += RECONCILE_GRACE_MS + 60_000;
        const reconciled = await reconcileSupplierOrders({
          db: api.db,
          supplier: duffelOrdersOn(api.server, token),
          now,
          log: QUIET_LOG,
        });
        expect(reconciled.recorded).toBe(1);
      },
    },
  ];

  test.each(FOUND_FIRST)('$name', async ({ find }) => {
    const order = await acceptedOrder();
    // Duffel made the order; its webhook is late.
    const delivery = api.server.settleAccepted('created', SECRET);
    await find();
    const recorded = await rowOf(order.id);
    expect(recorded).toMatchObject({
      supplierBookingOutcome: null,
      supplierOrderId: expect.stringMatching(/^ord_/),
    });
    const late = await deliver(delivery);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data.effect).toBe('ignored');
    expect(await rowOf(order.id)).toEqual(recorded);
    await laterPass();
    expect(posted(order.id)).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(0);
  });

  test('a 202, then order.creation_failed: nothing was made, so the sale is cancelled and refunded', async () => {
    const order = await acceptedOrder();
    const delivery = api.server.settleAccepted('failed', SECRET);
    const answer = await deliverAsSent(delivery);
    expect(answer.json().data.effect).toBe('creation_settled');
    await laterPass();
    expect((await rowOf(order.id)).bookingStatus).toBe('cancelled');
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(posted(order.id)).toHaveLength(1);
  });
});
