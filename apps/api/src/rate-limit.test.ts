/** Per-route rate limits: per IP for anonymous callers (not per the shared credential), 429 with Retry-After. */
import { expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '@parvoz/db/testing';
import { buildTestApi, TEST_ANONYMOUS_TOKEN, visitorHeaders, useTestApi } from './testing/api.ts';
import { ROUTE_LIMITS } from './rate-limit.ts';

let clock = Date.UTC(2026, 10, 23, 6, 0);
// 300 per minute scaled down to 3.
const SCALE = 3 / ROUTE_LIMITS.search.limit;

const api = useTestApi({ rateLimitScale: SCALE }, { now: () => new Date(clock) });

const search = (ip: string, headers: Record<string, string> = {}) =>
  api.app.inject({
    method: 'POST',
    url: '/v1/flights/search',
    remoteAddress: ip,
    headers: { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}`, ...headers },
    payload: {
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: '2026-12-20' }],
      passengers: { adults: 1 },
    },
  });

test('the fourth search a minute from one IP is refused with 429 and Retry-After; other IPs are not', async () => {
  for (let i = 0; i < 3; i++) expect((await search('203.0.113.7')).statusCode).toBe(200);
  const refused = await search('203.0.113.7');
  expect(refused.statusCode).toBe(429);
  expect(refused.json().error.code).toBe('rate_limited');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  // Same anonymous credential, another visitor: its own budget.
  expect((await search('198.51.100.9')).statusCode).toBe(200);
  // Bad requests count too (they cost a round trip), but a new window starts after the minute.
  clock += 61_000;
  expect((await search('203.0.113.7')).statusCode).toBe(200);
});

test('places and offers have budgets of their own', async () => {
  const places = () =>
    api.app.inject({ method: 'GET', url: '/v1/places?q=tash', remoteAddress: '192.0.2.44' });
  const limit = Math.round(ROUTE_LIMITS.places.limit * SCALE);
  for (let i = 0; i < limit; i++) expect((await places()).statusCode).toBe(200);
  expect((await places()).statusCode).toBe(429);
  const offer = await api.app.inject({
    method: 'GET',
    url: '/v1/offers/nonsense',
    remoteAddress: '192.0.2.44',
  });
  expect(offer.statusCode).toBe(404);
});

test('a caller cannot name its own IP: rotating X-Parvoz-Client-Ip or X-Forwarded-For still hits the limit', async () => {
  clock += 61_000;
  // Even from loopback (where the web half calls from), and with a guessed credential.
  const forged = (i: number): Record<string, string>[] => [
    { 'x-parvoz-client-ip': `203.0.113.${i}` },
    { 'x-forwarded-for': `203.0.113.${i}` },
    visitorHeaders(`203.0.113.${i}`, 'guessed-internal-credential-0123456789'),
    visitorHeaders(`203.0.113.${i}`, ''),
  ];
  for (const [kind, headers] of forged(0).entries()) {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await search('127.0.0.1', forged(i)[kind])).statusCode);
    expect(statuses, Object.keys(headers).join()).toEqual(
      kind === 0 ? [200, 200, 200, 429] : [429, 429, 429, 429],
    );
  }
});

test('with the internal credential the web half names each visitor, who gets a budget of their own', async () => {
  clock += 61_000;
  const statuses: number[] = [];
  for (let i = 1; i <= 4; i++)
    statuses.push((await search('127.0.0.1', visitorHeaders('198.51.100.50'))).statusCode);
  expect(statuses).toEqual([200, 200, 200, 429]);
  expect((await search('127.0.0.1', visitorHeaders('198.51.100.51'))).statusCode).toBe(200);
});

test('budgets are claimed from the database in chunks: a tenth of the limit per write, still exact on one instance', async () => {
  const database = await createTestDatabase();
  const unscaled = await buildTestApi(database.db, {}, { now: () => new Date(clock) });
  try {
    const places = () =>
      unscaled.inject({ method: 'GET', url: '/v1/places?q=tash', remoteAddress: '192.0.2.77' });
    const counted = async () => {
      const rows = await database.db.execute<{ count: number }>(
        sql`SELECT count FROM rate_limits WHERE key = 'route:places:ip:192.0.2.77'`,
      );
      return Number(rows.rows[0]?.count ?? 0);
    };
    const { limit } = ROUTE_LIMITS.places; // 600 a minute: chunks of 50 (a tenth, at most 50)
    for (let i = 0; i < 120; i++) expect((await places()).statusCode).toBe(200);
    // 120 lookups, 3 writes (150 claimed), not 120.
    expect(await counted()).toBe(150);
    for (let i = 120; i < limit; i++) expect((await places()).statusCode).toBe(200);
    const refused = await places();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The spent window answers refusals itself: no further writes.
    const afterRefusal = await counted();
    for (let i = 0; i < 5; i++) expect((await places()).statusCode).toBe(429);
    expect(await counted()).toBe(afterRefusal);
  } finally {
    await unscaled.close();
    await database.close();
  }
});

test('an IPv6 client is counted by its /64: rotating addresses within it shares one budget, another /64 has its own', async () => {
  clock += 61_000;
  // docs/operations.md, "Client IP trust model": a subscriber usually gets a whole /64, so every address
  // in it is one client.
  const statuses: number[] = [];
  for (const ip of [
    '2001:db8:5:6::1',
    '2001:db8:5:6::2',
    '2001:0db8:0005:0006:ffff::3',
    '2001:db8:5:6:a:b:c:d',
  ])
    statuses.push((await search(ip)).statusCode);
  expect(statuses).toEqual([200, 200, 200, 429]);
  expect((await search('2001:db8:5:7::1')).statusCode).toBe(200);
});

test('IPv4 is counted per address, and an IPv4-mapped IPv6 address is that IPv4 address', async () => {
  clock += 61_000;
  const statuses: number[] = [];
  for (const ip of ['198.51.100.77', '::ffff:198.51.100.77', '198.51.100.77', '::FFFF:198.51.100.77'])
    statuses.push((await search(ip)).statusCode);
  expect(statuses).toEqual([200, 200, 200, 429]);
  // The next address is another client.
  expect((await search('198.51.100.78')).statusCode).toBe(200);
});
