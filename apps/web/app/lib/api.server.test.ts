import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  ApiError,
  ApiNetworkError,
  createApiClient,
  retriesFor,
  retryAfterMs,
  RETRY_STATUSES,
  type ApiClientOptions,
} from './api.server.ts';
import { parseQuery } from './query-string.ts';

// A real HTTP server on loopback. Each test scripts its own path: the nth request to it is answered by
// the nth responder (the last one repeats), and every request is recorded as the server saw it.

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
type Responder = (req: IncomingMessage, res: ServerResponse) => void;
type Route = { path: string; requests: Recorded[]; events: string[] };

let server: Server;
let baseUrl: string;
let routeCount = 0;
const routes = new Map<string, { route: Route; responders: Responder[] }>();
const timers: NodeJS.Timeout[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      const entry = routes.get(url.split('?')[0] ?? url);
      if (!entry) {
        res.writeHead(500).end('unscripted');
        return;
      }
      const { route, responders } = entry;
      route.requests.push({
        method: req.method ?? '',
        url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      route.events.push(`request ${route.requests.length}`);
      const responder = responders[Math.min(route.requests.length, responders.length) - 1];
      responder?.(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  for (const timer of timers.splice(0)) clearTimeout(timer);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function route(...responders: Responder[]): Route {
  const path = `/v1/t/${++routeCount}`;
  const entry = { route: { path, requests: [], events: [] }, responders };
  routes.set(path, entry);
  return entry.route;
}

function json(
  status: number,
  body: unknown = { ok: status },
  headers: Record<string, string> = {},
): Responder {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
}

/** Drops the connection without answering. */
const destroy: Responder = (req) => {
  req.socket.destroy();
};

/** Never answers (until the client gives up). */
const hang: Responder = () => {};

/** Sends the headers and half the body, then drops the connection. */
const truncated: Responder = (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
  res.write('{"partial":');
  setTimeout(() => req.socket.destroy(), 10);
};

/** Pushes `label` onto the route's events after `ms`. */
function markAfter(route: Route, ms: number, label: string): void {
  timers.push(setTimeout(() => route.events.push(label), ms));
}

function client(options: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl, anonymousToken: 'anon-public', ...options });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject');
}

describe('headers', () => {
  test('bearer is the user token when given', async () => {
    const r = route(json(200));
    await client({ token: 'user-token-1' }).get(r.path);
    expect(r.requests[0]?.headers.authorization).toBe('Bearer user-token-1');
  });

  test('bearer is the anonymous credential without a token (null, empty or missing)', async () => {
    const r = route(json(200));
    await client().get(r.path);
    await client({ token: null }).get(r.path);
    await client({ token: '' }).get(r.path);
    expect(r.requests.map((q) => q.headers.authorization)).toEqual(Array(3).fill('Bearer anon-public'));
  });

  test('X-Request-Id only when a request id is given; JSON accepted', async () => {
    const r = route(json(200));
    await client({ requestId: 'req-42' }).get(r.path);
    await client().get(r.path);
    expect(r.requests[0]?.headers['x-request-id']).toBe('req-42');
    expect(r.requests[1]?.headers['x-request-id']).toBeUndefined();
    expect(r.requests[0]?.headers.accept).toBe('application/json');
  });

  test('answers are asked for uncompressed (the API is this process or a neighbour)', async () => {
    const r = route(json(200));
    await client().get(r.path);
    await client().post(r.path, {});
    expect(r.requests.map((q) => q.headers['accept-encoding'])).toEqual(['identity', 'identity']);
  });

  test("X-Parvoz-Visitor carries the visitor's id when given, on every attempt", async () => {
    const r = route(json(503), json(200));
    await client({ visitorId: 'v'.repeat(43) }).post(r.path);
    await client().get(r.path);
    expect(r.requests.map((q) => q.headers['x-parvoz-visitor'])).toEqual([
      'v'.repeat(43),
      'v'.repeat(43),
      undefined,
    ]);
  });

  test('the visitor IP goes to the API only with the internal credential that vouches for it', async () => {
    const r = route(json(200));
    await client({ clientIp: '198.51.100.7', internalToken: 'internal-credential' }).get(r.path);
    await client({ clientIp: '198.51.100.7', internalToken: null }).get(r.path);
    await client({ clientIp: null, internalToken: 'internal-credential' }).get(r.path);
    expect(r.requests[0]?.headers['x-parvoz-client-ip']).toBe('198.51.100.7');
    expect(r.requests[0]?.headers['x-parvoz-internal-token']).toBe('internal-credential');
    for (const request of r.requests.slice(1)) {
      expect(request.headers['x-parvoz-client-ip']).toBeUndefined();
      expect(request.headers['x-parvoz-internal-token']).toBeUndefined();
    }
  });

  test('a trailing slash on the base URL is tolerated; a path must start with one "/"', async () => {
    const r = route(json(200));
    await createApiClient({ baseUrl: `${baseUrl}/`, anonymousToken: 'a' }).get(r.path);
    expect(r.requests[0]?.url).toBe(r.path);
    await expect(client().get('v1/x')).rejects.toThrow(TypeError);
    await expect(client().get('//evil.example/v1')).rejects.toThrow(TypeError);
  });
});

describe('query strings, as the server receives them', () => {
  test('indexed arrays with readable brackets', async () => {
    const r = route(json(200));
    await client().get(r.path, { query: { a: ['x', 'y'] } });
    expect(r.requests[0]?.url).toBe(`${r.path}?a[0]=x&a[1]=y`);
  });

  test('values are encoded and survive a round trip', async () => {
    const r = route(json(200));
    const query = { city: 'São Paulo & co', legs: [{ from: 'TAS', to: 'IST' }], include: 'userDetail' };
    await client().get(r.path, { query });
    const url = r.requests[0]?.url ?? '';
    expect(url).toBe(
      `${r.path}?city=S%C3%A3o%20Paulo%20%26%20co&legs[0][from]=TAS&legs[0][to]=IST&include=userDetail`,
    );
    expect(parseQuery(url.slice(url.indexOf('?')))).toEqual(query);
  });

  test('an empty query adds nothing; a path with its own query is extended', async () => {
    const r = route(json(200));
    await client().get(r.path, { query: {} });
    await client().get(`${r.path}?x=1`, { query: { y: 2 } });
    expect(r.requests.map((q) => q.url)).toEqual([r.path, `${r.path}?x=1&y=2`]);
  });
});

describe('bodies and methods', () => {
  test('resolves to the parsed JSON body', async () => {
    const r = route(json(200, { data: { data: { id: 7, name: 'Oʻzbek' } } }));
    const body = await client().get<{ data: { data: { id: number; name: string } } }>(r.path);
    expect(body.data.data).toEqual({ id: 7, name: 'Oʻzbek' });
  });

  test('an empty answer (204) resolves to undefined', async () => {
    const r = route((_req, res) => res.writeHead(204).end());
    await expect(client().delete(r.path)).resolves.toBeUndefined();
  });

  test('POST sends JSON with a content type and an Idempotency-Key', async () => {
    const r = route(json(201, { id: 1 }));
    await expect(client().post(r.path, { body: { email: 'a@b.uz', n: 2 } })).resolves.toEqual({ id: 1 });
    const seen = r.requests[0];
    expect(seen?.method).toBe('POST');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen?.body ?? '')).toEqual({ email: 'a@b.uz', n: 2 });
    expect(seen?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('every POST gets its own key; a given key is used as is', async () => {
    const r = route(json(200));
    const api = client();
    await api.post(r.path);
    await api.post(r.path);
    await api.post(r.path, { idempotencyKey: 'mine-1' });
    const keys = r.requests.map((q) => q.headers['idempotency-key']);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('mine-1');
  });

  test('PUT, PATCH and DELETE send the right method', async () => {
    const r = route(json(200));
    const api = client();
    await api.put(r.path, { body: { a: 1 } });
    await api.patch(r.path, { body: { b: 2 }, query: { q: 'v' } });
    await api.delete(r.path);
    expect(r.requests.map((q) => [q.method, q.url, q.body])).toEqual([
      ['PUT', r.path, '{"a":1}'],
      ['PATCH', `${r.path}?q=v`, '{"b":2}'],
      ['DELETE', r.path, ''],
    ]);
    expect(r.requests[0]?.headers['idempotency-key']).toBeUndefined();
    expect(r.requests[1]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.requests[2]?.headers['idempotency-key']).toBeUndefined();
    expect(r.requests[2]?.headers['content-type']).toBeUndefined();
  });
});

describe('errors', () => {
  test('a non-2xx answer rejects with ApiError carrying status, parsed body and the response', async () => {
    const r = route(json(422, { error: { code: 'invalid' } }, { 'x-extra': 'yes' }));
    const error = await rejection(client().post(r.path, { body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.body).toEqual({ error: { code: 'invalid' } });
    expect(apiError.response).toBeInstanceOf(Response);
    expect(apiError.response.status).toBe(422);
    expect(apiError.response.headers.get('x-extra')).toBe('yes');
    expect(apiError.message).toBe(`POST ${r.path} answered 422`);
  });

  test('an error body that is not JSON gives body null', async () => {
    const r = route((_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('nope'));
    const error = await rejection(client().get(r.path));
    expect(error).toMatchObject({ status: 404, body: null });
  });

  test('a 2xx body that is not JSON rejects with ApiError', async () => {
    const r = route((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'));
    const error = await rejection(client().get(r.path));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, body: null });
  });

  test('401: onUnauthorized is called once and the call rejects with the response; no retry', async () => {
    const r = route(json(401, { error: { code: 'unauthorized' } }), json(200));
    const onUnauthorized = vi.fn();
    const error = await rejection(client({ token: 'stale', onUnauthorized }).post(r.path, { body: {} }));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).response).toBeInstanceOf(Response);
    expect((error as ApiError).response.status).toBe(401);
    expect((error as ApiError).body).toEqual({ error: { code: 'unauthorized' } });
    expect(r.requests).toHaveLength(1);
  });

  test('401 on GET also calls onUnauthorized; other errors do not', async () => {
    const r401 = route(json(401));
    const r403 = route(json(403));
    const onUnauthorized = vi.fn();
    const api = client({ token: 'stale', onUnauthorized });
    await expect(api.get(r403.path)).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(api.get(r401.path)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('retries', () => {
  test('the rule: POST and PATCH once, idempotent methods never', () => {
    expect(retriesFor('POST')).toBe(1);
    expect(retriesFor('PATCH')).toBe(1);
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'] as const)
      expect(retriesFor(method)).toBe(0);
    expect([...RETRY_STATUSES].sort((a, b) => a - b)).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  test.each([408, 409, 425, 429, 500, 502, 503, 504])(
    'POST answered %i is retried once with the same key',
    async (status) => {
      const r = route(json(status, { error: { code: 'busy' } }), json(201, { created: true }));
      await expect(client().post(r.path, { body: { n: 1 } })).resolves.toEqual({ created: true });
      expect(r.requests).toHaveLength(2);
      const [first, second] = r.requests;
      expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
      expect(first?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(second?.body).toBe(first?.body);
      expect(second?.headers.authorization).toBe(first?.headers.authorization);
    },
  );

  test('PATCH answered 503 is retried once with the same key; a given key is kept on the retry', async () => {
    const r = route(json(503), json(200, { patched: true }));
    await expect(client().patch(r.path, { body: {}, idempotencyKey: 'k-1' })).resolves.toEqual({
      patched: true,
    });
    expect(r.requests.map((q) => q.headers['idempotency-key'])).toEqual(['k-1', 'k-1']);
  });

  test.each([400, 404, 422, 403])('POST answered %i is not retried', async (status) => {
    const r = route(json(status), json(200));
    await expect(client().post(r.path, { body: {} })).rejects.toMatchObject({ status });
    expect(r.requests).toHaveLength(1);
  });

  test('a sold-out booking (422 offer_unavailable) is sent once and its code is readable', async () => {
    const { ERROR_STATUS } = await import('@parvoz/contracts/errors');
    const soldOut = { error: { code: 'offer_unavailable', message: 'The seats are no longer available.' } };
    const r = route(json(ERROR_STATUS.offer_unavailable, soldOut), json(201));
    const error = await rejection(client().post(r.path, { body: {}, idempotencyKey: 'order-1' }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('offer_unavailable');
    expect(r.requests).toHaveLength(1);
  });

  test.each(['get', 'put', 'delete'] as const)('%s answered 503 is not retried', async (method) => {
    const r = route(json(503), json(200));
    const error = await rejection(client()[method](r.path));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(r.requests).toHaveLength(1);
  });

  test('a POST that fails twice rejects with the second answer after exactly 2 requests', async () => {
    const r = route(json(503, { attempt: 1 }), json(502, { attempt: 2 }), json(200));
    const error = await rejection(client().post(r.path));
    expect(error).toMatchObject({ status: 502, body: { attempt: 2 } });
    expect(r.requests).toHaveLength(2);
  });

  test('a POST whose connection is dropped is retried once with the same key', async () => {
    const r = route(destroy, json(201, { created: true }));
    await expect(client().post(r.path, { body: { n: 1 } })).resolves.toEqual({ created: true });
    expect(r.requests).toHaveLength(2);
    expect(r.requests[1]?.headers['idempotency-key']).toBe(r.requests[0]?.headers['idempotency-key']);
  });

  test('a POST whose answer is cut off mid-body is retried once with the same key', async () => {
    const r = route(truncated, json(200, { whole: true }));
    await expect(client().post(r.path)).resolves.toEqual({ whole: true });
    expect(r.requests).toHaveLength(2);
    expect(r.requests[1]?.headers['idempotency-key']).toBe(r.requests[0]?.headers['idempotency-key']);
  });

  test('a POST whose connection drops twice rejects with ApiNetworkError', async () => {
    const r = route(destroy, destroy, json(200));
    const error = await rejection(client().post(r.path));
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect(error).toMatchObject({ method: 'POST', path: r.path, timedOut: false });
    expect(r.requests).toHaveLength(2);
  });

  test('a GET whose connection is dropped is not retried', async () => {
    const r = route(destroy, json(200));
    const error = await rejection(client().get(r.path));
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect(r.requests).toHaveLength(1);
  });

  test('nothing listening: rejects with ApiNetworkError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, anonymousToken: 'a' });
    await expect(api.post('/v1/x')).rejects.toBeInstanceOf(ApiNetworkError);
  });
});

describe('timeouts and aborts', () => {
  test('a timed-out POST is aborted and retried once with the same key', async () => {
    const r = route(hang, json(200, { late: false }));
    await expect(client({ timeoutMs: 300 }).post(r.path)).resolves.toEqual({ late: false });
    expect(r.requests).toHaveLength(2);
    expect(r.requests[1]?.headers['idempotency-key']).toBe(r.requests[0]?.headers['idempotency-key']);
  });

  test('a timed-out GET rejects with ApiNetworkError (timedOut) after one request', async () => {
    const r = route(hang, json(200));
    const error = await rejection(client({ timeoutMs: 300 }).get(r.path));
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect(error).toMatchObject({ timedOut: true, message: `GET ${r.path} timed out` });
    expect(r.requests).toHaveLength(1);
  });

  test('a call aborted by the caller is not retried and rejects with the abort reason', async () => {
    const r = route(hang, json(200));
    const controller = new AbortController();
    const call = client().post(r.path, { signal: controller.signal });
    await vi.waitFor(() => expect(r.requests).toHaveLength(1));
    controller.abort();
    const error = await rejection(call);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(r.requests).toHaveLength(1);
  });

  test('an abort while waiting to retry stops the retry', async () => {
    const r = route(json(503, {}, { 'retry-after': '2' }), json(200));
    const controller = new AbortController();
    const call = client().post(r.path, { signal: controller.signal });
    await vi.waitFor(() => expect(r.requests).toHaveLength(1));
    controller.abort();
    expect(await rejection(call)).toMatchObject({ name: 'AbortError' });
    expect(r.requests).toHaveLength(1);
  });
});

describe('Retry-After', () => {
  // Each case sets markers after the first answer (labelled by their delay); where the retry falls among them
  // shows how long it waited.
  test.each([
    // Retry-After: 1 → the retry comes after a marker set 500 ms after the first answer.
    {
      name: 'is honoured: the retry waits for it',
      status: 503,
      retryAfter: '1',
      markers: [500],
      events: ['request 1', 'marker 500ms', 'request 2'],
    },
    // Retry-After: 3600 → the retry still comes after 1.5 s but before a marker 5 s out.
    {
      name: 'is capped at 2 seconds',
      status: 429,
      retryAfter: '3600',
      markers: [1500, 5000],
      events: ['request 1', 'marker 1500ms', 'request 2'],
    },
    {
      name: 'without it, a short backoff',
      status: 503,
      retryAfter: null,
      markers: [1000],
      events: ['request 1', 'request 2'],
    },
  ])('$name', async ({ status, retryAfter, markers, events }) => {
    const r = route(
      (req, res) => {
        for (const ms of markers) markAfter(r, ms, `marker ${ms}ms`);
        json(status, {}, retryAfter === null ? {} : { 'retry-after': retryAfter })(req, res);
      },
      json(201, { ok: true }),
    );
    await expect(client().post(r.path)).resolves.toEqual({ ok: true });
    expect(r.events).toEqual(events);
  });

  test('retryAfterMs reads seconds and HTTP dates, capped at 2 s', () => {
    const now = Date.parse('2026-03-05T10:00:00Z');
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs(' 1 ', now)).toBe(1000);
    expect(retryAfterMs('3600', now)).toBe(2000);
    expect(retryAfterMs('Thu, 05 Mar 2026 10:00:01 GMT', now)).toBe(1000);
    expect(retryAfterMs('Thu, 05 Mar 2026 11:00:00 GMT', now)).toBe(2000);
    expect(retryAfterMs('Thu, 05 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('-1', now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
