/**
 * Fuzzing every API route (docs/design.md §7: no input, however malformed, gives a 500): the routes come from
 * the app's own route table, so a new route is covered without touching this file. For each one, fast-check
 * generates requests from the route's zod schemas (mostly valid, often with one field replaced by something
 * hostile) and a fixed list of hostile requests follows: prototype-pollution keys, huge numbers, wrong types,
 * deep nesting, invalid UTF-8, 100 kB strings, oversized bodies, odd content types, malformed paths and query
 * strings.
 *
 * Every answer must be below 500; every refusal a 4xx with the error envelope `{ error: { code, message } }`
 * (the sandbox provider's hosted pages answer HTML by design); `Object.prototype` must stay untouched; and a
 * refused request must change nothing in the database (row triggers count every change, except the
 * rate-limit counters, which count attempts on purpose). FUZZ_RUNS sets the generated requests per route.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fc from 'fast-check';
import qs from 'qs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '@parvoz/db/testing';
import { buildTestApi, routesOf, TEST_ANONYMOUS_TOKEN, visitorHeaders } from './testing/api.ts';
import { DROP_ORDERS_TABLE } from './modules/orders/testing/fixtures.ts';

// 100 per route: 12,644 requests across the 90 routes with the hand-written ones, above the 10,000, at a
// third of the CPU time of the 330 it used to run (33,344 requests, 91 CPU-seconds against 46); FUZZ_RUNS=1000
// for a deeper run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** Tables whose rows may change on a refused request: attempt counters exist to count refusals. */
const MAY_CHANGE_ON_REFUSAL = new Set(['rate_limits']);
/** Routes that are browser pages of the sandbox payment provider: they answer HTML, errors included. */
const HTML_ROUTES = /^\/v1\/sandbox-pay\//;

type Route = {
  method: string;
  url: string;
  schema: Partial<Record<'body' | 'querystring' | 'params', unknown>>;
};
type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

let database: TestDatabase;
let app: FastifyInstance;
let routes: Route[];
let requests = 0;
/** Route tests that ran to the end (all of them unless the run was filtered with -t). */
let finished = 0;
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApi(database.db, { rateLimitScale: 1e6 });
  routes = listRoutes(routesOf(app));
  await installChangeCounter();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  // The issue asks for at least 10,000 requests across the API with the default FUZZ_RUNS.
  if (!process.env.FUZZ_RUNS && finished === routes.length * 2)
    expect(requests).toBeGreaterThanOrEqual(10_000);
});

/** One entry per method and path (Fastify also registers HEAD and trailing-slash twins). */
function listRoutes(table: readonly RouteOptions[]): Route[] {
  const seen = new Map<string, Route>();
  for (const route of table) {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
      seen.set(`${method} ${url}`, { method, url, schema: (route.schema ?? {}) as Route['schema'] });
    }
  }
  return [...seen.values()];
}

/**
 * A counter table bumped by a row trigger on every other table: any insert, update or delete shows. When it
 * moved on a refused request, the tables' contents are compared with the last known state (a refused request
 * may write and undo, e.g. an Idempotency-Key claimed and then abandoned: no net change).
 */
let fingerprintSql = '';
let baseline = { counter: 0, fingerprint: '' };

