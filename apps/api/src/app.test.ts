import { describe, expect, test } from 'vitest';
import { TEST_ANONYMOUS_TOKEN, useTestApi } from './testing/api.ts';

const api = useTestApi();

function nested(depth: number): string {
  return `a${'[b]'.repeat(depth)}=1`;
}

describe('GET /v1/user/get-me', () => {
  test.each([
    ['no credential', {}],
    ['the anonymous credential', { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}` }],
    ['an unknown token', { authorization: 'Bearer not-a-real-session-token-0123456789abcdef' }],
    ['a malformed header', { authorization: 'Basic abc' }],
  ])('answers 401 with the error envelope for %s', async (_name, headers) => {
    const response = await api.app.inject({
      method: 'GET',
      url: '/v1/user/get-me?include=userDetail',
      headers,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  test('an unknown include value is a 400, not a 500', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/v1/user/get-me?include=passwords' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});

describe('query-string limits (depth 5, 20 array items, 1000 parameters)', () => {
  test('within the limits the request is handled', async () => {
    const items = Array.from({ length: 20 }, (_, i) => `x[${i}]=${i}`).join('&');
    for (const query of [nested(5), items, Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&')]) {
      const response = await api.app.inject({ method: 'GET', url: `/v1/user/get-me?${query}` });
      expect(response.statusCode, query.slice(0, 40)).toBe(401);
    }
  });

  test.each([
    ['depth 6', nested(6)],
    ['21 array items', Array.from({ length: 21 }, (_, i) => `x[${i}]=${i}`).join('&')],
    ['1001 parameters', Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&')],
  ])('%s gives a 400 with the envelope', async (_name, query) => {
    const response = await api.app.inject({ method: 'GET', url: `/v1/user/get-me?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('malformed_request');
  });

  test('prototype keys in the query are not honoured', async () => {
    const response = await api.app.inject({
      method: 'GET',
      url: '/v1/user/get-me?__proto__[polluted]=1&constructor[prototype][x]=1',
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('bad input never gives a 500', () => {
  test('malformed JSON on an existing POST route is a 400', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"a": [1, 2',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'malformed_request', message: expect.any(String), details: expect.anything() },
    });
  });

  test('an unknown endpoint is a 404 with the envelope, for every method and body', async () => {
    const requests = [
      { method: 'GET', url: '/v1/nothing-here' },
      { method: 'GET', url: '/v1/orders/ord_x/nothing/deeper?a=1' },
      { method: 'DELETE', url: '/v1/nothing-here' },
      {
        method: 'PUT',
        url: '/v1/nothing-here',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      },
      { method: 'PATCH', url: '/v1/nothing-here', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
      {
        method: 'POST',
        url: '/v1/nothing-here',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      },
      {
        method: 'POST',
        url: '/v1/nothing-here',
        headers: { 'content-type': 'application/json' },
        payload: '{"a',
      },
    ] as const;
    for (const request of requests) {
      const response = await api.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error.code).toBe('not_found');
    }
  });

  test('a lone surrogate in an otherwise valid body is a 400 and stores nothing (fuzz seed 460564489)', async () => {
    const application = {
      company_name: '!!',
      tax_id: 'A-- A',
      country_code: 'UZ',
      city: '\ud800',
      contact_name: 'a@a.aa',
      email: 'traveller@example.com',
      lang: 'en',
      phone: '+998901234567',
    };
    const send = (body: object) =>
      api.app.inject({
        method: 'POST',
        url: '/v1/agencies/applications',
        headers: { authorization: `Bearer ${TEST_ANONYMOUS_TOKEN}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const refused = await send(application);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'malformed_request',
      details: { reason: 'lone_surrogate' },
    });
    const inMessage = await send({ ...application, city: 'Tashkent', message: 'Hello \udfff' });
    expect(inMessage.statusCode).toBe(400);
    // A NUL character cannot be stored in PostgreSQL text (fuzz seed 1488607283).
    const nul = await send({ ...application, city: 'Tashkent', message: '\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.details).toEqual({ reason: 'nul_character' });
    const accepted = await send({ ...application, city: 'Tashkent' });
    expect(accepted.statusCode).toBeLessThan(300);
  });

  test('a body over the limit is a 413 with the envelope', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(300 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });
});

describe('POST /v1/auth/logout', () => {
  test('without a session it is a no-op that still answers 204', async () => {
    const response = await api.app.inject({ method: 'POST', url: '/v1/auth/logout' });
    expect(response.statusCode).toBe(204);
  });
});
