/**
 * The console's order actions and its authorization matrix (docs/after-sale.md §5–§6), through HTTP (inject,
 * PGlite):
 *  - EVERY /v1/ops route, taken from the app's own route table (a new route without an entry here fails), for
 *    anonymous, a traveller, an operator and an admin: only the right roles get through, everyone else gets
 *    the byte-identical 404 of an unknown endpoint, with a well-formed or a malformed body, and nothing changes;
 *  - an admin's override of the refund with a reason (operators: the unknown-endpoint 404), resending the
 *    confirmation, correcting the contact, notes: each idempotent under its Idempotency-Key and written once
 *    to the audit log, with its emails in the order's history;
 *  - bad input (forged ids, a quote of another order, negative or excessive amounts, bad queries): a clear 4xx
 *    and no change.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import { routesOf, MANY_ORDERS, startTestApi } from '../../../testing/api.ts';
import { collectOpenRefunds, registry } from '../../../metrics.ts';
import { isoDay } from '../../../testing/booking.ts';
import { countAccounts } from '../../../modules/accounts/testing/accounts.ts';
import {
  book,
  consoleCallers,
  deliverWebhook,
  offerIn,
  pay,
  startedRefundOf,
  type Booked,
} from '../../../testing/after-sale.ts';
import { countEmails } from '../../../modules/mail/testing/outbox.ts';
import { auditEntriesOf } from '../../../modules/ops/testing/ops.ts';
import { refundsOf } from '../../../modules/payments/testing/payments.ts';
import { orderOf } from '../../../modules/orders/testing/fixtures.ts';

type Who = 'anonymous' | 'traveller' | 'operator' | 'admin';

let app: FastifyInstance;
let db: Database;
let close: () => Promise<void>;
const start = Date.UTC(2026, 10, 23, 6, 0);
const now = () => new Date(start);
const headers = {} as Record<Who, Record<string, string>>;
let keys = 0;

/** Who may call each console route; every route under /v1/ops must be here. */
const ALLOWED: Record<string, readonly Who[]> = {
  'GET /v1/ops/me': ['operator', 'admin'],
  'GET /v1/ops/orders': ['operator', 'admin'],
  'GET /v1/ops/orders/:id': ['operator', 'admin'],
  'POST /v1/ops/orders/:id/notes': ['operator', 'admin'],
  'POST /v1/ops/orders/:id/cancellations': ['operator', 'admin'],
  'POST /v1/ops/orders/:id/cancel': ['operator', 'admin'],
  'POST /v1/ops/orders/:id/cancel_with_override': ['admin'],
  'POST /v1/ops/orders/:id/resend_confirmation': ['operator', 'admin'],
  'POST /v1/ops/orders/:id/correct_contact': ['operator', 'admin'],
  'POST /v1/ops/orders/:id/refunds/:refund_id/retry': ['operator', 'admin'],
  // A paid order the supplier would not ticket (ops/ticketing.ts): retried, or cancelled and refunded.
  'POST /v1/ops/orders/:id/ticketing/retry': ['operator', 'admin'],
  'POST /v1/ops/orders/:id/ticketing/refund': ['operator', 'admin'],
  'POST /v1/ops/orders/:id/ticketing/create-again': ['operator', 'admin'],
  'GET /v1/ops/staff': ['admin'],
  'POST /v1/ops/staff': ['admin'],
  'DELETE /v1/ops/staff/:userId': ['admin'],
  'GET /v1/ops/audit': ['admin'],
  // Pricing rules (modules/pricing/routes.ts; their own tests: modules/pricing/routes.test.ts).
  'GET /v1/ops/price-rules': ['admin'],
  'POST /v1/ops/price-rules': ['admin'],
  'POST /v1/ops/price-rules/preview': ['admin'],
  'PUT /v1/ops/price-rules/:id': ['admin'],
  'POST /v1/ops/price-rules/:id/retire': ['admin'],
  // Promo codes (modules/promo-codes/routes.ts; their own tests: modules/promo-codes/routes.test.ts).
  'GET /v1/ops/promo-codes': ['admin'],
  'POST /v1/ops/promo-codes': ['admin'],
  'PUT /v1/ops/promo-codes/:id': ['admin'],
  'POST /v1/ops/promo-codes/:id/retire': ['admin'],
  // The books' sales report (modules/books/routes.ts; its own tests: modules/books/books.test.ts).
  'GET /v1/ops/reports/sales': ['admin'],
  'GET /v1/ops/reports/sales.csv': ['admin'],
  // The overview (docs/after-sale.md §8, ops/overview.ts).
  'GET /v1/ops/overview': ['operator', 'admin'],
  'GET /v1/ops/outbox': ['operator', 'admin'],
  'POST /v1/ops/outbox/:id/retry': ['operator', 'admin'],
  'GET /v1/ops/orders.csv': ['operator', 'admin'],
  // Tours and inboxes (docs/after-sale.md §7, modules/tours/routes.ts and agency-applications.ts; their own
  // tests: modules/tours/ops-routes.test.ts).
  'GET /v1/ops/tours': ['operator', 'admin'],
  'POST /v1/ops/tours': ['operator', 'admin'],
  'GET /v1/ops/tours/:id': ['operator', 'admin'],
  'PUT /v1/ops/tours/:id': ['operator', 'admin'],
  'POST /v1/ops/tours/:id/publish': ['operator', 'admin'],
  'POST /v1/ops/tours/:id/unpublish': ['operator', 'admin'],
  'POST /v1/ops/tours/:id/image': ['operator', 'admin'],
  'GET /v1/ops/tour_requests': ['operator', 'admin'],
  'POST /v1/ops/tour_requests/:id': ['operator', 'admin'],
  'GET /v1/ops/agency_applications': ['operator', 'admin'],
  'POST /v1/ops/agency_applications/:id': ['operator', 'admin'],
  // The second factor (docs/decisions/0023-console-second-factor.md, second-factor/routes.ts; its own tests: second-factor.test.ts).
  'GET /v1/ops/second-factor': ['operator', 'admin'],
  'POST /v1/ops/second-factor/passkeys/options': ['operator', 'admin'],
  'POST /v1/ops/second-factor/passkeys': ['operator', 'admin'],
  'POST /v1/ops/second-factor/totp/setup': ['operator', 'admin'],
  'POST /v1/ops/second-factor/totp': ['operator', 'admin'],
  'POST /v1/ops/second-factor/verify/options': ['operator', 'admin'],
  'POST /v1/ops/second-factor/verify': ['operator', 'admin'],
  'DELETE /v1/ops/second-factor/factors/:id': ['operator', 'admin'],
  'POST /v1/ops/second-factor/recovery-codes': ['operator', 'admin'],
};
/** Well-formed ids of nothing: the matrix changes nothing even where it is let through. */
const PARAMS: Record<string, string> = {
  id: 'ord_AAAAAAAAAAAAAAAAAAAAAAAA',
  userId: '00000000-0000-4000-8000-000000000000',
  refund_id: '00000000-0000-4000-8000-000000000000',
};
/** Well-formed bodies, so that an allowed caller gets past validation to the (missing) thing itself. */
const BODIES: Record<string, object> = {
  notes: { text: 'matrix' },
  cancel: { cancellation_id: 'ocn_AAAAAAAAAAAAAAAAAAAAAAAA' },
  cancel_with_override: {
    cancellation_id: 'ocn_AAAAAAAAAAAAAAAAAAAAAAAA',
    refund_amount: '1.00',
    reason: 'matrix test',
  },
  correct_contact: { phone: '+998901234567', reason: 'matrix test' },
  // An invitation refused by validation: let through, yet nobody is made staff.
  staff: { email: 'not-an-email' },
};

