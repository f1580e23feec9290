/**
 * The host of server.ts (PARVOZ_ROLE=api, on a test database) through `inject`: security headers, HSTS only
 * over HTTPS, request ids, /health, /ready, /metrics, CORS. Pages and their CSP nonce are in e2e/ops.test.ts.
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '@parvoz/db/testing';
import { buildServer } from './server.ts';
import { apiConfigSchema, type ApiSettings } from '@parvoz/api/config';
import { serverConfigSchema } from './config.ts';
import { TEST_ANONYMOUS_TOKEN } from '@parvoz/api/testing/api';
import { isoDay } from '@parvoz/api/testing/booking';
import { insertOutboxRow } from '@parvoz/api/modules/mail/testing/outbox';

const ANONYMOUS = { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}` };

function apiConfig(extra: Partial<ApiSettings> = {}): ApiSettings {
  return apiConfigSchema.parse({
    anonymousToken: TEST_ANONYMOUS_TOKEN,
    offerSecret: 'test-offer-secret-0123456789',
    paymentWebhookSecret: 'test-payment-webhook-secret-0123456789',
    outboxWorker: false,
    orderExpiryWorker: false,
    ...extra,
  });
}

async function host(
  database: TestDatabase,
  env: Record<string, string> = {},
  extra: Partial<ApiSettings> = {},
) {
  const config = serverConfigSchema.parse({ PARVOZ_ROLE: 'api', LOG_LEVEL: 'silent', ...env });
  const app = await buildServer(config, apiConfig(extra), { database });
  await app.ready();
  return app;
}

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await host(
    database,
    { METRICS_TOKEN: 'metrics-token-0123456789' },
    {
      corsOrigins: ['https://partner.example'],
    },
  );
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('compression', () => {
  test('brotli answers use a 256 kB window (not the 4 MB default) and inflate to the same JSON', async () => {
    const url = '/v1/places?q=a&lang=en';
    const plain = await app.inject({ url, headers: { ...ANONYMOUS, 'accept-encoding': 'identity' } });
    expect(plain.body.length).toBeGreaterThan(1024);
    const compressed = await app.inject({ url, headers: { ...ANONYMOUS, 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    // RFC 7932 §9.1: the stream starts with WBITS; 1 then 001 (low bits first) is a window of 2^18 bytes.
    expect(compressed.rawPayload[0]! & 0b1111).toBe(0b0011);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });
});

describe('security headers', () => {
  test('API answers: nosniff, Referrer-Policy, Permissions-Policy, no framing, a policy that runs nothing', async () => {
    for (const url of ['/v1/places?q=tas', '/v1/nothing-here', '/health']) {
      const response = await app.inject({ url, headers: ANONYMOUS });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
      expect(response.headers['permissions-policy'], url).toContain('geolocation=()');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  test('HSTS over HTTPS: behind a trusted proxy, or when PUBLIC_URL is https; never from an untrusted header', async () => {
    const proxied = await host(database, { TRUST_PROXY: '1' });
    const publicHttps = await host(database, {}, { publicUrl: 'https://parvoz.example' });
    try {
      const forwarded = { 'x-forwarded-proto': 'https' };
      const secure = await proxied.inject({ url: '/health', headers: forwarded });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await proxied.inject({ url: '/health' })).headers['strict-transport-security']).toBeUndefined();
      expect(
        (await app.inject({ url: '/health', headers: forwarded })).headers['strict-transport-security'],
      ).toBeUndefined();
      expect(
        (await publicHttps.inject({ url: '/health' })).headers['strict-transport-security'],
      ).toBeDefined();
    } finally {
      await proxied.close();
      await publicHttps.close();
    }
  });
});

describe('request ids', () => {
  test('a well-formed X-Request-Id is used and echoed; a malformed one is replaced by a UUID', async () => {
    const given = await app.inject({ url: '/health', headers: { 'x-request-id': 'web-4f2a.1:2' } });
    expect(given.headers['x-request-id']).toBe('web-4f2a.1:2');
    for (const bad of ['', 'a b', 'x'.repeat(129), '<script>', 'é']) {
      const response = await app.inject({ url: '/health', headers: { 'x-request-id': bad } });
      expect(response.headers['x-request-id'], bad).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
    const none = await app.inject({ url: '/health' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health, readiness, metrics', () => {
  test('/health is live and /ready checks the database and its migrations', async () => {
    const health = await app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  test('/ready is 503 while a migration is pending', async () => {
    const other = await createTestDatabase();
    const pending = await host(other);
    try {
      // Forget the newest migration, as a database one release behind would be.
      await other.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)`,
      );
      const response = await pending.inject({ url: '/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'pending' },
      });
    } finally {
      await pending.close();
      await other.close();
    }
  });

  test('/ready is 503 when the database does not answer, /health still 200', async () => {
    const other = await createTestDatabase();
    const down = await host(other);
    try {
      await other.close();
      const response = await down.inject({ url: '/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks.database).toBe('unreachable');
      expect((await down.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });

  test('/metrics: per route pattern (never the raw URL), outbox backlog, behind METRICS_TOKEN', async () => {
    await app.inject({ url: '/v1/places?q=samarkand', headers: ANONYMOUS });
    await app.inject({ url: '/v1/no/such/thing/4711' });
    await app.inject({ method: 'PATCH', url: '/v1/user/travellers/0f8fad5b-d9cb-469f-a165-70867728950e' });
    await insertOutboxRow(database.db, { kind: 'test', payload: {}, toAddress: 'ops@example.com' });
    // Without the token it answers as a path that does not exist (a 401 would show that it does).
    const unknown = await app.inject({ url: '/no-such-ops-path' });
    expect(unknown.statusCode).toBe(404);
    for (const authorization of [undefined, 'Bearer not-the-token-at-all', 'metrics-token-0123456789']) {
      const refused = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(refused.statusCode, authorization).toBe(404);
      expect(refused.body).toBe(unknown.body.replace('/no-such-ops-path', '/metrics'));
      expect(refused.headers['www-authenticate']).toBeUndefined();
    }
    const response = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /parvoz_http_requests_total\{method="GET",route="\/v1\/places",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/parvoz_http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]/);
    expect(text).toMatch(/route="\/v1\/user\/travellers\/:id",status="400"/);
    expect(text).toContain(
      'parvoz_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/v1/places"',
    );
    // In no label: a sample's value (CPU seconds, memory bytes) may hold any digits, so the labels are read.
    const labels = [...text.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]).join('\n');
    expect(labels).toContain('route=');
    expect(labels).not.toContain('samarkand');
    expect(labels).not.toContain('4711');
    expect(labels).not.toContain('0f8fad5b');
    expect(text).toMatch(/parvoz_outbox_backlog\{status="pending"\} [1-9]/);
    expect(text).toContain('parvoz_search_duration_seconds_count');
    expect(text).toContain('parvoz_process_cpu_seconds_total');
  });
});

describe('/metrics outside development', () => {
  test('without METRICS_TOKEN it is a 404 (NODE_ENV unset or production); only `npm run dev` opens it', async () => {
    const closed = [await host(database), await host(database, { NODE_ENV: 'production' })];
    const development = await host(database, { NODE_ENV: 'development' });
    try {
      for (const instance of closed) {
        expect((await instance.inject({ url: '/metrics' })).statusCode).toBe(404);
        const bearer = { authorization: 'Bearer anything-at-all-0123456789' };
        expect((await instance.inject({ url: '/metrics', headers: bearer })).statusCode).toBe(404);
      }
      const open = await development.inject({ url: '/metrics' });
      expect(open.statusCode).toBe(200);
      expect(open.body).toContain('parvoz_http_requests_total');
    } finally {
      for (const instance of [...closed, development]) await instance.close();
    }
  });
});

describe('client IP (TRUST_PROXY)', () => {
  // Ahead of whatever today is: a fixed day became a past date, refused with 400, once it had passed.
  const departure = isoDay(Date.now(), 30);
  // 300 searches a minute scaled down to 3: the fourth from one client IP is refused.
  const scale = { rateLimitScale: 3 / 300 };
  const search = (instance: FastifyInstance, remoteAddress: string, forwardedFor: string) =>
    instance.inject({
      method: 'POST',
      url: '/v1/flights/search',
      remoteAddress,
      headers: { ...ANONYMOUS, 'x-forwarded-for': forwardedFor },
      payload: {
        slices: [{ origin: 'TAS', destination: 'IST', departure_date: departure }],
        passengers: { adults: 1 },
      },
    });
  const fourSearches = async (
    instance: FastifyInstance,
    remoteAddress: string,
    forwardedFor: (i: number) => string,
  ) => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await search(instance, remoteAddress, forwardedFor(i))).statusCode);
    return statuses;
  };

  test('TRUST_PROXY=1: the right-most X-Forwarded-For hop is the client; what the client prepends changes nothing', async () => {
    const proxied = await host(database, { TRUST_PROXY: '1' }, scale);
    try {
      // The proxy appends the address it saw; a client rotating its own left-hand entries stays one client.
      expect(await fourSearches(proxied, '10.0.0.2', (i) => `203.0.113.${i}, 198.51.100.61`)).toEqual([
        200, 200, 200, 429,
      ]);
      // Each client the proxy names has a budget of its own.
      expect((await search(proxied, '10.0.0.2', '198.51.100.62')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  test('a TRUST_PROXY list: only those peers may name the client', async () => {
    const proxied = await host(database, { TRUST_PROXY: '10.0.0.0/8' }, scale);
    try {
      // From the listed proxy: the first untrusted address from the right (a second hop inside 10/8 is a proxy too).
      expect(await fourSearches(proxied, '10.1.2.3', (i) => `192.0.2.${i}, 198.51.100.71, 10.9.9.9`)).toEqual(
        [200, 200, 200, 429],
      );
      // Straight from the internet: X-Forwarded-For is ignored, the peer is the client.
      expect(await fourSearches(proxied, '203.0.113.80', (i) => `192.0.2.${100 + i}`)).toEqual([
        200, 200, 200, 429,
      ]);
    } finally {
      await proxied.close();
    }
  });

  test('without TRUST_PROXY X-Forwarded-For is anyone’s to send, so it is ignored', async () => {
    const direct = await host(database, {}, scale);
    try {
      expect(await fourSearches(direct, '203.0.113.90', (i) => `192.0.2.${200 + i}`)).toEqual([
        200, 200, 200, 429,
      ]);
    } finally {
      await direct.close();
    }
  });
});

describe('CORS', () => {
  test('closed to origins not in CORS_ORIGINS: no CORS header, preflight refused', async () => {
    const response = await app.inject({
      url: '/v1/places?q=tas',
      headers: { ...ANONYMOUS, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/places',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.json().error.code).toBe('not_found');
  });

  test('a configured origin gets the headers and its preflight a 204 (no credentials)', async () => {
    const origin = 'https://partner.example';
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/flights/search',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toContain('Idempotency-Key');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const response = await app.inject({ url: '/v1/places?q=tas', headers: { ...ANONYMOUS, origin } });
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers.vary).toContain('Origin');
  });

  test('without CORS_ORIGINS no answer carries a CORS header', async () => {
    const closed = await host(database);
    try {
      const response = await closed.inject({
        url: '/v1/places?q=tas',
        headers: { ...ANONYMOUS, origin: 'https://partner.example' },
      });
      expect(Object.keys(response.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    } finally {
      await closed.close();
    }
  });
});
