/**
 * Two server processes on one PostgreSQL server (docs/design.md §1, docs/operations.md#scaling-out): a
 * session made on one works on the other, rate limits count across both, and each email leaves exactly once
 * although both run the outbox worker. Needs DATABASE_URL (npm test starts a PostgreSQL server for the
 * suite).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Offer } from '@parvoz/core/search-types';
import { holdSeats } from '@parvoz/db';
import type { TestDatabase } from '@parvoz/db/testing';
import { bookingBody } from '../apps/api/src/testing/booking.ts';
import { searchEngineFor } from '../apps/api/src/modules/search/index.ts';
import {
  INTERNAL_TOKEN,
  startSite,
  visitor,
  type RunningSite,
  postgresTestDatabase,
} from './support/server.ts';
import { codeOf, startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { isoDay } from './support/dates.ts';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import { queuedEmails } from '../apps/api/src/modules/mail/testing/outbox.ts';
import { openHoldsOn, seatCounts } from '../apps/api/src/modules/orders/testing/fixtures.ts';

const ANONYMOUS = 'Bearer parvoz-public-anonymous';
let database: TestDatabase;
let smtp: TestSmtpServer;
let a: RunningSite;
let b: RunningSite;

beforeAll(async () => {
  database = await postgresTestDatabase();
  smtp = await startSmtpServer();
  // search: 3 a minute. Both share the internal credential, as web and API instances of one site do: the
  // tests below play the web half naming its visitors (apps/api/src/client-ip.ts).
  const env = {
    DATABASE_URL: database.url!,
    SMTP_URL: smtp.url,
    RATE_LIMIT_SCALE: '0.01',
    PARVOZ_INTERNAL_TOKEN: INTERNAL_TOKEN,
  };
  [a, b] = await Promise.all([startSite(env), startSite(env)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.stop();
  await database?.close();
});

async function call(
  site: RunningSite,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${site.url}${path}`, {
    method,
    headers: {
      authorization: token ? `Bearer ${token}` : ANONYMOUS,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

test('a session made on one instance works on the other, and logout on either ends it on both', async () => {
  const email = 'two-instances@example.com';
  expect((await call(a, 'POST', '/v1/auth/code', { email, lang: 'en' })).status).toBe(202);
  const code = codeOf(await smtp.waitFor(email, 15_000));
  const verified = await call(b, 'POST', '/v1/auth/verify', { email, code });
  expect(verified.status).toBe(200);
  const token: string = verified.body.data.token;

  const me = await call(a, 'GET', '/v1/user/get-me?include=userDetail', undefined, token);
  expect(me.status).toBe(200);
  expect(me.body.data.email).toBe(email);

  expect((await call(a, 'POST', '/v1/auth/logout', undefined, token)).status).toBe(204);
  expect((await call(b, 'GET', '/v1/user/get-me', undefined, token)).status).toBe(401);
});

test('send limits count requests to both instances together: resend cooldown and the per-IP budget', async () => {
  const email = 'cooldown-across@example.com';
  expect((await call(a, 'POST', '/v1/auth/code', { email })).status).toBe(202);
  const resend = await call(b, 'POST', '/v1/auth/code', { email });
  expect(resend.status).toBe(429);
  expect(Number(resend.headers.get('retry-after'))).toBeGreaterThan(0);

  // One visitor (the web layer names it to the API with the internal credential) asking for codes for 20
  // emails an hour, alternating between the instances: the 21st is refused.
  const named = visitor('203.0.113.77');
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++)
    statuses.push(
      (await call(i % 2 ? b : a, 'POST', '/v1/auth/code', { email: `ip-${i}@example.com` }, undefined, named))
        .status,
    );
  expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
  expect(statuses[20]).toBe(429);
});

test('the search budget of one visitor is shared by the instances', async () => {
  const named = visitor('198.51.100.23');
  const departure = isoDay(20);
  const body = {
    slices: [{ origin: 'TAS', destination: 'IST', departure_date: departure }],
    passengers: { adults: 1 },
  };
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++)
    statuses.push((await call(i % 2 ? b : a, 'POST', '/v1/flights/search', body, undefined, named)).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
});

test('every email is sent exactly once although both instances run the outbox worker', async () => {
  const emails = Array.from({ length: 12 }, (_, i) => `once-${i}@example.com`);
  await Promise.all(
    emails.map((email, i) => call(i % 2 ? a : b, 'POST', '/v1/auth/code', { email, lang: 'ru' })),
  );
  for (const email of emails) await smtp.waitFor(email, 20_000);
  // Count once every row is marked sent: a second send would have to happen before that (a claimed row
  // stays claimed until its sender marks it), and the SMTP server has the message before its sender hears 250.
  const unsent = async () =>
    (await queuedEmails(database.db, { toAddressPrefix: 'once-' })).filter((row) => row.status !== 'sent')
      .length;
  await expect.poll(unsent, { timeout: 20_000, interval: 100 }).toBe(0);
  for (const email of emails) expect(smtp.to(email), email).toHaveLength(1);
});

test('bookings for the last 3 seats spread over both instances never oversell', async () => {
  const departure = isoDay(45);
  const search = await call(
    a,
    'POST',
    '/v1/flights/search',
    {
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: departure }],
      passengers: { adults: 1 },
    },
    undefined,
    visitor('198.51.100.200'),
  );
  expect(search.status).toBe(200);
  const offer = (expandSearchOffers(search.body.data) as Offer[]).find(
    (o) => o.slices.length === 1 && o.slices[0]!.segments.length === 1,
  )!;
  expect(offer).toBeDefined();
  const segment = offer.slices[0]!.segments[0]!;
  const schedule = searchEngineFor(process.env.SCHEDULE_SEED || 'parvoz').schedule;
  const capacity = schedule.capacity(schedule.resolveKey(segment.flight_key)!.slot, segment.cabin_class);
  const left = 3;
  await holdSeats(database.db, [
    { flightKey: segment.flight_key, cabin: segment.cabin_class, seats: capacity - left, capacity },
  ]);

  // 30 visitors (one order each: RATE_LIMIT_SCALE leaves every IP a single order) alternating instances.
  const body = bookingBody(offer);
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      call(i % 2 ? b : a, 'POST', '/v1/orders', body, undefined, {
        'idempotency-key': `last-seats-${i}`,
        ...visitor(`192.0.2.${i + 1}`),
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(left);
  expect(statuses.filter((s) => s !== 201)).toEqual(Array.from({ length: 30 - left }, () => 422));
  expect(answers.filter((answer) => answer.status === 422).map((answer) => answer.body.error.code)).toEqual(
    Array.from({ length: 30 - left }, () => 'offer_unavailable'),
  );
  expect(new Set(answers.filter((answer) => answer.status === 201).map((x) => x.body.data.id)).size).toBe(
    left,
  );

  expect(await seatCounts(database.db, segment.flight_key, segment.cabin_class)).toEqual([
    { sold: capacity, capacity },
  ]);
  expect(await openHoldsOn(database.db, segment.flight_key)).toEqual({ orders: left, seats: left });
});
