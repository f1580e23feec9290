/**
 * The console's overview (docs/after-sale.md §8) through HTTP (inject, PGlite): the figures per day, the
 * conversion and the top routes computed from searches, orders and payments made here; a failed email retried
 * (the outbox row changes, the audit log says who); the orders of a period as CSV with its escaping; bad
 * periods refused; who may call each route (anyone without a role gets the 404 of an unknown endpoint).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import type { OpsOutbox, OpsOverview } from '@parvoz/contracts/ops';
import type { MailTransport, OutgoingEmail } from '../../../adapters/mail/transport.ts';
import { MANY_ORDERS, startTestApi } from '../../../testing/api.ts';
import { isoDay, searchOffer } from '../../../testing/booking.ts';
import { book, consoleCallers, pay, type Booked } from '../../../testing/after-sale.ts';
import { OUTBOX_MAX_ATTEMPTS } from '../../../modules/mail/index.ts';
import { csvCell } from '../../../modules/ops/index.ts';
import { majorOf } from '../../../modules/orders/index.ts';
import { storedSearches } from '../../../modules/search/testing/search-counts.ts';
import { queuedEmails, setQueuedEmails } from '../../../modules/mail/testing/outbox.ts';
import { auditEntriesOf } from '../../../modules/ops/testing/ops.ts';
import { paymentsOf } from '../../../modules/payments/testing/payments.ts';
import { deleteRefund, insertRefund } from '../../../modules/payments/testing/fixtures.ts';
import { orderOf, setOrderColumns } from '../../../modules/orders/testing/fixtures.ts';

type Who = 'anonymous' | 'traveller' | 'operator' | 'admin';
const DAY = 86_400_000;
/** Long before the overview's 30 days. */
const T0 = Date.UTC(2026, 8, 1, 10, 0);
/** 40 days later, then two days after that: both inside the overview's period seen from NOW. */
const T1 = T0 + 40 * DAY;
const T2 = T1 + 2 * DAY;
const NOW = T2 + 3_600_000;
let clock = T0;
const now = () => new Date(clock);
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

let app: FastifyInstance;
let db: Database;
let close: () => Promise<void>;
const headers = {} as Record<Who, Record<string, string>>;
const delivered: OutgoingEmail[] = [];
/** Mail to these addresses is refused by the "mail server" while `bouncing` is on. */
let bouncing = true;
const transport: MailTransport = {
  kind: 'log',
  send: async (email) => {
    if (bouncing && email.to.startsWith('bounce')) throw new Error('550 5.1.1 mailbox unavailable');
    delivered.push(email);
  },
  close: () => undefined,
};
const orders: Record<'old' | 'paidA' | 'unpaidA' | 'paidB', Booked> = {} as never;

const call = (who: Who, method: 'GET' | 'POST', url: string, key?: string) =>
  app.inject({
    method,
    url,
    headers: { ...headers[who], ...(key ? { 'idempotency-key': key } : {}) },
    ...(method === 'POST' ? { payload: {} } : {}),
  });

beforeAll(async () => {
  ({ app, db, close } = await startTestApi(MANY_ORDERS, { now, mailTransport: transport }));
  const departure = isoDay(T0, 90);
  // T0: one search, one order: outside the period.
  orders.old = await book(app, await searchOffer(app, { date: departure }));
  // T1: three searches, two orders TAS→IST, one of them paid.
  clock = T1;
  const tasIst = await searchOffer(app, { date: departure });
  await searchOffer(app, { date: departure });
  await searchOffer(app, { date: departure, origin: 'IST', destination: 'TAS' });
  orders.paidA = await book(app, tasIst);
  await pay(app, db, orders.paidA, now());
  clock = T1 + 60_000; // a minute later: the CSV lists by creation time
  orders.unpaidA = await book(app, tasIst, undefined, {
    contact: { full_name: 'Eve Formula', email: 'eve@example.com', phone: '+998901234567' },
  });
  // T2: one search, one paid order IST→TAS whose contact's mail server refuses everything.
  clock = T2;
  orders.paidB = await book(
    app,
    await searchOffer(app, { date: departure, origin: 'IST', destination: 'TAS' }),
    undefined,
    {
      contact: { full_name: 'Bo Unce', email: 'bounce.me@example.com', phone: '+998901234567' },
    },
  );
  await pay(app, db, orders.paidB, now());
  clock = NOW;
  // A spreadsheet formula in the CSV's way (as if typed by someone clever: the booking form refuses it).
  await setOrderColumns(db, orders.unpaidA.id, { contactEmail: '=hyperlink("http://evil.test","x"),@b' });
  Object.assign(headers, await consoleCallers(app, db, now(), new Date(NOW + 30 * DAY)));
}, 120_000);

