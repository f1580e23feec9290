/**
 * The drain on a real server on loopback: requests in flight finish, new ones get 503 with Connection: close
 * and Retry-After, follow-up calls of a request in flight (same request id) still pass, and the timeout cuts
 * what is left.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { installDrain } from './lifecycle.ts';
import { requestIdFor } from '@parvoz/api/logging';

async function start(timeoutMs: number, slowMs: number, { closeNeverEnds = false } = {}) {
  const app = Fastify({ logger: false, genReqId: requestIdFor, return503OnClosing: false });
  const drain = installDrain(app, { timeoutMs });
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });
  // A worker whose stop waits on a call that never answers.
  if (closeNeverEnds) app.addHook('onClose', () => new Promise<void>(() => undefined));
  app.get('/slow', async () => {
    await sleep(slowMs);
    return { ok: true };
  });
  app.get('/fast', async () => ({ ok: true }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, drain, url, isClosed: () => closed };
}

describe('graceful shutdown', () => {
  test('in-flight requests finish; new ones get a retryable 503; then the app closes', async () => {
    const { drain, url, isClosed } = await start(5_000, 1_000);
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      fetch(`${url}/slow`, { headers: { 'x-request-id': `slow-${i}` } }),
    );
    // Every request has reached the handler (polled: a loaded machine takes longer than any fixed wait).
    await expect.poll(() => drain.inFlight, { timeout: 10_000 }).toBe(20);
    const closing = drain.shutdown();
    expect(drain.draining).toBe(true);

    const refused = await fetch(`${url}/fast`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
    // A call made by a request in flight (the web half calling the API with the page's id) still passes.
    const followUp = await fetch(`${url}/fast`, { headers: { 'x-request-id': 'slow-3' } });
    expect(followUp.status).toBe(200);

    const answers = await Promise.all(inFlight);
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(answers.every((r) => r.headers.get('connection') === 'close')).toBe(true);
    expect(await closing).toEqual({ forced: false });
    expect(isClosed()).toBe(true);
    await expect(fetch(`${url}/fast`)).rejects.toThrow();
    // Idempotent.
    expect(await drain.shutdown()).toEqual({ forced: false });
  });

  test('the drain timeout cuts connections still open and reports it', async () => {
    const { drain, url, isClosed } = await start(200, 5_000);
    const stuck = fetch(`${url}/slow`).then(
      (r) => r.status,
      (error: Error) => error.name,
    );
    await expect.poll(() => drain.inFlight, { timeout: 10_000 }).toBe(1);
    const started = Date.now();
    expect(await drain.shutdown()).toEqual({ forced: true });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(isClosed()).toBe(true);
    expect(await stuck).toBe('TypeError');
  });

  test('with nothing in flight it closes at once', async () => {
    const { drain } = await start(5_000, 10);
    const started = Date.now();
    expect(await drain.shutdown()).toEqual({ forced: false });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  test('a part that never finishes closing (a worker, a pool) cannot keep the process: cut after the timeout', async () => {
    const { drain } = await start(300, 10, { closeNeverEnds: true });
    const started = Date.now();
    expect(await drain.shutdown()).toEqual({ forced: true });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
