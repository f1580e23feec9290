/**
 * Several processes on one port (docs/operations.md#scaling-out): PARVOZ_WORKERS=2 with PostgreSQL. Both
 * workers answer, a page's calls to the API stay in the worker that renders it (docs/duffel.md: a streamed
 * search's second stage finds its first), a crashed worker is replaced, and SIGTERM drains every worker
 * before the server exits 0. Needs DATABASE_URL (npm test starts a PostgreSQL server for the suite).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestDatabase } from '@parvoz/db/testing';
import { startSite, type RunningSite, postgresTestDatabase } from './support/server.ts';

let database: TestDatabase;
let site: RunningSite;

const listening = () => site.logs.filter((l) => l.includes('Parvoz listening on'));
const pidsOf = (lines: string[]) =>
  new Set(lines.flatMap((l) => (l.startsWith('{') ? [JSON.parse(l).pid as number] : [])));

beforeAll(async () => {
  database = await postgresTestDatabase();
  site = await startSite({ DATABASE_URL: database.url!, PARVOZ_WORKERS: '2' });
  const deadline = Date.now() + 60_000;
  while (listening().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
});

afterAll(async () => {
  await site?.stop();
  await database?.close();
});

test('two workers share the port and both answer, pages and API alike', async () => {
  expect(listening()).toHaveLength(2);
  // The primary hands each connection to a worker that is free: on a busy machine one worker can take a whole
  // burst while the other is still warming up, so bursts go on (each answered 200) until both have served.
  const served = () => pidsOf(site.logs.filter((l) => l.includes('"request completed"')));
  for (let burst = 0; burst < 20 && served().size < 2; burst++) {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(`${site.url}${i % 2 ? '/health' : '/en/info/help'}`)),
    );
    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
  }
  expect(served().size).toBe(2);
});

test('every API call a page makes is answered by the worker rendering the page (its own loopback port)', async () => {
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const results = `/en/flight/TAS${day.slice(8, 10)}${day.slice(5, 7)}IST1`;
  const lines = () => site.logs.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  type Call = { pid: number; reqId: string; url: string };
  const calls = (): Call[] =>
    lines()
      .filter((l) => l.msg === 'incoming request' && l.req?.url)
      .map((l) => ({ pid: l.pid, reqId: l.reqId, url: l.req.url }));
  // Results pages ask the API for the search (and the calendar of the route), with the page's request id.
  for (let burst = 0; burst < 20; burst++) {
    const pages = new Set(
      calls()
        .filter((c) => c.url.startsWith('/en/flight/'))
        .map((c) => c.pid),
    );
    if (burst > 0 && pages.size === 2) break;
    const answers = await Promise.all(Array.from({ length: 12 }, () => fetch(`${site.url}${results}`)));
    expect(answers.map((a) => a.status).every((status) => status === 200)).toBe(true);
  }
  const all = calls();
  const pageOf = new Map(all.filter((c) => c.url.startsWith('/en/flight/')).map((c) => [c.reqId, c]));
  const fromPages = all.filter((c) => c.url.startsWith('/v1/') && pageOf.has(c.reqId));
  expect(new Set([...pageOf.values()].map((c) => c.pid)).size).toBe(2);
  expect(fromPages.length).toBeGreaterThanOrEqual(pageOf.size);
  expect(fromPages.filter((c) => c.pid !== pageOf.get(c.reqId)!.pid)).toEqual([]);
});

test('a worker that dies is replaced; SIGTERM drains every worker and the server exits 0', async () => {
  const workers = pidsOf(listening());
  const victim = [...workers][0]!;
  process.kill(victim, 'SIGKILL');
  await expect.poll(() => listening().length, { timeout: 60_000 }).toBe(3);
  expect(site.logs.some((l) => l.includes('worker exited: starting another'))).toBe(true);
  expect((await fetch(`${site.url}/health`)).status).toBe(200);

  const exited = new Promise<number | null>((resolve) => site.process.once('exit', resolve));
  site.process.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(site.logs.filter((l) => l.includes('"msg":"shut down"'))).toHaveLength(2);
});