afterAll(() => close?.());

const unknownEndpoint = (method: string, url: string) => ({
  error: { code: 'not_found', message: `No such endpoint: ${method} ${url.split('?')[0]}` },
});
const minorOf = async (order: Booked) => (await orderOf(db, order.id))!;

describe('who may see the overview', () => {
  const routes = [
    ['GET', '/v1/ops/overview'],
    ['GET', '/v1/ops/outbox'],
    ['POST', '/v1/ops/outbox/1/retry'],
    ['GET', `/v1/ops/orders.csv?from=${day(T1)}&to=${day(T2)}`],
  ] as const;

  test.each(['anonymous', 'traveller'] as const)(
    '%s: the 404 of an unknown endpoint, nothing done',
    async (who) => {
      for (const [method, url] of routes) {
        const answer = await call(who, method, url);
        expect(answer.statusCode, `${who} ${method} ${url}`).toBe(404);
        expect(answer.json()).toEqual(unknownEndpoint(method, url));
        // Not even a 400 for nonsense.
        expect((await call(who, method, url.replace(/\?.*$/, '?from=nonsense'))).statusCode).toBe(404);
      }
    },
  );

  test.each(['operator', 'admin'] as const)('%s: every overview route answers', async (who) => {
    for (const [method, url] of routes) {
      const answer = await call(who, method, url);
      const label = `${who} ${method} ${url}`;
      // Email 1 is not a failed one: the retry is refused, which shows the route is there.
      if (method === 'POST') expect(answer.statusCode, label).toBe(422);
      else expect(answer.statusCode, label).toBe(200);
    }
  });
});