async function installChangeCounter() {
  const { rows } = await database.db.execute<{ name: string }>(sql`
    SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  await database.db.execute(sql`CREATE TABLE fuzz_changes (n bigint NOT NULL)`);
  await database.db.execute(sql`INSERT INTO fuzz_changes VALUES (0)`);
  await database.db.execute(sql`
    CREATE FUNCTION fuzz_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE fuzz_changes SET n = n + 1; RETURN NULL; END $$`);
  const watched = rows.filter(({ name }) => !MAY_CHANGE_ON_REFUSAL.has(name.replace(/^public\./, '')));
  fingerprintSql = `SELECT md5(string_agg(h, '' ORDER BY t)) AS h FROM (${watched
    .map(
      ({ name }, i) =>
        `SELECT ${i} AS t, coalesce(md5(string_agg(md5(x::text), '' ORDER BY md5(x::text))), '') AS h FROM ${name} x`,
    )
    .join(' UNION ALL ')}) tables`;
  for (const { name } of watched) {
    await database.db.execute(
      sql.raw(
        `CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OR DELETE ON ${name} FOR EACH ROW EXECUTE FUNCTION fuzz_count_change()`,
      ),
    );
  }
  baseline = { counter: await changes(), fingerprint: await fingerprint() };
}

async function changes(): Promise<number> {
  const { rows } = await database.db.execute<{ n: string }>(sql`SELECT n::text AS n FROM fuzz_changes`);
  return Number(rows[0]!.n);
}

async function fingerprint(): Promise<string> {
  const { rows } = await database.db.execute<{ h: string }>(sql.raw(fingerprintSql));
  return rows[0]!.h;
}

/** Null when the database holds what it held before a refused request; records what an accepted one did. */
async function databaseProblem(refused: boolean): Promise<string | null> {
  const counter = await changes();
  if (counter === baseline.counter) return null;
  const now = await fingerprint();
  if (refused && now !== baseline.fingerprint) return `changed ${counter - baseline.counter} rows`;
  baseline = { counter, fingerprint: now };
  return null;
}

/** Sends one request and checks every rule; returns a description of what went wrong, or null. */
async function check(request: FuzzRequest, route: Route): Promise<string | null> {
  const response = await app.inject(request);
  requests++;
  const where = `${request.method} ${request.url.slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)}`;
  if (Object.getOwnPropertyNames(Object.prototype).sort().join() !== PROTOTYPE_KEYS)
    return `Object.prototype changed by ${where}`;
  if (({} as Record<string, unknown>).polluted !== undefined) return `Object.prototype polluted by ${where}`;
  if (response.statusCode >= 500)
    return `${response.statusCode} for ${where}: ${response.body.slice(0, 300)}`;
  const refused = response.statusCode >= 400;
  const changed = await databaseProblem(refused);
  if (changed) return `refused (${response.statusCode}) but ${changed}: ${where}`;
  if (!refused) return null;
  const type = String(response.headers['content-type'] ?? '');
  if (HTML_ROUTES.test(route.url) && type.startsWith('text/html')) {
    // The hosted page's own error pages.
  } else {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      return `${response.statusCode} without a JSON body for ${where}`;
    }
    const envelope = z
      .object({ error: z.object({ code: z.string().min(1), message: z.string().min(1) }).loose() })
      .strict();
    if (!envelope.safeParse(body).success)
      return `${response.statusCode} without the error envelope for ${where}: ${response.body.slice(0, 200)}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Generated requests: arbitraries from the routes' zod schemas (through JSON Schema).

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** Values a schema accepts (most of the time: patterns and formats are approximated; `key` helps guess). */
function arbitraryOf(schema: JsonSchema | null | undefined, depth = 0, key = ''): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((s) => arbitraryOf(s, depth + 1, key)));
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0], depth + 1, key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(
        Object.entries(properties).map(([name, value]) => [name, arbitraryOf(value, depth + 1, name)]),
      );
      return fc.record(shape, { requiredKeys: Object.keys(shape).filter((k) => required.has(k)) });
    }
    case 'array':
      return fc.array(arbitraryOf(schema.items, depth + 1, key), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'string':
      return fc.oneof({ weight: 3, arbitrary: likelyString(key) ?? stringOf(schema) }, stringOf(schema));
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, -1_000_000),
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e6,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e6,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const DAY = 86_400_000;
const isoDate = (from: number, to: number) =>
  fc
    .integer({ min: from, max: to })
    .map((days) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10));

/** Realistic values for well-known field names, so generated requests get past validation into the services. */
function likelyString(key: string): fc.Arbitrary<string> | null {
  if (/email/i.test(key)) return fc.oneof(fc.emailAddress(), fc.constantFrom('traveller@example.com'));
  if (/phone/i.test(key))
    return fc.constantFrom('+998901234567', '+905321234567', '+79161234567', '+12025550123');
  if (/^(citizenship|country_code)$/.test(key)) return fc.constantFrom('UZ', 'TR', 'RU', 'US', 'DE', 'KZ');
  if (/^(origin|destination)$/.test(key))
    return fc.constantFrom('TAS', 'IST', 'MOW', 'SKD', 'LON', 'DXB', 'FRA');
  if (/born/.test(key)) return isoDate(-80 * 365, -1);
  if (/(expires|departure|date)/.test(key)) return isoDate(1, 320);
  if (/(name|city)$/.test(key)) return fc.constantFrom('Aziz', 'Ayşe', 'Иван', 'Oʻgʻiloy', 'Smith-Jones');
  return null;
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const length = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 80) };
  if (schema.format === 'date')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 2000);
    } catch {
      // A pattern fast-check cannot generate from: plain strings.
    }
  }
  return fc.oneof(fc.string(length), fc.emailAddress(), fc.string({ ...length, unit: 'grapheme' }));
}

/** What a mutation puts in place of one field. */
const hostileValue: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  null,
  true,
  -1,
  0,
  1e308,
  -1e308,
  2 ** 53 + 1,
  1.5,
  '',
  ' ',
  '\u0000',
  '\uD800',
  'x'.repeat(100_000),
  '𝕏'.repeat(2_000),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '2026-02-30',
  '9999-99-99',
  'NaN',
  [],
  {},
  [[[[[[]]]]]],
  { __proto__: null, toString: 'x', valueOf: 1 },
);

