import { describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { pino } from 'pino';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  loggedUrl,
  loggerOptions,
  redactingChildLogger,
  requestIdFor,
  scrubLinks,
  scrubUrl,
} from './logging.ts';
import { capturedLog } from './testing/captured-log.ts';

const SECRETS = ['123456', 'tok-9f8e7d6c', 'sess=abc', '4242424242424242', '737', 'AB1234567'];

describe('redaction', () => {
  test('codes, tokens, cookies, card data and document numbers never reach the log', () => {
    const { lines, stream } = capturedLog();
    const log = pino(loggerOptions('info'), stream);
    log.info({
      req: { headers: { authorization: 'Bearer tok-9f8e7d6c', cookie: 'sess=abc' } },
      body: { email: 'a@example.com', code: '123456' },
      token: 'tok-9f8e7d6c',
      payment: { card: { number: '4242424242424242', cvc: '737' } },
      order: { passengers: [{ given_name: 'Ali', document: { number: 'AB1234567' } }] },
      passengers: [{ document: { number: 'AB1234567' } }],
      document_number: 'AB1234567',
    });
    log.info({ headers: { authorization: 'Bearer tok-9f8e7d6c', 'set-cookie': 'sess=abc' } }, 'reply');
    // Without the line's time and pid, whose digits may hold a short secret such as '737' by chance (it did at
    // 2027-10-31T00:30Z: time 1824942737208).
    const text = lines
      .map((line) => {
        const { time: _time, pid: _pid, ...rest } = JSON.parse(line) as Record<string, unknown>;
        return JSON.stringify(rest);
      })
      .join('\n');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
    // What is not secret stays readable.
    expect(text).toContain('a@example.com');
    expect(text).toContain('Ali');
  });

  test('redaction reaches child bindings, errors and any depth, and leaves the logged object as it was', () => {
    const { lines, stream } = capturedLog();
    const log = pino(loggerOptions('info'), stream);
    const logged = {
      deep: { a: { b: { c: { token: 'tok-9f8e7d6c' } } } },
      list: [[{ body: { code: '123456' } }]],
      at: new Date(0),
    };
    log.child({ reqId: 'r1' }).info(logged, 'deep');
    const failure = Object.assign(new Error('declined'), { card_number: '4242424242424242' });
    log.error({ err: failure }, 'failed');
    const text = lines.join('\n');
    for (const secret of ['tok-9f8e7d6c', '123456', '4242424242424242']) expect(text).not.toContain(secret);
    const [first, second] = lines.map((l) => JSON.parse(l));
    expect(first).toMatchObject({ reqId: 'r1', at: '1970-01-01T00:00:00.000Z' });
    expect(first.deep.a.b.c.token).toBe('[redacted]');
    expect(second.err).toMatchObject({ message: 'declined', card_number: '[redacted]', type: 'Error' });
    expect(second.err.stack).toContain('declined');
    // The caller's objects keep their values.
    expect(logged.deep.a.b.c.token).toBe('tok-9f8e7d6c');
    expect(logged.list[0]![0]!.body.code).toBe('123456');
    expect(failure.card_number).toBe('4242424242424242');
  });

  test('secret query parameters are masked in logged URLs', () => {
    expect(scrubUrl('/en/login/unlock?email=a%40b.c&token=abc123')).toBe(
      '/en/login/unlock?email=a%40b.c&token=[redacted]',
    );
    expect(scrubUrl('/en/orders/o1?access=xyz&x=1&Code=9')).toBe(
      '/en/orders/o1?access=[redacted]&x=1&Code=[redacted]',
    );
    expect(scrubUrl('/en/orders/o1?access_token[]=xyz&access_token[a]=y')).toBe(
      '/en/orders/o1?access_token[]=[redacted]&access_token[a]=[redacted]',
    );
    expect(scrubUrl('/v1/places?q=tas')).toBe('/v1/places?q=tas');
    expect(scrubUrl('/a?%E0%A4%A=1&token')).toBe('/a?%E0%A4%A=1&token');
  });

  test('a path carrying a secret is logged by its route pattern, its query still masked', () => {
    expect(loggedUrl('/v1/sandbox-pay/sbx_abc?token=t1&lang=en', '/v1/sandbox-pay/:session')).toBe(
      '/v1/sandbox-pay/:session?token=[redacted]&lang=en',
    );
    expect(loggedUrl('/v1/sandbox-pay/sbx_abc/3ds', '/v1/sandbox-pay/:session/3ds')).toBe(
      '/v1/sandbox-pay/:session/3ds',
    );
    expect(loggedUrl('/x/k1', '/x/:key')).toBe('/x/:key');
    // A record's id is no secret: the path stays as asked, for finding the request.
    expect(loggedUrl('/v1/orders/ord_1?access_token=a', '/v1/orders/:id')).toBe(
      '/v1/orders/ord_1?access_token=[redacted]',
    );
    expect(loggedUrl('/v1/sessions_list', '/v1/:sessions_list')).toBe('/v1/sessions_list');
    expect(loggedUrl('/nowhere/sbx_abc', undefined)).toBe('/nowhere/sbx_abc');
  });

  test('secret query parameters are masked in the links of a text (an email written to the log)', () => {
    expect(
      scrubLinks('Open: https://site.example/en/orders/ord_1?access_token=abc-DEF_123\nor /x?a=1&token=q.'),
    ).toBe('Open: https://site.example/en/orders/ord_1?access_token=[redacted]\nor /x?a=1&token=[redacted]');
    expect(scrubLinks('Your code is 123456')).toBe('Your code is 123456');
  });

  test("a request's logger has its bindings redacted, and every child logger is made that way", () => {
    const { lines, stream } = capturedLog();
    const root = pino(loggerOptions('info'), stream);
    const app = Fastify();
    const child = redactingChildLogger.call(
      app,
      root,
      { reqId: 'r2', token: 'tok-9f8e7d6c' },
      {},
      {} as never,
    );
    child.info('hello');
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'r2', token: '[redacted]', msg: 'hello' });
    // pino writes a child's bindings without its formatters: a child made elsewhere would skip redaction.
    const repo = path.resolve(import.meta.dirname, '../../..');
    const sources = execFileSync('git', ['grep', '-l', '-E', '\\.child\\(', '--', '*.ts', '*.tsx'], {
      cwd: repo,
    })
      .toString()
      .split('\n')
      .filter((file) => file && !file.endsWith('.test.ts'));
    expect(sources.sort()).toEqual(['apps/api/src/logging.ts', 'apps/web/app/lib/log.server.ts']);
  });

  test("Fastify's request log carries the request id and a masked URL", async () => {
    const { lines, stream } = capturedLog();
    const app = Fastify({ logger: { ...loggerOptions('info'), stream }, genReqId: requestIdFor });
    app.get('/unlock', async () => ({ ok: true }));
    await app.inject({ url: '/unlock?token=s3cr3t-value', headers: { 'x-request-id': 'from-web-1' } });
    await app.close();
    const entries = lines.map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string } });
    const incoming = entries.find((e) => e.req);
    expect(incoming?.reqId).toBe('from-web-1');
    expect(incoming?.req?.url).toBe('/unlock?token=[redacted]');
    expect(lines.join('\n')).not.toContain('s3cr3t-value');
  });

  test("Fastify's request log names a route with a secret in its path by its pattern", async () => {
    const { lines, stream } = capturedLog();
    const app = Fastify({ logger: { ...loggerOptions('info'), stream }, genReqId: requestIdFor });
    app.get('/pay/:session', async () => ({ ok: true }));
    await app.inject({ url: '/pay/sbx_s3cr3t?x=1' });
    await app.close();
    const incoming = lines.map((l) => JSON.parse(l) as { req?: { url: string } }).find((e) => e.req);
    expect(incoming?.req?.url).toBe('/pay/:session?x=1');
    expect(lines.join('\n')).not.toContain('s3cr3t');
  });
});