describe('the figures', () => {
  test('per day for 30 days, the conversion and the top routes, from the searches, orders and payments made', async () => {
    const answer = await call('operator', 'GET', '/v1/ops/overview');
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data as OpsOverview;
    expect(data.to).toBe(day(NOW));
    expect(data.from).toBe(day(NOW - 29 * DAY));
    expect(data.days).toHaveLength(30);
    expect(data.days.map((d) => d.day)).toEqual(
      Array.from({ length: 30 }, (_, i) => day(NOW - (29 - i) * DAY)),
    );

    const a = await minorOf(orders.paidA);
    const b = await minorOf(orders.paidB);
    const onT1 = data.days.find((d) => d.day === day(T1))!;
    const onT2 = data.days.find((d) => d.day === day(T2))!;
    expect(onT1).toEqual({
      day: day(T1),
      searches: 3,
      orders: 2,
      paid_orders: 1,
      revenue: [{ currency: a.currency, amount: orders.paidA.total_amount }],
      refunds: [],
    });
    expect(onT2).toEqual({
      day: day(T2),
      searches: 1,
      orders: 1,
      paid_orders: 1,
      revenue: [{ currency: b.currency, amount: orders.paidB.total_amount }],
      refunds: [],
    });
    // Every other day is empty (the order and search of T0 are outside the period).
    for (const d of data.days.filter((x) => x !== onT1 && x !== onT2))
      expect(d).toEqual({ day: d.day, searches: 0, orders: 0, paid_orders: 0, revenue: [], refunds: [] });
    expect(data.totals.searches).toBe(4);
    expect(data.totals.orders).toBe(3);
    expect(data.totals.paid_orders).toBe(2);
    expect(a.currency).toBe(b.currency);
    expect(data.totals.revenue).toEqual([
      { currency: a.currency, amount: majorOf(a.totalMinor + b.totalMinor, a.currency) },
    ]);
    expect(data.totals.refunds).toEqual([]);
    expect(data.conversion).toEqual({
      search_to_order: 3 / 4,
      order_to_paid: 2 / 3,
      search_to_paid: 2 / 4,
      orders_paid: 2,
    });
    expect(data.top_routes).toEqual([
      {
        origin: 'TAS',
        destination: 'IST',
        orders: 2,
        paid_orders: 1,
        revenue: [{ currency: a.currency, amount: orders.paidA.total_amount }],
      },
      {
        origin: 'IST',
        destination: 'TAS',
        orders: 1,
        paid_orders: 1,
        revenue: [{ currency: b.currency, amount: orders.paidB.total_amount }],
      },
    ]);
  });

  test('a refund: revenue is net of it on the day it left, the refund beside it; the route’s revenue too', async () => {
    const b = await minorOf(orders.paidB);
    const a = await minorOf(orders.paidA);
    const [payment] = await paymentsOf(db, b.id);
    const back = Math.floor(b.totalMinor / 2);
    // As the refunds' settling leaves it (routes/v1/order-cancellations): succeeded, an hour after T2's sale.
    const refund = await insertRefund(db, {
      orderId: b.id,
      paymentId: payment!.id,
      provider: payment!.provider,
      reason: 'cancellation',
      status: 'succeeded',
      amountMinor: back,
      currency: b.currency,
      succeededAt: new Date(NOW),
    });
    try {
      const data = (await call('operator', 'GET', '/v1/ops/overview')).json().data as OpsOverview;
      const onT2 = data.days.find((d) => d.day === day(T2))!;
      expect(onT2.revenue).toEqual([
        { currency: b.currency, amount: majorOf(b.totalMinor - back, b.currency) },
      ]);
      expect(onT2.refunds).toEqual([{ currency: b.currency, amount: majorOf(back, b.currency), count: 1 }]);
      expect(data.totals.revenue).toEqual([
        { currency: a.currency, amount: majorOf(a.totalMinor + b.totalMinor - back, a.currency) },
      ]);
      expect(data.totals.refunds).toEqual([
        { currency: b.currency, amount: majorOf(back, b.currency), count: 1 },
      ]);
      expect(data.totals.paid_orders).toBe(2);
      expect(data.top_routes.find((r) => r.origin === 'IST')!.revenue).toEqual([
        { currency: b.currency, amount: majorOf(b.totalMinor - back, b.currency) },
      ]);
    } finally {
      await deleteRefund(db, refund.id);
    }
  });

  test('searches are counted in memory and written in one batch, adding to what is stored', async () => {
    const stored = () => storedSearches(db, day(NOW));
    const before = await stored();
    await searchOffer(app, { date: isoDay(T0, 90) });
    await searchOffer(app, { date: isoDay(T0, 90) });
    // Not written on the search's path…
    expect(await stored()).toBe(before);
    // …but when the overview is read (or the timer fires).
    const data = (await call('admin', 'GET', '/v1/ops/overview')).json().data as OpsOverview;
    expect(await stored()).toBe(before + 2);
    expect(data.days.at(-1)!.searches).toBe(before + 2);
  });
});

