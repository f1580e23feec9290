import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AddressInfo } from 'node:net';
import { RouterContextProvider } from 'react-router';
import { createApiClient, type ApiClient } from '../lib/api.server.ts';
import { requestStateContext, type RequestState } from '../lib/request-context.server.ts';
import { testRequestState } from './request-state.ts';

/** One request the stand-in API was sent. */
export type Asked = { method: string; path: string; body: unknown; headers: IncomingHttpHeaders };

/** An answer: its status and JSON body (none for 204). */
export type Answer = { status: number; body?: unknown };

/**
 * A real HTTP server on loopback playing the API for a route's action: `answer` gives each request its
 * answer as the endpoint's contract writes it, and every request is noted in `asked`, so a test sees what
 * an action sent, or that it sent nothing.
 */
export async function startApiStandIn(answer: (asked: Asked) => Answer) {
  const asked: Asked[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const request: Asked = {
        method: req.method ?? '',
        path: new URL(req.url ?? '/', 'http://localhost').pathname,
        body: text ? (JSON.parse(text) as unknown) : undefined,
        headers: req.headers,
      };
      asked.push(request);
      const { status, body } = answer(request);
      if (body === undefined) res.writeHead(status).end();
      else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api: ApiClient = createApiClient({ baseUrl, anonymousToken: 'anon' });
  return {
    api,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The API's answer to a path it does not have (the contract's error body). */
export const NOT_FOUND: Answer = {
  status: 404,
  body: { error: { code: 'not_found', message: 'Not found.' } },
};

/** `GET /v1/ops/me` for a signed-in member of staff with that role (second factor done unless said). */
export const opsMe = (role: 'operator' | 'admin', secondFactor = 'verified'): Answer => ({
  status: 200,
  body: {
    data: { email: `${role === 'admin' ? 'admin' : 'op'}@example.com`, role, second_factor: secondFactor },
  },
});

/**
 * The stand-in for a whole test file: started before its tests, closed after them, and its `asked` emptied
 * before each test.
 */
export function useApiStandIn(answer: (asked: Asked) => Answer) {
  let started: Awaited<ReturnType<typeof startApiStandIn>> | undefined;
  beforeAll(async () => {
    started = await startApiStandIn(answer);
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    if (started) started.asked.length = 0;
  });
  return {
    get api() {
      return started!.api;
    },
    get asked() {
      return started!.asked;
    },
  };
}

/**
 * The console's API for one page's tests (packages/contracts/src/ops-endpoints.ts): `GET /v1/ops/me` answers
 * `me`, each of `routes` (keyed `"POST /v1/ops/staff"`) its answer, anything else NOT_FOUND; `sent()` is
 * what an action sent besides asking who is signed in.
 */
export function useOpsStandIn(me: Answer, routes: Record<string, Answer>) {
  const standIn = useApiStandIn(({ method, path }) =>
    method === 'GET' && path === '/v1/ops/me' ? me : (routes[`${method} ${path}`] ?? NOT_FOUND),
  );
  return Object.assign(standIn, { sent: () => standIn.asked.filter((a) => a.method !== 'GET') });
}

/** A route action's arguments as React Router gives them, for a form posted to `path` without JavaScript. */
export function postedForm<P extends Record<string, string>>(
  api: ApiClient,
  path: string,
  fields: Record<string, string>,
  params: P,
  state: Partial<RequestState> = {},
) {
  const context = new RouterContextProvider();
  context.set(requestStateContext, testRequestState(api, state));
  const request = new Request(`http://localhost${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  return { request, url: new URL(request.url), pattern: path, params, context };
}

/**
 * A poster of forms to one page's action without JavaScript: each call posts `fields` to `path` against the
 * stand-in, as a signed-in member of staff unless `state` says otherwise, and gives the action's answer.
 */
export function formPoster<T, P extends Record<string, string>>(
  standIn: { readonly api: ApiClient },
  action: (args: ReturnType<typeof postedForm<P>>) => Promise<unknown>,
  path: string,
  params: P,
  state: Partial<RequestState> = { token: 'staff' },
) {
  return (fields: Record<string, string>) =>
    answerOf<T>(() => action(postedForm(standIn.api, path, fields, params, state)));
}

/** An action's answer: its data and status, or the Response it threw. */
export async function answerOf<T>(run: () => Promise<unknown>) {
  try {
    const answer = (await run()) as { data: T; init: ResponseInit | null };
    return { data: answer.data, status: answer.init?.status ?? 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { thrown };
    throw thrown;
  }
}
