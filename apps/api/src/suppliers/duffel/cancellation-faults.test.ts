/**
 * Confirming a Duffel cancellation when Duffel's answer is an error (docs/duffel.md, Cancellation), against the
 * stand-in (./testing/duffel-order-outcomes.ts) and PGlite. Duffel's errors page
 * (https://duffel.com/docs/api/overview/errors): 500 and 502 "You should not retry this request"; 503 "Please retry
 * later". A confirmation is therefore sent once: after a 5xx the cancellation is read back
 * (GET /air/order_cancellations/:id, `confirmed_at`); confirmed, ours is cancelled and refunded once; not confirmed
 * after a 500/502, the quote is never confirmed again (a new quote is a new request) and an operator is alarmed;
 * after a 503 the confirmation may be sent again.
 */
import { afterEach, describe, expect, test } from 'vitest';
import {
  confirmCancellationRequest,
  readOrder,
  requestCancellation,
  type Booked,
} from '../../testing/after-sale.ts';
import { ORDER_METADATA_KEY } from './orders.ts';
import { REFUNDABLE_DUFFEL_ONLY_FLIGHT, useDuffelSuite } from './testing/duffel-api-testing.ts';
import { refundsOf as refundsOfOrder } from '../../modules/payments/testing/payments.ts';

const { api, paidOrder } = useDuffelSuite(
  { token: 'duffel_test_cancelfaults0123456789', firstDay: 70, keys: 'duffel-cancel-faults' },
  { flights: [REFUNDABLE_DUFFEL_ONLY_FLIGHT] },
);

afterEach(() => {
  api.server.knobs.failsAfterCancelling = null;
  api.server.knobs.failRoute = null;
});

const quote = (order: Booked) => requestCancellation(api.app, order.id, order.access_token);
const confirm = (id: string, order: Booked) => confirmCancellationRequest(api.app, id, order.access_token);
const atDuffel = (order: Booked) =>
  api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
const confirmsSent = () =>
  api.server.requests.filter(
    (r) => r.method === 'POST' && /^\/air\/order_cancellations\/[^/]+\/actions\/confirm$/.test(r.path),
  ).length;
const refundsOf = (orderId: string) => refundsOfOrder(api.db, orderId);
const CONFIRM = /^POST \/air\/order_cancellations\/[^/]+\/actions\/confirm$/;

/**
 * A paid order's quote, confirmed once while Duffel answers that confirmation `status` with nothing done: the
 * traveller's first answer (a 503) and the confirmations sent `before` it.
 */
async function confirmedWhileDuffelAnswers(status: number) {
  const order = await paidOrder();
  const quoteId = (await quote(order)).json().data.id as string;
  const before = confirmsSent();
  api.server.knobs.failRoute = { match: CONFIRM, status };
  const first = await confirm(quoteId, order);
  expect(first.statusCode, first.body).toBe(503);
  api.server.knobs.failRoute = null;
  return { order, quoteId, before, first };
}

describe('a Duffel cancellation confirmed with an error answer', () => {
  test('Duffel cancels, then answers 500: cancelled here and refunded once, the confirmation sent once', async () => {
    const order = await paidOrder();
    const quoted = await quote(order);
    expect(quoted.statusCode, quoted.body).toBe(201);
    const before = confirmsSent();
    api.server.knobs.failsAfterCancelling = 500;
    const confirmed = await confirm(quoted.json().data.id, order);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(atDuffel(order).cancelled_at).not.toBeNull();
    const view = await readOrder(api.app, order.id, order.access_token);
    expect(view.booking_status).toBe('cancelled');
    expect(await refundsOf(order.id)).toHaveLength(1);
    // Confirmed again by the traveller: the same answer, nothing more at Duffel nor here.
    const again = await confirm(quoted.json().data.id, order);
    expect(again.statusCode, again.body).toBe(200);
    expect(confirmsSent()).toBe(before + 1);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  test('a 502 with nothing done at Duffel: the quote never confirmed again, nothing cancelled or refunded here', async () => {
    const { order, quoteId, before } = await confirmedWhileDuffelAnswers(502);
    // Tried again: this quote is not confirmed at Duffel a second time ("You should not retry this request").
    const again = await confirm(quoteId, order);
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().error.details).toMatchObject({ reason: 'cancellation_expired' });
    expect(confirmsSent()).toBe(before + 1);
    expect((await readOrder(api.app, order.id, order.access_token)).booking_status).not.toBe('cancelled');
    expect(await refundsOf(order.id)).toEqual([]);
    // A new quote is a new request: confirming it cancels once and refunds once.
    const fresh = await quote(order);
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect((await confirm(fresh.json().data.id, order)).statusCode).toBe(200);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(confirmsSent()).toBe(before + 2);
  });

  test('a 503 ("Please retry later") with nothing done: the traveller tries again, cancelled and refunded once', async () => {
    const { order, quoteId, before, first } = await confirmedWhileDuffelAnswers(503);
    expect(first.json().error.details).toMatchObject({ reason: 'supplier_unavailable' });
    const again = await confirm(quoteId, order);
    expect(again.statusCode, again.body).toBe(200);
    expect(confirmsSent()).toBe(before + 2);
    expect((await readOrder(api.app, order.id, order.access_token)).booking_status).toBe('cancelled');
    expect(await refundsOf(order.id)).toHaveLength(1);
  });
});
