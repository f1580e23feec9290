import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { endpoint, noContentSchema } from '@parvoz/contracts/endpoint';
import { reason } from '@parvoz/contracts/refusals';
import { ApiError, createApiClient } from './api.server.ts';
import { ApiRefusal, callEndpoint, ContractMismatchError, refusalOf } from './endpoint-client.server.ts';

// A real HTTP server on loopback: it records each request and answers with what the test set for it.
type Seen = { method: string; url: string; body: string };
let server: Server;
let seen: Seen[] = [];
let answer: { status: number; body?: unknown } = { status: 200 };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (answer.body === undefined) res.writeHead(answer.status).end();
      else
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function api() {
  seen = [];
  const { port } = server.address() as AddressInfo;
  return createApiClient({ baseUrl: `http://127.0.0.1:${port}`, anonymousToken: 'anon' });
}

const rename = endpoint({
  method: 'PATCH',
  path: '/v1/things/{id}',
  summary: 'test',
  access: 'user',
  params: z.object({ id: z.string() }),
  query: z.object({ lang: z.string() }),
  body: z.object({ name: z.string() }),
  response: z.object({ data: z.object({ id: z.string(), name: z.string() }) }),
});

const remove = endpoint({
  method: 'DELETE',
  path: '/v1/things/{id}',
  summary: 'test',
  access: 'user',
  params: z.object({ id: z.string() }),
  status: 204,
  response: noContentSchema,
});

test('calls the method and path of the contract with its query and body, and gives the answer', async () => {
  answer = { status: 200, body: { data: { id: 'a b', name: 'New' } } };
  const client = api();
  const result = await callEndpoint(client, rename, {
    params: { id: 'a b' },
    query: { lang: 'uz' },
    body: { name: 'New' },
  });
  expect(result.data.name).toBe('New');
  expect(seen).toEqual([{ method: 'PATCH', url: '/v1/things/a%20b?lang=uz', body: '{"name":"New"}' }]);
});

test('an answer outside the contract is refused, naming the field', async () => {
  answer = { status: 200, body: { data: { id: 'x', name: 7 } } };
  await expect(
    callEndpoint(api(), rename, { params: { id: 'x' }, query: { lang: 'en' }, body: { name: 'New' } }),
  ).rejects.toThrow(
    new ContractMismatchError(
      'PATCH /v1/things/{id}: data.name: Invalid input: expected string, received number',
    ),
  );
});

test('a 204 endpoint resolves to undefined; a body where none belongs is refused', async () => {
  answer = { status: 204 };
  const client = api();
  const done: undefined = await callEndpoint(client, remove, { params: { id: 'x' } });
  expect(done).toBeUndefined();
  expect(seen).toEqual([{ method: 'DELETE', url: '/v1/things/x', body: '' }]);

  answer = { status: 200, body: { deleted: true } };
  await expect(callEndpoint(api(), remove, { params: { id: 'x' } })).rejects.toBeInstanceOf(
    ContractMismatchError,
  );
});

const find = endpoint({
  method: 'GET',
  path: '/v1/things',
  summary: 'test',
  access: 'public',
  query: z.object({ q: z.string().optional() }),
  response: z.object({ data: z.array(z.string()) }),
});

test('a query whose fields are all optional may be left out; a path parameter may not', async () => {
  answer = { status: 200, body: { data: [] } };
  const client = api();
  expect(await callEndpoint(client, find, {})).toEqual({ data: [] });
  expect(seen[0]?.url).toBe('/v1/things');
  // @ts-expect-error `params` is required by the contract's path
  await expect(callEndpoint(client, remove, {})).rejects.toThrow(/missing path parameter id/);
  expect(seen).toHaveLength(1);
  // Checked by the compiler only (never called): a body with a required field stays required.
  // @ts-expect-error `body` is required by the contract
  void (() => callEndpoint(client, rename, { params: { id: 'x' }, query: { lang: 'en' } }));
});

test('a refusal the contract lists rejects typed (ApiRefusal); another stays a plain ApiError', async () => {
  const cancel = endpoint({
    method: 'POST',
    path: '/v1/things',
    summary: 'test',
    access: 'public',
    response: z.object({ data: z.object({ id: z.string() }) }),
    refusals: { unprocessable: [reason('departed'), reason('too_late', { minutes: z.number() })] },
  });
  answer = {
    status: 422,
    body: { error: { code: 'unprocessable', message: 'x', details: { reason: 'too_late', minutes: 5 } } },
  };
  const error = await callEndpoint(api(), cancel, {}).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiRefusal);
  expect((error as ApiError).status).toBe(422);
  const refusal = refusalOf(error, cancel);
  // Typed by the contract: the reason narrows the details.
  if (refusal?.code !== 'unprocessable' || refusal.details.reason !== 'too_late') throw new Error('untyped');
  expect(refusal.details.minutes).toBe(5);

  answer = {
    status: 422,
    body: { error: { code: 'unprocessable', message: 'x', details: { reason: 'other' } } },
  };
  const unlisted = await callEndpoint(api(), cancel, {}).catch((e: unknown) => e);
  expect(unlisted).toBeInstanceOf(ApiError);
  expect(unlisted).not.toBeInstanceOf(ApiRefusal);
  expect(refusalOf(unlisted, cancel)).toBeNull();
});