const unknownEndpoint = (method: string, url: string) => ({
  error: { code: 'not_found', message: `No such endpoint: ${method} ${url.split('?')[0]}` },
});

function consoleRoutes(): { method: string; url: string }[] {
  const seen = new Map<string, { method: string; url: string }>();
  for (const route of routesOf(app)) {
    if (!route.url.startsWith('/v1/ops')) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const url = route.url.replace(/\/$/, '');
      seen.set(`${method} ${url}`, { method, url });
    }
  }
  return [...seen.values()];
}

const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
  app.inject({
    method,
    url,
    headers: { ...headers[who], ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

/** The audit entries of one action on one order. */
const auditOf = (orderId: string, action: string) => auditEntriesOf(db, { targetId: orderId, action });

async function paidOrder(days: number, fare: 'light' | 'standard' = 'standard'): Promise<Booked> {
  const order = await book(app, await offerIn(app, fare, { date: isoDay(start, days) }));
  await pay(app, db, order, now());
  await app.outbox.runOnce();
  return order;
}

async function quoteOf(orderId: string): Promise<{ id: string; refund_amount: string }> {
  const quote = await call('operator', 'POST', `/v1/ops/orders/${orderId}/cancellations`);
  expect(quote.statusCode, quote.body).toBe(201);
  return quote.json().data;
}

beforeAll(async () => {
  ({ app, db, close } = await startTestApi(MANY_ORDERS, { now }));
  Object.assign(headers, await consoleCallers(app, db, now()));
}, 60_000);

afterAll(() => close?.());

describe('the authorization matrix', () => {
  test('every console route is in the matrix', () => {
    const routes = consoleRoutes().map((r) => `${r.method} ${r.url}`);
    expect(routes.filter((r) => !(r in ALLOWED))).toEqual([]);
    expect(Object.keys(ALLOWED).filter((r) => !routes.includes(r))).toEqual([]);
  });

  test.each(['anonymous', 'traveller', 'operator', 'admin'] as const)(
    '%s: only the routes of their role answer; for the others the console does not exist',
    async (who) => {
      // Regenerating recovery codes needs no body: the admin's (verified) call does it, and says so.
      const audited = async () =>
        (await auditEntriesOf(db)).filter((e) => e.action !== 'second_factor.recovery_codes_generated')
          .length;
      const audit = await audited();
      const users = await countAccounts(db);
      for (const route of consoleRoutes()) {
        const url = route.url.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? 'x');
        const name = route.url.split('/').at(-1)!;
        const bodies: (string | undefined)[] =
          route.method === 'GET' || route.method === 'DELETE'
            ? [undefined]
            : [JSON.stringify(BODIES[name] ?? {}), '{"malformed": '];
        for (const body of bodies) {
          const answer = await app.inject({
            method: route.method as 'GET' | 'POST' | 'DELETE',
            url,
            headers: { ...headers[who], ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { payload: body } : {}),
          });
          const label = `${who} ${route.method} ${url} ${body ?? ''}`;
          if (ALLOWED[`${route.method} ${route.url}`]!.includes(who)) {
            expect(answer.statusCode, label).toBeLessThan(500);
            expect(answer.json(), label).not.toEqual(unknownEndpoint(route.method, url));
          } else {
            expect(answer.statusCode, label).toBe(404);
            expect(answer.json(), label).toEqual(unknownEndpoint(route.method, url));
          }
        }
      }
      expect(await audited()).toBe(audit);
      expect(await countAccounts(db)).toBe(users);
    },
  );
});

describe('cancelling with an admin override', () => {
  test('refused to operators; more than was paid, negative or malformed amounts refused; then refunded as set, with its reason', async () => {
    const order = await paidOrder(40, 'light');
    const quote = await quoteOf(order.id);
    const url = `/v1/ops/orders/${order.id}/cancel_with_override`;
    const body = (refund_amount: string, reason = 'Flight schedule changed by the airline') => ({
      cancellation_id: quote.id,
      refund_amount,
      reason,
    });
    expect((await call('operator', 'POST', url, body(order.total_amount))).json()).toEqual(
      unknownEndpoint('POST', url),
    );
    for (const bad of [
      body('-5.00'),
      body('abc'),
      body('1.234'),
      body('10.00', 'no'),
      { cancellation_id: quote.id },
    ])
      expect((await call('admin', 'POST', url, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    const tooMuch = await call('admin', 'POST', url, body(String(Number(order.total_amount) + 1)));
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.details).toEqual({ reason: 'refund_exceeds_payment' });
    const untouched = await orderOf(db, order.id);
    expect(untouched!.bookingStatus).toBe('booked');
    expect(await refundsOf(db, order.id)).toHaveLength(0);

    // A light fare gives back the taxes only; the admin refunds all of it.
    expect(Number(quote.refund_amount)).toBeLessThan(Number(order.total_amount));
    const key = `override-${++keys}`;
    const done = await call('admin', 'POST', url, body(order.total_amount), key);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ refund_amount: order.total_amount, kept_amount: '0.00' });
    const again = await call('admin', 'POST', url, body(order.total_amount), key);
    expect(again.json()).toEqual(done.json());
    const refund = await startedRefundOf(db, order.id);
    expect(refund.amountMinor).toBe(Math.round(Number(order.total_amount) * 100));
    const entries = await auditOf(order.id, 'order.cancelled_with_override');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: 'boss@agency.test',
      details: {
        reason: 'Flight schedule changed by the airline',
        quoted_amount: quote.refund_amount,
        refund_amount: order.total_amount,
      },
    });
    // The provider's refund webhook settles it; the history shows the refund, its webhook and the email.
    await deliverWebhook(app, now(), {
      type: 'refund.succeeded',
      providerRef: refund.providerRef!,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      refundId: refund.id,
      id: `evt_override_${refund.id}`,
    });
    const detail = (await call('operator', 'GET', `/v1/ops/orders/${order.id}`)).json().data;
    expect(detail.order.refund_status).toBe('refunded');
    const kinds = detail.timeline.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['order.cancelled_with_override', 'refund.succeeded', 'webhook.received']),
    );
    const emails = detail.timeline.filter((e: { kind: string }) => e.kind === 'email.queued');
    expect(emails.map((e: { details: { email: string } }) => e.details.email)).toEqual(
      expect.arrayContaining(['order-confirmation', 'order-cancelled', 'refund-completed']),
    );
  });

  test('an unpaid order has nothing to refund; a quote of another order cancels nothing', async () => {
    const unpaid = await book(app, await offerIn(app, 'standard', { date: isoDay(start, 41) }));
    const other = await book(app, await offerIn(app, 'standard', { date: isoDay(start, 42) }));
    const quote = await quoteOf(unpaid.id);
    const refused = await call('admin', 'POST', `/v1/ops/orders/${unpaid.id}/cancel_with_override`, {
      cancellation_id: quote.id,
      refund_amount: '1.00',
      reason: 'goodwill gesture',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual({ reason: 'nothing_paid' });
    const crossed = await call('operator', 'POST', `/v1/ops/orders/${other.id}/cancel`, {
      cancellation_id: quote.id,
    });
    expect(crossed.statusCode).toBe(404);
    const rows = [await orderOf(db, unpaid.id), await orderOf(db, other.id)];
    expect(rows.map((r) => r?.bookingStatus)).toEqual(['new', 'new']);
  });
});

