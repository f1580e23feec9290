/**
 * POST /v1/webhooks/duffel (docs/duffel.md): Duffel's signed `order.airline_initiated_change_detected` makes
 * the order's changes read at once, from Duffel's API, against the Duffel test server and PGlite. Signed as
 * Duffel signs (`X-Duffel-Signature: t=…,v1=HMAC-SHA256("t.body")`); a missing, forged, stale or
 * replayed-late signature, a body that is not an event, and events of other types read nothing; Duffel down
 * is a 503 so Duffel delivers it again; a site without the secret answers 404. Every delivery is signed by the
 * stand-in's signer (testing/duffel-order-outcomes.ts `duffelSignature`, written from Duffel's webhook page and
 * its Ruby client), never by the site's own checker's code, so a checker that drifted from Duffel fails here.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readOrder, type Booked } from '../../../testing/after-sale.ts';
import { DUFFEL_DEFAULT_BUDGET_MS } from '../../../suppliers/duffel/settings.ts';
import { duffelSignature } from '../../../suppliers/duffel/testing/duffel-order-outcomes.ts';
import { bookDuffelOffer, useDuffelSuite } from '../../../suppliers/duffel/testing/duffel-api-testing.ts';
import { startTestApi } from '../../../testing/api.ts';

const SECRET = 'whsec-duffel-test-0123456789';
const { api, token, now, nextDay, nextKey } = useDuffelSuite(
  { token: 'duffel_test_webhooks0123456789', firstDay: 30, keys: 'duffel-webhook' },
  { duffel: { webhookSecret: SECRET } },
);
let events = 0;
afterEach(() => {
  api.server.knobs.failWith = null;
});

async function bookDuffel(): Promise<{ order: Booked; supplierOrderId: string }> {
  const { order, atDuffel } = await bookDuffelOffer(api.app, api.server, {
    date: nextDay(),
    key: nextKey(),
  });
  return { order, supplierOrderId: atDuffel!.id };
}

/** Duffel's event for a change, as its webhook reference shows events (the change as the object). */
const changeEvent = (change: object, type = 'order.airline_initiated_change_detected') =>
  JSON.stringify({
    id: `wev_${++events}`,
    api_version: 'v2',
    type,
    data: { object: change },
    live_mode: false,
    idempotency_key: (change as { id?: string }).id ?? null,
    created_at: now().toISOString(),
  });

/** A delivery of `body` to `app` (the suite's unless told), signed now unless told. */
function deliver(
  body: string,
  signature: string | null = duffelSignature(SECRET, body, now()),
  app: FastifyInstance = api.app,
) {
  return app.inject({
    method: 'POST',
    url: '/v1/webhooks/duffel',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-duffel-signature': signature }),
    },
    payload: body,
  });
}

const changeReads = () =>
  api.server.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/air/airline_initiated_changes'))
    .length;