/** Replaces one field (at any depth) of a generated value by a hostile one. */
function mutate(value: unknown, pick: number, replacement: unknown): unknown {
  if (value === null || typeof value !== 'object') return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[pick % keys.length]!;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  copy[key] = pick % 3 === 0 ? mutate(copy[key], Math.floor(pick / 3), replacement) : replacement;
  return copy;
}

/** Any value as text (objects without a prototype included). */
function text(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

/** Like encodeURIComponent, but lone surrogates go through as the bytes a browser would send (U+FFFD). */
function encodePathSegment(value: string): string {
  return encodeURIComponent(value.toWellFormed());
}

/** A generated request for `route`. */
function requestArbitrary(route: Route): fc.Arbitrary<FuzzRequest> {
  const paramSchema = jsonSchemaOf(route.schema.params);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        fc.oneof(arbitraryOf(paramSchema?.properties?.[name]), fc.string({ maxLength: 60 })).map(text),
      ]),
    ),
  );
  const query = arbitraryOf(jsonSchemaOf(route.schema.querystring) ?? { type: 'object', properties: {} });
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const body = arbitraryOf(jsonSchemaOf(route.schema.body));
  const auth = fc.constantFrom(
    `Bearer ${TEST_ANONYMOUS_TOKEN}`,
    `Bearer ${TEST_ANONYMOUS_TOKEN}`,
    'Bearer not-a-session-token-0123456789abcdef',
    '',
  );
  return fc
    .record({
      params,
      query,
      body,
      auth,
      mutateWhat: fc.constantFrom('none', 'none', 'body', 'query', 'params'),
      pick: fc.nat(),
      replacement: hostileValue,
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.string({ maxLength: 300 })), { nil: undefined }),
    })
    .map(({ params, query, body, auth, mutateWhat, pick, replacement, idempotencyKey }) => {
      let p = params as Record<string, string>;
      let q = query;
      let b = body;
      if (mutateWhat === 'body') b = mutate(b, pick, replacement);
      if (mutateWhat === 'query') q = mutate(q, pick, replacement);
      if (mutateWhat === 'params' && names.length)
        p = { ...p, [names[pick % names.length]!]: text(replacement).slice(0, 3000) };
      const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodePathSegment(p[name] ?? 'x'));
      const search = q && typeof q === 'object' ? qs.stringify(q, { arrayFormat: 'indices' }) : '';
      const headers: Record<string, string> = {};
      if (auth) headers.authorization = auth;
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      const request: FuzzRequest = {
        method: route.method,
        url: search ? `${path}?${search}` : path,
        headers,
      };
      if (hasBody) {
        headers['content-type'] = 'application/json';
        request.payload = JSON.stringify(b ?? null);
      }
      return request;
    });
}

// ---------------------------------------------------------------------------------------------------------
// Hand-written hostile requests, sent to every route.

function deepJson(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

const HOSTILE_BODIES: Array<[string, string | Buffer, string?]> = [
  ['prototype key', '{"__proto__":{"polluted":true}}'],
  ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
  [
    'nested prototype keys',
    '{"a":{"__proto__":{"polluted":true}},"b":[{"constructor":{"prototype":{"polluted":1}}}]}',
  ],
  ['huge numbers', '{"a":1e999,"b":-1e999,"c":123456789012345678901234567890,"adults":1e308,"limit":-0}'],
  ['wrong types: array', '[1,2,3]'],
  ['wrong types: string', '"hello"'],
  ['wrong types: number', '42'],
  ['null', 'null'],
  ['true', 'true'],
  ['empty object', '{}'],
  ['deep nesting (50 000)', deepJson(50_000)],
  ['deep objects (20 000)', '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000)],
  [
    'deep nesting with a prototype key',
    '['.repeat(20_000) + '{"__proto__":{"polluted":1}}' + ']'.repeat(20_000),
  ],
  ['100 kB strings', JSON.stringify({ email: 'a'.repeat(100_000), q: 'b'.repeat(100_000) })],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])],
  ['invalid UTF-8, not JSON', Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x80])],
  ['lone surrogates', '{"email":"\\ud800@example.com","full_name":"\\udfff"}'],
  ['NUL bytes', '{"email":"a\\u0000@example.com","code":"12\\u00003456"}'],
  ['truncated JSON', '{"slices":[{"origin":"TAS"'],
  ['empty body', ''],
  ['oversized body (300 kB)', JSON.stringify({ big: 'x'.repeat(300 * 1024) })],
  ['text/plain', 'email=a@b.c', 'text/plain'],
  ['form encoding', 'email=a%40b.c&__proto__[polluted]=1', 'application/x-www-form-urlencoded'],
  [
    'multipart',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    'multipart/form-data; boundary=x',
  ],
  [
    'XML',
    '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    'application/xml',
  ],
  ['JSON with a charset', '{"email":"a@b.c"}', 'application/json; charset=latin1'],
];

