import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fetchApiFile, fileFailure, fileFailureOf, privateDownload } from './api-file.server.ts';

let server: Server;
let seen: { url: string | undefined; accept: string | undefined } | null = null;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen = { url: req.url, accept: req.headers.accept };
    res.writeHead(200, { 'content-type': 'text/csv' }).end('a,b\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  delete process.env.API_URL;
  await new Promise((resolve) => server.close(resolve));
});

test('a file comes from the API path as it is, with the headers given', async () => {
  const answer = await fetchApiFile(
    new Request('http://web/x'),
    '/v1/x.csv?a=1',
    { accept: 'text/csv' },
    5_000,
  );
  expect(await answer.text()).toBe('a,b\n');
  expect(seen).toEqual({ url: '/v1/x.csv?a=1', accept: 'text/csv' });
});

test('no answer from the API is a 503 thrown', async () => {
  process.env.API_URL = 'http://127.0.0.1:1';
  await expect(fetchApiFile(new Request('http://web/x'), '/v1/x', {}, 5_000)).rejects.toMatchObject({
    status: 503,
    statusText: 'Service Unavailable',
  });
});

test("a refused answer: the API's 5xx is a 503, its 429 stays, anything else is a 404", () => {
  const of = (status: number) => fileFailureOf(new Response(null, { status }));
  expect([500, 502, 429, 404, 401, 400].map((status) => of(status).status)).toEqual([
    503, 503, 429, 404, 404, 404,
  ]);
  expect(fileFailure(429).statusText).toBe('Too Many Requests');
  expect(fileFailure(404).statusText).toBe('Not Found');
});

test.each<{ case: string; api: Record<string, string>; disposition: string; length: string | null }>([
  {
    case: 'named by the API, with its length',
    api: { 'content-disposition': 'attachment; filename="e-ticket-ABC123.pdf"', 'content-length': '4' },
    disposition: 'attachment; filename="e-ticket-ABC123.pdf"',
    length: '4',
  },
  {
    case: 'unnamed: the fallback name; no length given',
    api: {},
    disposition: 'attachment; filename="orders-2026-11-01-2026-11-28.csv"',
    length: null,
  },
  {
    case: 'compressed by the API: its length is not the body fetch hands over',
    api: { 'content-encoding': 'gzip', 'content-length': '2' },
    disposition: 'attachment; filename="orders-2026-11-01-2026-11-28.csv"',
    length: null,
  },
])('a download is passed on private, unsniffed and named: $case', async ({ api, disposition, length }) => {
  const download = privateDownload(
    new Response('a,b\n', { headers: api }),
    'text/csv; charset=utf-8',
    'orders-2026-11-01-2026-11-28.csv',
  );
  expect(download.status).toBe(200);
  expect(Object.fromEntries(download.headers)).toEqual({
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': disposition,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    ...(length ? { 'content-length': length } : {}),
  });
  expect(await download.text()).toBe('a,b\n');
});