describe('Duffel webhook: an airline change read at once', () => {
  test('a signed change event reads the order’s changes now; the same event again keeps one change', async () => {
    const { order, supplierOrderId } = await bookDuffel();
    const change = api.server.airlineChange(supplierOrderId, 95);
    const event = changeEvent(change);
    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { received: true, effect: 'changes_read' } });
    const seen = await readOrder(api.app, order.id, order.access_token);
    expect(seen.airline_changes).toHaveLength(1);
    expect(seen.airline_changes[0]!.acceptable).toBe(true);
    // Duffel delivers at least once: a second delivery reads again and keeps the same one change.
    const again = await deliver(event);
    expect(again.statusCode, again.body).toBe(200);
    expect((await readOrder(api.app, order.id, order.access_token)).airline_changes).toHaveLength(1);
  });

  test('an event naming the order itself (its object the order) is read too', async () => {
    const { order, supplierOrderId } = await bookDuffel();
    api.server.airlineChange(supplierOrderId, 30);
    const response = await deliver(changeEvent({ id: supplierOrderId, object: 'order' }));
    expect(response.json()).toEqual({ data: { received: true, effect: 'changes_read' } });
    expect((await readOrder(api.app, order.id, order.access_token)).airline_changes).toHaveLength(1);
  });

  test('refused and nothing read: no signature, a malformed one, a forged one, a stale one, a body that is not an event', async () => {
    const { order, supplierOrderId } = await bookDuffel();
    const event = changeEvent(api.server.airlineChange(supplierOrderId, 45));
    const before = changeReads();
    const tenMinutesAgo = new Date(now().getTime() - 10 * 60_000);
    const cases: [string | null, string, string][] = [
      [null, 'missing_signature', event],
      ['v1=abc', 'malformed_signature', event],
      [duffelSignature('another-secret-0123456789', event, now()), 'bad_signature', event],
      // The body changed after signing (the order id swapped): the signature no longer matches.
      [duffelSignature(SECRET, event, now()), 'bad_signature', event.replace('ord_', 'ord_X')],
      [duffelSignature(SECRET, event, tenMinutesAgo), 'stale_signature', event],
      [duffelSignature(SECRET, 'not json', now()), 'event', 'not json'],
      [duffelSignature(SECRET, '{"type":1}', now()), 'event', '{"type":1}'],
    ];
    for (const [signature, reason, body] of cases) {
      const response = await deliver(body, signature);
      expect(response.statusCode, `${reason}: ${response.body}`).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'malformed_request', details: { reason } });
    }
    expect(changeReads()).toBe(before);
    expect((await readOrder(api.app, order.id, order.access_token)).airline_changes).toEqual([]);
  });

  test('other event types, and orders that are not ours, are taken and read nothing of ours', async () => {
    const { order, supplierOrderId } = await bookDuffel();
    api.server.airlineChange(supplierOrderId, 60);
    const before = changeReads();
    const other = await deliver(changeEvent({ id: supplierOrderId }, 'order.created'));
    expect(other.json()).toEqual({ data: { received: true, effect: 'ignored' } });
    expect(changeReads()).toBe(before);
    const stranger = await deliver(changeEvent({ id: 'aic_x', order_id: 'ord_0000NotOurs' }));
    expect(stranger.json()).toEqual({ data: { received: true, effect: 'unknown_order' } });
    expect(changeReads()).toBe(before);
    expect((await readOrder(api.app, order.id, order.access_token)).airline_changes).toEqual([]);
  });

  test('Duffel down: 503 and nothing kept, so Duffel delivers again; the next delivery reads it', async () => {
    const { order, supplierOrderId } = await bookDuffel();
    const event = changeEvent(api.server.airlineChange(supplierOrderId, 20));
    api.server.knobs.failWith = 503;
    const down = await deliver(event);
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json().error).toMatchObject({ code: 'unavailable' });
    api.server.knobs.failWith = null;
    expect((await readOrder(api.app, order.id, order.access_token)).airline_changes).toEqual([]);
    const retried = await deliver(event);
    expect(retried.json()).toEqual({ data: { received: true, effect: 'changes_read' } });
    expect((await readOrder(api.app, order.id, order.access_token)).airline_changes).toHaveLength(1);
  });

  test('a site without a Duffel webhook secret answers 404 (the API’s envelope), even to a signed event', async () => {
    const plain = await startTestApi();
    try {
      const body = changeEvent({ id: 'aic_1', order_id: 'ord_1' });
      const response = await deliver(body, duffelSignature(SECRET, body, now()), plain.app);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'not_found' });
    } finally {
      await plain.close();
    }
  });

  test('deliveries are rate limited per sending address', async () => {
    const limited = await startTestApi({
      duffel: {
        accessToken: token,
        apiUrl: api.server.url,
        timeBudgetMs: DUFFEL_DEFAULT_BUDGET_MS,
        webhookSecret: SECRET,
      },
      // 600 a minute scaled down to 3.
      rateLimitScale: 0.005,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const body = changeEvent({ id: 'aic_1', order_id: 'ord_1' }, 'order.created');
        const response = await deliver(body, duffelSignature(SECRET, body, new Date()), limited.app);
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
