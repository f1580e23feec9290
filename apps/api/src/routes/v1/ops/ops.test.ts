/**
 * The console API (docs/after-sale.md §5–§6) through HTTP (inject, PGlite): who may use each route
 * (anonymous, traveller, operator, admin; everyone else gets the 404 of an unknown endpoint, before
 * validation), the order search, an order's timeline with operator actions, cancelling with a refund, staff
 * invitations, the append-only audit log, and the `npm run ops -- add-admin` command.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@parvoz/db';
import { startTestApi } from '../../../testing/api.ts';
import type { MailTransport, OutgoingEmail } from '../../../adapters/mail/transport.ts';
import { ANON, bookingBody, injectOrder, isoDay, searchOffer } from '../../../testing/booking.ts';
import { createSession } from '../../../modules/accounts/index.ts';
import { accountIdOf, storedAccountId } from '../../../modules/accounts/testing/accounts.ts';
import { grantRole } from '../../../modules/ops/index.ts';
import { passSecondFactor } from '../../../second-factor/testing.ts';
import { runOps } from '../../../../../../scripts/ops.ts';

let app: FastifyInstance;
let db: Database;
let close: () => Promise<void>;
const start = Date.UTC(2026, 10, 23, 6, 0);
const clock = start;
const inbox: OutgoingEmail[] = [];
const memoryTransport: MailTransport = {
  kind: 'log',
  send: async (e) => void inbox.push(e),
  close: () => undefined,
};
const who: Record<'anonymous' | 'traveller' | 'operator' | 'admin', Record<string, string>> = {
  anonymous: ANON,
  traveller: {},
  operator: {},
  admin: {},
};
let order: { id: string; booking_reference: string; access_token: string };

async function signedIn(email: string) {
  const { token } = await createSession(db, await accountIdOf(db, email), new Date(clock));
  return { authorization: `Bearer ${token}` };
}

beforeAll(async () => {
  ({ app, db, close } = await startTestApi(
    { rateLimitScale: 1000 },
    { now: () => new Date(clock), mailTransport: memoryTransport },
  ));
  const now = new Date(clock);
  await grantRole(db, {
    email: 'admin@agency.test',
    role: 'admin',
    actor: { userId: null, email: 'command-line' },
    now,
  });
  await grantRole(db, {
    email: 'operator@agency.test',
    role: 'operator',
    actor: { userId: null, email: 'command-line' },
    now,
  });
  who.admin = await signedIn('admin@agency.test');
  await passSecondFactor(app, who.admin, new Date(clock));
  who.operator = await signedIn('operator@agency.test');
  who.traveller = await signedIn('traveller@example.com');
  const offer = await searchOffer(app, { date: isoDay(start, 30) });
  const booked = await injectOrder(
    app,
    bookingBody(offer, {
      contact: { full_name: 'Dilnoza Karimova', email: 'dilnoza@example.com', phone: '+998901234567' },
    }),
    'ops-test-order',
  );
  expect(booked.statusCode, booked.body).toBe(201);
  order = booked.json().data;
}, 60_000);

afterAll(() => close?.());

const call = (role: keyof typeof who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: who[role], ...(payload ? { payload } : {}) });

describe('who may use the console', () => {
  const routes = () =>
    [
      ['GET', '/v1/ops/me', undefined, 'operator'],
      ['GET', '/v1/ops/orders?q=x', undefined, 'operator'],
      ['GET', `/v1/ops/orders/${order.id}`, undefined, 'operator'],
      ['POST', `/v1/ops/orders/${order.id}/notes`, { text: 'x' }, 'operator'],
      ['GET', '/v1/ops/staff', undefined, 'admin'],
      ['POST', '/v1/ops/staff', { email: 'new@agency.test' }, 'admin'],
      ['GET', '/v1/ops/audit', undefined, 'admin'],
    ] as const;

  test('anonymous callers, travellers and operators on admin routes get the 404 of an unknown endpoint', async () => {
    const unknown = await call('anonymous', 'GET', '/v1/ops/nothing-here');
    expect(unknown.statusCode).toBe(404);
    for (const [method, url, payload, least] of routes()) {
      const refused: (keyof typeof who)[] =
        least === 'admin' ? ['anonymous', 'traveller', 'operator'] : ['anonymous', 'traveller'];
      for (const role of refused) {
        const answer = await call(role, method, url, payload);
        expect(answer.statusCode, `${role} ${method} ${url}`).toBe(404);
        expect(answer.json()).toEqual({
          error: {
            code: 'not_found',
            message: `No such endpoint: ${method} ${url.split('?')[0]}`,
          },
        });
      }
      // Even a malformed request says nothing more to them (no 400 that would reveal the route).
      expect(
        (await call('traveller', method, url.replace(order.id, 'forged'), { nonsense: true })).statusCode,
      ).toBe(404);
    }
  });

  test('staff get through by role; an operator cannot add staff', async () => {
    expect((await call('operator', 'GET', '/v1/ops/me')).json().data).toEqual({
      email: 'operator@agency.test',
      role: 'operator',
      second_factor: 'optional',
    });
    expect((await call('admin', 'GET', '/v1/ops/me')).json().data.role).toBe('admin');
    expect(
      (await call('operator', 'POST', '/v1/ops/staff', { email: 'sneaky@agency.test' })).statusCode,
    ).toBe(404);
    expect(await storedAccountId(db, 'sneaky@agency.test')).toBeUndefined();
  });
});

describe('orders', () => {
  test('found by reference, email, phone digits and passenger name; filters and bad input', async () => {
    const found = async (q: string) =>
      (
        (await call('operator', 'GET', `/v1/ops/orders?q=${encodeURIComponent(q)}`)).json().data.orders as {
          id: string;
        }[]
      ).map((o) => o.id);
    expect(await found(order.booking_reference)).toEqual([order.id]);
    expect(await found(order.booking_reference.toLowerCase())).toEqual([order.id]);
    expect(await found('DILNOZA@example')).toEqual([order.id]);
    expect(await found('90 123 45 67')).toEqual([order.id]);
    const passenger = bookingBody(await searchOffer(app, { date: isoDay(start, 30) })).passengers[0]!
      .family_name;
    expect(await found(passenger)).toContain(order.id);
    expect(await found('nobody-like-this')).toEqual([]);
    const page = (await call('operator', 'GET', '/v1/ops/orders?status=new&place=TAS')).json().data;
    expect(page).toMatchObject({ page: 1, page_size: 20 });
    expect(page.orders.map((o: { id: string }) => o.id)).toContain(order.id);
    expect((await call('operator', 'GET', '/v1/ops/orders?status=booked')).json().data.orders).toEqual([]);
    for (const bad of ['status=lost', 'page=0', 'page=-1', 'from=yesterday', 'place=TASHKENT'])
      expect((await call('operator', 'GET', `/v1/ops/orders?${bad}`)).statusCode, bad).toBe(400);
    expect((await call('operator', 'GET', '/v1/ops/orders/ord_forgedforgedforgedforged')).statusCode).toBe(
      404,
    );
  });

  test('a note and a cancellation with its quote appear in the timeline with who and when; the log is append-only', async () => {
    expect(
      (await call('operator', 'POST', `/v1/ops/orders/${order.id}/notes`, { text: 'Called the traveller' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call('operator', 'POST', `/v1/ops/orders/${order.id}/notes`, { text: '  ' })).statusCode,
    ).toBe(400);
    const quote = await call('operator', 'POST', `/v1/ops/orders/${order.id}/cancellations`);
    expect(quote.statusCode, quote.body).toBe(201);
    const cancellationId = quote.json().data.id;
    const cancel = () =>
      call('operator', 'POST', `/v1/ops/orders/${order.id}/cancel`, { cancellation_id: cancellationId });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(200); // idempotent: logged once
    const detail = (await call('operator', 'GET', `/v1/ops/orders/${order.id}`)).json().data;
    expect(detail.order.booking_status).toBe('cancelled');
    const kinds = detail.timeline.map((e: { kind: string }) => e.kind);
    expect(kinds[0]).toBe('order.created');
    expect(kinds).toEqual(expect.arrayContaining(['order.note', 'cancellation.quoted', 'order.cancelled']));
    expect(
      detail.timeline.filter(
        (e: { kind: string; by: string }) => e.kind === 'order.cancelled' && e.by === 'operator@agency.test',
      ),
    ).toHaveLength(1);
    expect(detail.timeline.find((e: { kind: string }) => e.kind === 'order.note')).toMatchObject({
      by: 'operator@agency.test',
      details: { text: 'Called the traveller' },
    });
    // That the database refuses to change or remove an audit entry is checked beside its table, in
    // modules/ops/audit-log.test.ts (docs/architecture.md, "Modules own their tables").
  });
});

describe('staff', () => {
  test('an admin invites an operator (emailed), lists and removes them; all in the audit log', async () => {
    const invited = await call('admin', 'POST', '/v1/ops/staff', {
      email: 'New.Operator@Agency.test',
      lang: 'ru',
    });
    expect(invited.statusCode).toBe(201);
    expect(
      (await call('admin', 'POST', '/v1/ops/staff', { email: 'new.operator@agency.test' })).statusCode,
    ).toBe(200);
    await app.outbox.runOnce();
    const mail = inbox.filter((m) => m.to === 'new.operator@agency.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Вам открыт доступ к консоли Parvoz');
    const staff = (await call('admin', 'GET', '/v1/ops/staff')).json().data;
    expect(staff.map((s: { email: string; role: string }) => `${s.email}:${s.role}`)).toEqual(
      expect.arrayContaining([
        'admin@agency.test:admin',
        'operator@agency.test:operator',
        'new.operator@agency.test:operator',
      ]),
    );
    const id = staff.find((s: { email: string }) => s.email === 'new.operator@agency.test').user_id;
    expect((await call('admin', 'DELETE', `/v1/ops/staff/${id}`)).statusCode).toBe(204);
    expect((await call('admin', 'DELETE', `/v1/ops/staff/${id}`)).statusCode).toBe(404);
    const audit = (await call('admin', 'GET', '/v1/ops/audit')).json().data;
    expect(audit.map((e: { action: string; actor: string }) => `${e.action}:${e.actor}`)).toEqual(
      expect.arrayContaining([
        'staff.granted:admin@agency.test',
        'staff.revoked:admin@agency.test',
        'staff.granted:command-line',
      ]),
    );
    expect((await call('admin', 'POST', '/v1/ops/staff', { email: 'not-an-email' })).statusCode).toBe(400);
  });
});

describe('npm run ops -- add-admin', () => {
  test('makes an admin on the embedded database, once; bad arguments are refused', async () => {
    const env = { PARVOZ_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parvoz-ops-')) };
    expect(await runOps(['add-admin', 'Boss@Agency.test'], env)).toMatch(
      /^boss@agency\.test is now an admin/,
    );
    expect(await runOps(['add-admin', 'boss@agency.test'], env)).toMatch(/already an admin: nothing changed/);
    await expect(runOps(['add-admin'], env)).rejects.toThrow(/usage: npm run ops -- add-admin <email>/);
    await expect(runOps(['add-admin', 'nope'], env)).rejects.toThrow(/not an email address/);
    await expect(runOps(['make-god', 'a@b.test'], env)).rejects.toThrow(/usage/);
    // Five commands, each a Node process migrating an embedded database: over a minute on a loaded machine.
  }, 180_000);
});