describe('resending the confirmation, correcting the contact, notes', () => {
  test('the confirmation goes again once per key, and only for a booked and paid order', async () => {
    const unpaid = await book(app, await offerIn(app, 'standard', { date: isoDay(start, 43) }));
    const refused = await call('operator', 'POST', `/v1/ops/orders/${unpaid.id}/resend_confirmation`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual({ reason: 'not_ticketed' });

    const order = await paidOrder(44);
    const confirmations = () => countEmails(db, { orderId: order.id, kind: 'order-confirmation' });
    expect(await confirmations()).toBe(1);
    const key = `resend-${++keys}`;
    for (let i = 0; i < 2; i++) {
      const sent = await call(
        'operator',
        'POST',
        `/v1/ops/orders/${order.id}/resend_confirmation`,
        { lang: 'tr' },
        key,
      );
      expect(sent.statusCode).toBe(200);
    }
    expect(await confirmations()).toBe(2);
    const [entry, ...more] = await auditOf(order.id, 'order.confirmation_resent');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorEmail: 'desk@agency.test',
      details: { lang: 'tr', to: order.contact.email },
    });
  });

  test('the contact is corrected with a reason; old and new addresses are told; nothing changes on bad input', async () => {
    const order = await paidOrder(45);
    const url = `/v1/ops/orders/${order.id}/correct_contact`;
    for (const bad of [
      { reason: 'nothing given' },
      { phone: '12345', reason: 'bad phone' },
      { email: 'not-an-email', reason: 'bad email' },
      { phone: '+998901234567' },
      { phone: '+998901234567', reason: 'x', extra: true },
    ])
      expect((await call('operator', 'POST', url, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    const forged = await call(
      'operator',
      'POST',
      '/v1/ops/orders/ord_forgedforgedforgedforged/correct_contact',
      {
        phone: '+998901234567',
        reason: 'forged order',
      },
    );
    expect(forged.statusCode).toBe(404);

    const key = `contact-${++keys}`;
    const body = { email: 'New.Address@Example.com', phone: '+90 532 123 45 67', reason: 'Traveller called' };
    const done = await call('operator', 'POST', url, body, key);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.contact).toMatchObject({
      email: 'new.address@example.com',
      phone: '+905321234567',
    });
    expect((await call('operator', 'POST', url, body, key)).json()).toEqual(done.json());
    const detail = (await call('operator', 'GET', `/v1/ops/orders/${order.id}`)).json().data;
    const corrected = detail.timeline.filter((e: { kind: string }) => e.kind === 'order.contact_corrected');
    expect(corrected).toHaveLength(1);
    expect(corrected[0]).toMatchObject({
      by: 'desk@agency.test',
      details: {
        reason: 'Traveller called',
        email_from: order.contact.email,
        email_to: 'new.address@example.com',
        phone_to: '+905321234567',
      },
    });
    const told = detail.timeline
      .filter((e: { kind: string }) => e.kind === 'email.queued')
      .map((e: { details: { email: string; to: string } }) => `${e.details.email} ${e.details.to}`);
    expect(told).toEqual(
      expect.arrayContaining([
        `contact-email-changed ${order.contact.email}`,
        'contact-email-changed new.address@example.com',
        'contact-phone-changed new.address@example.com',
      ]),
    );
  });

  test('a note retried with its key is one note', async () => {
    const order = await book(app, await offerIn(app, 'standard', { date: isoDay(start, 46) }));
    const key = `note-key-${++keys}`;
    for (let i = 0; i < 3; i++)
      expect(
        (
          await call(
            'operator',
            'POST',
            `/v1/ops/orders/${order.id}/notes`,
            { text: 'Asked for a window seat' },
            key,
          )
        ).statusCode,
      ).toBe(201);
    expect(await auditEntriesOf(db, { targetId: order.id, action: 'order.note' })).toHaveLength(1);
    // The same key with another text is refused, not a second note.
    const reused = await call('operator', 'POST', `/v1/ops/orders/${order.id}/notes`, { text: 'Other' }, key);
    expect(reused.statusCode).toBe(422);
    expect(
      (await call('operator', 'POST', `/v1/ops/orders/${order.id}/notes`, {}, `note-key-${++keys}`))
        .statusCode,
    ).toBe(400);
  });

  // That the database refuses to TRUNCATE the audit log is checked beside its table, in
  // modules/ops/audit-log.test.ts (docs/architecture.md, "Modules own their tables").
  test('bad queries are a 400', async () => {
    for (const bad of ['page=0', 'from=2026-13-01', 'to=tomorrow', 'status=gone', `q=${'x'.repeat(101)}`])
      expect((await call('operator', 'GET', `/v1/ops/orders?${bad}`)).statusCode, bad).toBe(400);
  });
});

describe('a refund the provider refused (docs/after-sale.md)', () => {
  test('failed on the order and on /metrics; an operator asks again (audit); the provider then pays it back', async () => {
    const order = await paidOrder(48);
    const quote = await quoteOf(order.id);
    const cancelled = await call('operator', 'POST', `/v1/ops/orders/${order.id}/cancel`, {
      cancellation_id: quote.id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refundRow = async () => (await refundsOf(db, order.id))[0]!;
    const asked = await startedRefundOf(db, order.id);
    expect(asked).toMatchObject({ status: 'pending', retries: 0 });
    const retryUrl = `/v1/ops/orders/${order.id}/refunds/${asked.id}/retry`;
    // Not refused yet: nothing to ask again.
    const early = await call('operator', 'POST', retryUrl, {});
    expect(early.statusCode).toBe(422);
    expect(early.json().error.details).toEqual({ reason: 'refund_not_failed' });

    const refusal = {
      type: 'refund.failed' as const,
      providerRef: asked.providerRef!,
      amountMinor: asked.amountMinor,
      currency: asked.currency,
      refundId: asked.id,
      failureReason: 'expired_or_canceled_card',
    };
    for (let i = 0; i < 3; i++)
      expect((await deliverWebhook(app, now(), { ...refusal, id: 'evt_refund_failed_1' })).effect).toBe(
        i === 0 ? 'refund_failed' : 'duplicate',
      );
    expect(await refundRow()).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card' });
    // Still owed: the traveller sees it pending.
    const stillOwed = await orderOf(db, order.id);
    expect(stillOwed!.refundStatus).toBe('pending');
    await collectOpenRefunds(db);
    expect(await registry.getSingleMetricAsString('parvoz_refunds_open')).toMatch(
      /parvoz_refunds_open\{status="failed",measure="count"\} [1-9]/,
    );

    // Forged: a refund of another order, a malformed id.
    const other = await paidOrder(49);
    expect(
      (await call('operator', 'POST', `/v1/ops/orders/${other.id}/refunds/${asked.id}/retry`, {})).statusCode,
    ).toBe(404);
    expect(
      (await call('operator', 'POST', `/v1/ops/orders/${order.id}/refunds/nope/retry`, {})).statusCode,
    ).toBe(400);
    expect((await call('traveller', 'POST', retryUrl, {})).json()).toEqual(unknownEndpoint('POST', retryUrl));
    expect(await refundRow()).toMatchObject({ status: 'failed', retries: 0 });

    const key = `refund-retry-${++keys}`;
    const retried = await call('operator', 'POST', retryUrl, {}, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await call('operator', 'POST', retryUrl, {}, key)).json()).toEqual(retried.json());
    // Asked afresh: the retry cleared the provider's reference, and the new request set it again.
    const again = await startedRefundOf(db, order.id);
    expect(again).toMatchObject({ status: 'pending', retries: 1 });
    const entries = await auditOf(order.id, 'refund.retried');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: 'desk@agency.test',
      details: { refund_id: asked.id, failure_reason: 'expired_or_canceled_card', attempt: 1 },
    });
    // The provider's success now: refunded, and a late refusal of the old request changes nothing.
    expect(
      (
        await deliverWebhook(app, now(), {
          type: 'refund.succeeded',
          providerRef: again.providerRef!,
          amountMinor: again.amountMinor,
          currency: again.currency,
          refundId: again.id,
        })
      ).effect,
    ).toBe('refunded');
    expect((await deliverWebhook(app, now(), { ...refusal, id: 'evt_refund_failed_2' })).effect).toBe(
      'ignored',
    );
    const done = await orderOf(db, order.id);
    expect(done!.refundStatus).toBe('refunded');
    expect(await refundRow()).toMatchObject({ status: 'succeeded', failureReason: null });
  });
});
