/**
 * Cancelling a paid Duffel order whose quote does not give money back, against the stand-in
 * (./testing/duffel-order-outcomes.ts) and PGlite. Duffel's Order cancellations reference
 * (https://duffel.com/docs/api/order-cancellations) and its JavaScript client's OrderCancellation type: `refund_to`
 * may be `voucher` or `airline_credits` (the credits listed in `airline_credits`, with their codes), and
 * `refund_amount` "may be null in cases where the refund amount is unknown". Credits reach the traveller as
 * credits (no cash refund, their codes emailed in their language); an unknown amount is for an operator, never
 * refunded as 0.
 */
import { afterEach, describe, expect, test } from 'vitest';
import {
  confirmCancellationRequest,
  confirmOperatorCancellation,
  consoleCallers,
  operatorHeaders,
  readOrder,
  requestCancellation,
  requestOperatorCancellation,
  type Booked,
} from '../../testing/after-sale.ts';
import { ORDER_METADATA_KEY } from './orders.ts';
import { REFUNDABLE_DUFFEL_ONLY_FLIGHT, useDuffelSuite } from './testing/duffel-api-testing.ts';
import { queuedEmails } from '../../modules/mail/testing/outbox.ts';
import { cancellationsOf } from '../../modules/after-sale/testing/after-sale.ts';

const { api, now, paidOrder } = useDuffelSuite(
  { token: 'duffel_test_credits0123456789', firstDay: 60, keys: 'duffel-credits' },
  { flights: [REFUNDABLE_DUFFEL_ONLY_FLIGHT] },
);

afterEach(() => {
  api.server.knobs.quoteTerms = { refundTo: null, amountUnknown: false };
});

const quote = (order: Booked) => requestCancellation(api.app, order.id, order.access_token);
const confirm = (id: string, order: Booked) => confirmCancellationRequest(api.app, id, order.access_token);
const cancelledMail = async (orderId: string) =>
  (await queuedEmails(api.db, { dedupeKey: `order-cancelled:${orderId}` }))[0];

describe('a Duffel cancellation that refunds to credits or to an unknown amount', () => {
  for (const refundTo of ['airline_credits', 'voucher'] as const)
    test(`refund_to ${refundTo}: shown and recorded as credits with their codes; no cash refund`, async () => {
      const order = await paidOrder();
      api.server.knobs.quoteTerms = { refundTo, amountUnknown: false };
      const quoted = await quote(order);
      expect(quoted.statusCode, quoted.body).toBe(201);
      const atDuffel = api.server.orders.find((o) => o.metadata?.[ORDER_METADATA_KEY] === order.id)!;
      const code = `${atDuffel.booking_reference}1`;
      expect(quoted.json().data).toMatchObject({
        refund_amount: '0.00',
        refund_to: refundTo,
        airline_credits: [{ code, amount: '250.00', currency: 'USD' }],
      });
      const confirmed = await confirm(quoted.json().data.id, order);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().data).toMatchObject({ refund_to: refundTo });
      const view = await readOrder(api.app, order.id, order.access_token);
      expect(view.booking_status).toBe('cancelled');
      expect(view.refunds).toEqual([]);
      const mail = await cancelledMail(order.id);
      expect(JSON.stringify(mail)).toContain(code);
    });

  test('refund_amount null: refused online (for an operator), nothing cancelled, nothing refunded as 0', async () => {
    const order = await paidOrder();
    api.server.knobs.quoteTerms = { refundTo: 'balance', amountUnknown: true };
    const quoted = await quote(order);
    expect(quoted.statusCode, quoted.body).toBe(422);
    expect(quoted.json().error.details).toMatchObject({ reason: 'not_cancellable' });
    expect(await cancellationsOf(api.db, order.id)).toEqual([]);
    const view = await readOrder(api.app, order.id, order.access_token);
    expect(view.booking_status).not.toBe('cancelled');
  });

  test('refund_amount null, for an operator: quoted as unknown; confirmed only by an admin with the amount', async () => {
    const order = await paidOrder();
    api.server.knobs.quoteTerms = { refundTo: 'balance', amountUnknown: true };
    const operator = await operatorHeaders(api.db, 'desk@agency.test', now());
    const quoted = await requestOperatorCancellation(api.app, order.id, operator);
    expect(quoted.statusCode, quoted.body).toBe(201);
    expect(quoted.json().data).toMatchObject({ refund_amount: '0.00', refund_to: 'unknown' });
    const plain = await confirmOperatorCancellation(api.app, order.id, quoted.json().data.id, operator);
    expect(plain.statusCode, plain.body).toBe(422);
    expect((await readOrder(api.app, order.id, order.access_token)).booking_status).not.toBe('cancelled');
    const { admin } = await consoleCallers(api.app, api.db, now());
    const agreed = await api.app.inject({
      method: 'POST',
      url: `/v1/ops/orders/${order.id}/cancel_with_override`,
      headers: admin,
      payload: {
        cancellation_id: quoted.json().data.id,
        refund_amount: '120.00',
        reason: 'airline agreed 120',
      },
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const view = await readOrder(api.app, order.id, order.access_token);
    expect(view.booking_status).toBe('cancelled');
    expect(view.refunds).toEqual([expect.objectContaining({ amount: '120.00' })]);
  });
});
