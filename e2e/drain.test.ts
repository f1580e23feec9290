/**
 * Faults (docs/operations.md#stopping-and-deploying): SIGTERM while bookings are in flight. Every
 * POST /v1/orders gets an order or an answer the client can retry (503 while draining, or a refused/reset
 * connection once the server is gone); retrying each on a second server over the same PostgreSQL database
 * with the same Idempotency-Key and body gives every key exactly one order, and replays of the orders already
 * made give back the same order. Needs DATABASE_URL (npm test starts a PostgreSQL server for the suite).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestDatabase } from '@parvoz/db/testing';
import { bookingBody } from '../apps/api/src/testing/booking.ts';
import { countOrders, ordersPerEmail } from '../apps/api/src/modules/orders/testing/fixtures.ts';
import {
  INTERNAL_TOKEN,
  startSite,
  visitor,
  type RunningSite,
  postgresTestDatabase,
} from './support/server.ts';
import { isNonstop, searchOffers } from './support/offers.ts';
import { ANONYMOUS } from './support/api.ts';

const RETRYABLE_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']);

let database: TestDatabase;
let first: RunningSite;
let second: RunningSite | undefined;

beforeAll(async () => {
  database = await postgresTestDatabase();
  // LOG_LEVEL info: the test watches the request log to signal while bookings are in flight.
  first = await startSite({
    DATABASE_URL: database.url!,
    PARVOZ_INTERNAL_TOKEN: INTERNAL_TOKEN,
    RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: 'info',
  });
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.close();
});

type Outcome = { kind: string; at: number; status?: number; retryAfter?: string | null; orderId?: string };

async function order(site: RunningSite, key: string, body: string, ip: string): Promise<Outcome> {
  try {
    const response = await fetch(`${site.url}/v1/orders`, {
      method: 'POST',
      headers: { ...ANONYMOUS, 'idempotency-key': key, ...visitor(ip) },
      body,
    });
    const text = await response.text();
    const json = text ? (JSON.parse(text) as { data?: { id?: string } }) : null;
    return {
      kind: 'http',
      at: performance.now(),
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      ...(json?.data?.id ? { orderId: json.data.id } : {}),
    };
  } catch (error) {
    return {
      kind: String((error as { cause?: { code?: string } }).cause?.code ?? error),
      at: performance.now(),
    };
  }
}

test('SIGTERM with bookings in flight: retries on another instance give each key exactly one order', async () => {
  const offer = (await searchOffers(first.url, { days: 50 })).find(isNonstop)!;
  expect(offer).toBeDefined();

  // Twenty bookings at once (distinct keys, contacts and visitors), ten more while the server drains and
  // five once it has exited.
  const bookings = Array.from({ length: 35 }, (_, i) => ({
    key: `drain-booking-${i}`,
    email: `drain-${i}@example.com`,
    ip: `192.0.2.${i + 1}`,
    body: JSON.stringify(
      bookingBody(offer, {
        contact: { full_name: 'Anna Karimova', email: `drain-${i}@example.com`, phone: '+998 90 123 45 67' },
      }),
    ),
  }));
  const exited = new Promise<number | null>((resolve) => first.process.once('exit', resolve));
  const inFlight = bookings.slice(0, 20).map((b) => order(first, b.key, b.body, b.ip));
  const arrived = () =>
    first.logs.filter((l) => l.includes('"incoming request"') && l.includes('"url":"/v1/orders"')).length;
  await expect.poll(arrived, { timeout: 10_000, interval: 2 }).toBeGreaterThanOrEqual(5);
  const signalledAt = performance.now();
  first.process.kill('SIGTERM');
  const draining = () => first.logs.some((l) => l.includes('shutting down: draining'));
  await expect.poll(draining, { timeout: 10_000, interval: 2 }).toBe(true);
  const late = bookings.slice(20, 30).map((b) => order(first, b.key, b.body, b.ip));
  expect(await exited).toBe(0);
  const gone = bookings.slice(30).map((b) => order(first, b.key, b.body, b.ip));
  const outcomes = await Promise.all([...inFlight, ...late, ...gone]);

  // Each answer is an order or something a client retries.
  const created = outcomes.filter((o) => o.status === 201);
  const retryable = outcomes.filter(
    (o) => (o.status === 503 && o.retryAfter !== null) || RETRYABLE_ERRORS.has(o.kind),
  );
  expect(outcomes.filter((o) => !created.includes(o) && !retryable.includes(o))).toEqual([]);
  expect(created.every((o) => o.orderId)).toBe(true);
  // Bookings in flight at the signal were finished, not cut.
  expect(created.filter((o) => o.at > signalledAt).length).toBeGreaterThan(0);
  expect(outcomes.slice(30).map((o) => o.kind)).toEqual(bookings.slice(30).map(() => 'ECONNREFUSED'));

  expect(first.logs.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);

  // The client retries everything (a 201 whose answer it lost looks the same) on a second instance.
  second = await startSite({
    DATABASE_URL: database.url!,
    PARVOZ_INTERNAL_TOKEN: INTERNAL_TOKEN,
    RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: 'warn',
  });
  const retries = await Promise.all(bookings.map((b) => order(second!, b.key, b.body, b.ip)));
  expect(retries.map((r) => r.status)).toEqual(bookings.map(() => 201));
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 201) expect(retries[i]!.orderId, bookings[i]!.key).toBe(outcome.orderId);
  });
  expect(new Set(retries.map((r) => r.orderId)).size).toBe(bookings.length);

  const counts = await ordersPerEmail(database.db);
  expect(new Map(counts.map((r) => [r.email, r.n]))).toEqual(new Map(bookings.map((b) => [b.email, 1])));
  expect(await countOrders(database.db)).toBe(bookings.length);
  console.info(
    `drain: ${created.length} created (${created.filter((o) => o.at > signalledAt).length} after the signal), ${retryable.length} retried (${[
      ...new Set(retryable.map((o) => o.status ?? o.kind)),
    ].join(', ')})`,
  );
});