describe('failed emails', () => {
  test('listed with the recipient redacted, retried by an operator: the row is queued again and the audit log says who', async () => {
    // The booking and payment emails to the bouncing address: the worker gives up after its last attempt.
    await setQueuedEmails(
      db,
      { toAddress: 'bounce.me@example.com' },
      { attempts: OUTBOX_MAX_ATTEMPTS - 1, nextAttemptAt: new Date(NOW) },
    );
    await app.outbox.runOnce();
    const bounced = await queuedEmails(db, { toAddress: 'bounce.me@example.com' });
    expect(bounced.length).toBeGreaterThan(0);
    expect(bounced.every((r) => r.status === 'failed')).toBe(true);

    const listed = (await call('operator', 'GET', '/v1/ops/outbox')).json().data as OpsOutbox;
    expect(listed.backlog.failed).toBe(bounced.length);
    expect(listed.backlog.pending).toBe(0);
    const first = bounced[0]!;
    expect(listed.failed).toContainEqual({
      id: first.id,
      kind: first.kind,
      to: 'b•••@example.com',
      error: '550 5.1.1 mailbox unavailable',
      attempts: OUTBOX_MAX_ATTEMPTS,
      created_at: first.createdAt.toISOString(),
    });
    expect(JSON.stringify(listed)).not.toContain('bounce.me');

    const key = 'retry-email-key-1';
    const retried = await call('operator', 'POST', `/v1/ops/outbox/${first.id}/retry`, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toEqual({ id: first.id, status: 'pending' });
    const [row] = await queuedEmails(db, { id: first.id });
    expect(row).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: new Date(NOW) });
    const audit = await auditEntriesOf(db, { action: 'email.retried' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: 'desk@agency.test',
      targetType: 'email',
      targetId: String(first.id),
      details: { kind: first.kind, attempts: OUTBOX_MAX_ATTEMPTS, error: '550 5.1.1 mailbox unavailable' },
    });
    // The same click again (same key) replays the answer; a new retry of a row no longer failed is refused.
    const replay = await call('operator', 'POST', `/v1/ops/outbox/${first.id}/retry`, key);
    expect(replay.statusCode).toBe(200);
    const again = await call('admin', 'POST', `/v1/ops/outbox/${first.id}/retry`, 'retry-email-key-2');
    expect(again.statusCode).toBe(422);
    expect(await auditEntriesOf(db, { action: 'email.retried' })).toHaveLength(1);
    // Unknown and malformed ids: clear errors, nothing written.
    expect((await call('admin', 'POST', '/v1/ops/outbox/999999/retry')).statusCode).toBe(404);
    expect((await call('admin', 'POST', '/v1/ops/outbox/-1/retry')).statusCode).toBe(400);
    expect((await call('admin', 'POST', '/v1/ops/outbox/abc/retry')).statusCode).toBe(400);

    // The mail server is back: the retried email goes out.
    bouncing = false;
    await app.outbox.runOnce();
    const [sent] = await queuedEmails(db, { id: first.id });
    expect(sent!.status).toBe('sent');
    expect(delivered.some((e) => e.to === 'bounce.me@example.com')).toBe(true);
  });
});

describe('the CSV export', () => {
  test('one row per order of the period, oldest first, escaped and guarded against formulas', async () => {
    const answer = await call('admin', 'GET', `/v1/ops/orders.csv?from=${day(T1)}&to=${day(T2)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="orders-${day(T1)}-${day(T2)}.csv"`,
    );
    const lines = answer.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'reference,created,status,payment_status,amount,currency,route,passengers,contact_email',
    );
    const a = await minorOf(orders.paidA);
    const u = await minorOf(orders.unpaidA);
    const b = await minorOf(orders.paidB);
    expect(lines.slice(1, -1)).toEqual([
      `${a.bookingReference},${a.createdAt.toISOString()},booked,paid,${orders.paidA.total_amount},${a.currency},TAS-IST,1,${orders.paidA.contact.email}`,
      `${u.bookingReference},${u.createdAt.toISOString()},new,not_paid,${orders.unpaidA.total_amount},${u.currency},TAS-IST,1,"'=hyperlink(""http://evil.test"",""x""),@b"`,
      `${b.bookingReference},${b.createdAt.toISOString()},booked,paid,${orders.paidB.total_amount},${b.currency},IST-TAS,1,bounce.me@example.com`,
    ]);
    // A period without orders: the header alone.
    const empty = await call(
      'operator',
      'GET',
      `/v1/ops/orders.csv?from=${day(T0 - 10 * DAY)}&to=${day(T0 - DAY)}`,
    );
    expect(empty.body).toBe(`${lines[0]}\r\n`);
    // The day of T0 alone: the old order.
    const single = await call('operator', 'GET', `/v1/ops/orders.csv?from=${day(T0)}&to=${day(T0)}`);
    expect(single.body.split('\r\n')[1]).toMatch(new RegExp(`^${orders.old.booking_reference},`));
  });

  test('cells: quotes doubled, commas and line breaks quoted, formulas neutralised', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '').startsWith(`'${start}1+1`)).toBe(true);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=a,"b"')).toBe(`"'=a,""b"""`);
  });

  test.each([
    ['no dates', ''],
    ['from only', '?from=2026-10-01'],
    ['not a date', '?from=2026-10-01&to=tomorrow'],
    ['a date that does not exist', '?from=2026-02-30&to=2026-03-01'],
    ['to before from', '?from=2026-10-10&to=2026-10-01'],
    ['more than a year', '?from=2025-01-01&to=2026-10-01'],
  ])('a bad period (%s) is a 400 with the reason', async (_, query) => {
    const answer = await call('operator', 'GET', `/v1/ops/orders.csv${query}`);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error.code).toBe('validation_failed');
  });
});
