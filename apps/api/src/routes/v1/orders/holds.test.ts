/**
 * The caps on unpaid holds (docs/operations.md#unpaid-holds-and-order-links) through HTTP (inject, PGlite,
 * the default caps: 9 seats, 2 unpaid orders): per contact email, per client IP and per signed-in user; above
 * them 422 hold_limit_reached with the order to pay or cancel, and nothing recorded. Paying, cancelling or
 * the end of the payment window frees the room again.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Offer } from '@parvoz/core/search-types';
import { holdLimitDetailsSchema } from '@parvoz/contracts/booking';
import { useTestApi, memoryMailTransport } from '../../../testing/api.ts';
import type { OutgoingEmail } from '../../../adapters/mail/transport.ts';
import { ANON, bookingBody, isoDay, searchOffer } from '../../../testing/booking.ts';
import { signInByEmail } from '../../../testing/after-sale.ts';
import { countOrders, orderOf } from '../../../modules/orders/testing/fixtures.ts';

const start = Date.UTC(2026, 10, 23, 6, 0);
let clock = start;
const inbox: OutgoingEmail[] = [];
const memoryTransport = memoryMailTransport(inbox);
let one: Offer; // 1 adult
let five: Offer; // 5 adults
let keys = 0;

// The default caps (9 seats, 2 unpaid orders); the per-IP rate limits are not under test here.
const api = useTestApi(
  { rateLimitScale: 1000 },
  { now: () => new Date(clock), mailTransport: memoryTransport },
);

beforeAll(async () => {
  one = await searchOffer(api.app, { date: isoDay(start, 30) });
  five = await searchOffer(api.app, { date: isoDay(start, 31), adults: 5 });
}, 60_000);

async function book(offer: Offer, options: { email: string; ip: string; headers?: Record<string, string> }) {
  // A second between bookings, so that "the newest unpaid order" is well defined.
  clock += 1000;
  const response = await api.app.inject({
    method: 'POST',
    url: '/v1/orders',
    remoteAddress: options.ip,
    headers: { ...(options.headers ?? ANON), 'idempotency-key': `hold-key-${++keys}` },
    payload: bookingBody(offer, {
      contact: { full_name: 'Anna Karimova', email: options.email, phone: '+998 90 123 45 67' },
    }),
  });
  return { status: response.statusCode, body: response.json() };
}

const orderCount = () => countOrders(api.db);

const signIn = (email: string) => signInByEmail(api.app, inbox, email);

describe('per contact email', () => {
  test('a third unpaid order under one email is refused, whatever the IP; nothing is recorded', async () => {
    const email = 'hoarder@example.com';
    const first = await book(one, { email, ip: '198.51.100.1' });
    const second = await book(one, { email: 'HOARDER@example.com', ip: '198.51.100.2' });
    expect([first.status, second.status]).toEqual([201, 201]);
    const before = await orderCount();
    const third = await book(one, { email, ip: '198.51.100.3' });
    expect(third.status).toBe(422);
    expect(third.body.error.code).toBe('hold_limit_reached');
    const details = holdLimitDetailsSchema.parse(third.body.error.details);
    expect(details).toEqual({
      reason: 'hold_limit',
      limit: 'orders',
      scope: 'email',
      max_seats: 9,
      max_unpaid_orders: 2,
      // The newest unpaid order is the one to pay or cancel; an anonymous caller is not its owner.
      order_id: second.body.data.id,
      owned: false,
    });
    // Only the id: no token, no booking reference.
    expect(JSON.stringify(third.body)).not.toContain(second.body.data.access_token);
    expect(JSON.stringify(third.body)).not.toContain(second.body.data.booking_reference);
    expect(await orderCount()).toBe(before);
  });

  test('the seats of all unpaid orders count: 5 + 5 > 9', async () => {
    const email = 'seats@example.com';
    const first = await book(five, { email, ip: '198.51.100.11' });
    expect(first.status).toBe(201);
    const second = await book(five, { email, ip: '198.51.100.12' });
    expect(second.status).toBe(422);
    expect(second.body.error.details).toMatchObject({
      limit: 'seats',
      scope: 'email',
      order_id: first.body.data.id,
    });
    // Four more seats still fit.
    const four = await searchOffer(api.app, { date: isoDay(start, 31), adults: 4 });
    expect((await book(four, { email, ip: '198.51.100.13' })).status).toBe(201);
  });
});

describe('per mailbox', () => {
  test('plus-aliases and case variants of one address are one client; the contact email is kept as typed', async () => {
    const first = await book(one, { email: 'Alias.Box@example.com', ip: '198.51.100.21' });
    const second = await book(one, { email: 'alias.box+trip2@example.com', ip: '198.51.100.22' });
    expect([first.status, second.status]).toEqual([201, 201]);
    const third = await book(one, { email: 'ALIAS.BOX+trip3@Example.com', ip: '198.51.100.23' });
    expect(third.status).toBe(422);
    expect(third.body.error.details).toMatchObject({
      limit: 'orders',
      scope: 'email',
      order_id: second.body.data.id,
    });
    const kept = await orderOf(api.db, second.body.data.id);
    expect(kept?.contactEmail).toBe('alias.box+trip2@example.com');
    // Another mailbox of the domain is another client.
    expect((await book(one, { email: 'alias.boxes+trip3@example.com', ip: '198.51.100.24' })).status).toBe(
      201,
    );
  });
});

// docs/operations.md, "Client IP trust model": an IPv4 client is its address, an IPv6 client its /64.
describe('per client network', () => {
  test.each([
    {
      client: 'one IPv4 address',
      same: ['203.0.113.50', '203.0.113.50', '203.0.113.50'],
      other: '203.0.113.51',
    },
    {
      client: 'the addresses of one IPv6 /64',
      same: ['2001:db8:77:1::1', '2001:db8:77:1::2', '2001:0db8:0077:0001:ffff:0:0:3'],
      other: '2001:db8:77:2::1',
    },
    {
      client: 'an IPv4 address and its IPv4-mapped IPv6 form',
      same: ['203.0.113.80', '::ffff:203.0.113.80', '203.0.113.80'],
      other: '203.0.113.81',
    },
  ])(
    'a third unpaid order from $client is refused, whatever the email; another client is not',
    async ({ client, same, other }) => {
      const email = (n: number) => `${client.replaceAll(/\W+/g, '-')}-${n}@example.com`;
      expect((await book(one, { email: email(1), ip: same[0]! })).status).toBe(201);
      const second = await book(one, { email: email(2), ip: same[1]! });
      expect(second.status).toBe(201);
      const third = await book(one, { email: email(3), ip: same[2]! });
      expect(third.status).toBe(422);
      expect(third.body.error.details).toMatchObject({
        limit: 'orders',
        scope: 'ip',
        order_id: second.body.data.id,
      });
      expect((await book(one, { email: email(3), ip: other })).status).toBe(201);
    },
  );

  test('rotating addresses of one /64 holds no more seats than one address: 5 + 5 > 9', async () => {
    expect((await book(five, { email: 'v6-s1@example.com', ip: '2001:db8:78:1::1' })).status).toBe(201);
    const second = await book(five, { email: 'v6-s2@example.com', ip: '2001:db8:78:1::2' });
    expect(second.status).toBe(422);
    expect(second.body.error.details).toMatchObject({ limit: 'seats', scope: 'ip' });
  });

  test('the IP is the one client-ip.ts trusts: a header from a non-loopback peer changes nothing', async () => {
    const ip = '203.0.113.60';
    for (const email of ['h-a@example.com', 'h-b@example.com'])
      expect((await book(one, { email, ip })).status).toBe(201);
    const disguised = await api.app.inject({
      method: 'POST',
      url: '/v1/orders',
      remoteAddress: ip,
      headers: { ...ANON, 'idempotency-key': `hold-key-${++keys}`, 'x-parvoz-client-ip': '192.0.2.200' },
      payload: bookingBody(one, {
        contact: { full_name: 'Anna Karimova', email: 'h-c@example.com', phone: '+998 90 123 45 67' },
      }),
    });
    expect(disguised.statusCode).toBe(422);
  });
});

describe('per signed-in user', () => {
  test("a user's third unpaid order is refused, with other emails and IPs; the answer names the user's own order", async () => {
    const user = await signIn('holder@example.com');
    const first = await book(one, { email: 'u1@example.com', ip: '192.0.2.71', headers: user });
    const second = await book(one, { email: 'u2@example.com', ip: '192.0.2.72', headers: user });
    expect([first.status, second.status]).toEqual([201, 201]);
    const third = await book(one, { email: 'u3@example.com', ip: '192.0.2.73', headers: user });
    expect(third.status).toBe(422);
    expect(third.body.error.details).toMatchObject({
      limit: 'orders',
      scope: 'user',
      order_id: second.body.data.id,
      owned: true,
    });
  });
});

describe('room again', () => {
  test('after the cancellation of an unpaid order, or the end of its payment window', async () => {
    const email = 'again@example.com';
    const ip = '192.0.2.90';
    const first = (await book(one, { email, ip })).body.data;
    expect((await book(one, { email, ip })).status).toBe(201);
    expect((await book(one, { email, ip })).status).toBe(422);

    // Cancelling one (with its access link) makes room at once.
    const token = `?access_token=${first.access_token}`;
    const quote = await api.app.inject({
      method: 'POST',
      url: `/v1/order_cancellations${token}`,
      headers: ANON,
      payload: { order_id: first.id },
    });
    expect(quote.statusCode).toBe(201);
    const confirmed = await api.app.inject({
      method: 'POST',
      url: `/v1/order_cancellations/${quote.json().data.id}/actions/confirm${token}`,
      headers: ANON,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await book(one, { email, ip })).status).toBe(201);
    expect((await book(one, { email, ip })).status).toBe(422);

    // An order past its payment window holds nothing any more, even before the expiry worker ran.
    clock += 21 * 60_000;
    one = await searchOffer(api.app, { date: isoDay(start, 30) });
    expect((await book(one, { email, ip })).status).toBe(201);
    const row = await orderOf(api.db, first.id);
    expect(row!.bookingStatus).toBe('cancelled');
  });

  test('ten bookings of one client at once: exactly two unpaid orders', async () => {
    const email = 'burst@example.com';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => book(one, { email, ip: `192.0.2.${100 + i}` })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 422)).toHaveLength(8);
    expect(await countOrders(api.db, { contactEmail: email, bookingStatus: 'new' })).toBe(2);
  });
});
