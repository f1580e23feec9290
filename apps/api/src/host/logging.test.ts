import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { pino } from 'pino';
import { loggerOptions, requestIdFor, scrubLinks, scrubUrl } from './logging.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

const SECRETS = ['123456', 'tok-9f8e7d6c', 'sess=abc', '4242424242424242', '737', 'AB1234567'];

describe('redaction', () => {
  test('codes, tokens, cookies, card data and document numbers never reach the log', () => {
    const { lines, stream } = capture();
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
    const text = lines.join('\n');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
    // What is not secret stays readable.
    expect(text).toContain('a@example.com');
    expect(text).toContain('Ali');
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

  test('secret query parameters are masked in the links of a text (an email written to the log)', () => {
    expect(
      scrubLinks('Open: https://site.example/en/orders/ord_1?access_token=abc-DEF_123\nor /x?a=1&token=q.'),
    ).toBe('Open: https://site.example/en/orders/ord_1?access_token=[redacted]\nor /x?a=1&token=[redacted]');
    expect(scrubLinks('Your code is 123456')).toBe('Your code is 123456');
  });

  test("Fastify's request log carries the request id and a masked URL", async () => {
    const { lines, stream } = capture();
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
});
