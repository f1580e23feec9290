/**
 * Two server processes on one PostgreSQL server (DESIGN §1, issue "production readiness"): a session made
 * on one works on the other, rate limits count across both, and each email leaves exactly once although
 * both run the outbox worker. Needs DATABASE_URL (npm test starts a PostgreSQL server for the suite).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@parvoz/db/testing';
import { startSite, type RunningSite } from './support/server.ts';
import { codeOf, startSmtpServer, type TestSmtpServer } from './support/smtp.ts';

const ANONYMOUS = 'Bearer parvoz-public-anonymous';
let database: TestDatabase;
let smtp: TestSmtpServer;
let a: RunningSite;
let b: RunningSite;

beforeAll(async () => {
  if (!process.env.DATABASE_URL)
    throw new Error('e2e/instances.test.ts needs DATABASE_URL (npm test starts a server)');
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  const env = { DATABASE_URL: database.url!, SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '0.01' }; // search: 3 a minute
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

  // One visitor (the web layer names it to the API over loopback) asking for codes for 20 emails an
  // hour, alternating between the instances: the 21st is refused.
  const visitor = { 'x-parvoz-client-ip': '203.0.113.77' };
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++)
    statuses.push(
      (
        await call(
          i % 2 ? b : a,
          'POST',
          '/v1/auth/code',
          { email: `ip-${i}@example.com` },
          undefined,
          visitor,
        )
      ).status,
    );
  expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
  expect(statuses[20]).toBe(429);
});

test('the search budget of one visitor is shared by the instances', async () => {
  const visitor = { 'x-parvoz-client-ip': '198.51.100.23' };
  const departure = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const body = {
    slices: [{ origin: 'TAS', destination: 'IST', departure_date: departure }],
    passengers: { adults: 1 },
  };
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++)
    statuses.push((await call(i % 2 ? b : a, 'POST', '/v1/flights/search', body, undefined, visitor)).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
});

test('every email is sent exactly once although both instances run the outbox worker', async () => {
  const emails = Array.from({ length: 12 }, (_, i) => `once-${i}@example.com`);
  await Promise.all(
    emails.map((email, i) => call(i % 2 ? a : b, 'POST', '/v1/auth/code', { email, lang: 'ru' })),
  );
  for (const email of emails) await smtp.waitFor(email, 20_000);
  // Give a duplicate (if any) time to arrive before counting.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  for (const email of emails) expect(smtp.to(email), email).toHaveLength(1);
});