const HOSTILE_QUERIES = [
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  `a${'[b]'.repeat(50)}=1`,
  Array.from({ length: 1500 }, (_, i) => `p${i}=1`).join('&'),
  Array.from({ length: 100 }, (_, i) => `x[${i}]=1`).join('&'),
  'x[999999999]=1',
  'q=%E0%A4%A&lang=%ff',
  `q=${'z'.repeat(100_000)}`,
  'limit=1e999&limit=-1&limit=NaN',
  'include=userDetail&include=userDetail',
  'status[]=active',
  'access_token[]=x&access_token[a]=y',
  'currency=usd%00',
];

const HOSTILE_PARAMS = [
  '__proto__',
  'constructor',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%E0%A4%A',
  '%ff%fe',
  'x'.repeat(2049),
  encodeURIComponent('ord_' + 'a'.repeat(30) + `'; ${DROP_ORDERS_TABLE}; --`),
  encodeURIComponent('😀'.repeat(50)),
  '-1',
  '1e999',
];

function hostileRequests(route: Route): Array<[string, FuzzRequest]> {
  const headers = { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}` };
  const basePath = route.url.replace(/:(\w+)/g, 'x');
  const list: Array<[string, FuzzRequest]> = [];
  if (route.method !== 'GET') {
    for (const [name, payload, type] of HOSTILE_BODIES) {
      list.push([
        `body: ${name}`,
        {
          method: route.method,
          url: basePath,
          headers: { ...headers, 'content-type': type ?? 'application/json' },
          payload,
        },
      ]);
    }
  }
  for (const query of HOSTILE_QUERIES) {
    const request: FuzzRequest = {
      method: route.method,
      url: `${basePath}?${query}`,
      headers: { ...headers },
    };
    if (route.method !== 'GET') {
      request.headers['content-type'] = 'application/json';
      request.payload = '{}';
    }
    list.push([`query: ${query.slice(0, 40)}`, request]);
  }
  if (route.url.includes(':')) {
    for (const param of HOSTILE_PARAMS) {
      list.push([
        `param: ${param.slice(0, 40)}`,
        { method: route.method, url: route.url.replace(/:(\w+)/g, param), headers: { ...headers } },
      ]);
    }
  }
  const oddHeaders: Array<Record<string, string>> = [
    { authorization: `Bearer ${'t'.repeat(8_000)}` },
    { authorization: 'Bearer \u00ff\u00fe' },
    { authorization: 'Basic YWRtaW46YWRtaW4=' },
    { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}`, 'idempotency-key': 'k'.repeat(5_000) },
    { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}`, 'accept-language': 'x'.repeat(5_000) },
    { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}`, ...visitorHeaders('not-an-ip') },
    { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}`, ...visitorHeaders('203.0.113.9', 'wrong') },
  ];
  for (const extra of oddHeaders) {
    const request: FuzzRequest = { method: route.method, url: basePath, headers: extra };
    if (route.method !== 'GET') {
      request.headers = { ...extra, 'content-type': 'application/json' };
      request.payload = '{}';
    }
    list.push([`headers: ${Object.keys(extra).join(',')}`, request]);
  }
  return list;
}

// ---------------------------------------------------------------------------------------------------------

test('the route table lists the API (new routes are fuzzed automatically)', () => {
  const names = routes.map((r) => `${r.method} ${r.url}`);
  expect(names).toContain('POST /v1/auth/code');
  expect(names).toContain('GET /v1/places');
  expect(names).toContain('POST /v1/flights/search');
  expect(routes.length).toBeGreaterThanOrEqual(10);
});

describe.each(
  // Routes are known only once the app is built: resolve them lazily, one describe per route.
  await (async () => {
    const database = await createTestDatabase();
    const app = await buildTestApi(database.db);
    const list = listRoutes(routesOf(app));
    await app.close();
    await database.close();
    return list.map((r) => [`${r.method} ${r.url}`, r.method, r.url] as const);
  })(),
)('%s', (_name, method, url) => {
  const route = () => routes.find((r) => r.method === method && r.url === url)!;

  test('hand-written hostile requests', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const [name, request] of hostileRequests(route())) {
      const problem = await check(request, route());
      if (problem) problems.push(`${name}: ${problem}`);
    }
    expect(problems).toEqual([]);
    finished++;
  });

  test(`${RUNS} generated requests from the route's schemas`, { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(route()), async (request) => {
        const problem = await check(request, route());
        if (problem) throw new Error(problem);
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
    finished++;
  });
});
