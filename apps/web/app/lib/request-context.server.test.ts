/** The language and currency every loader and action reads: decided once per request. */
import { describe, expect, test } from 'vitest';
import { createRequestState } from './request-context.server.ts';

const request = (headers: Record<string, string> = {}) => new Request('http://localhost/x', { headers });

describe('a request’s language and currency', () => {
  test('the path’s language wins over the cookie and the browser’s languages', () => {
    const state = createRequestState(request({ cookie: 'lang=tr', 'accept-language': 'ru' }), { lang: 'uz' });
    expect(state.locale).toBe('uz');
    expect(state.currency).toBe('UZS');
  });

  test('without a language in the path: the cookie, then Accept-Language, then English', () => {
    expect(createRequestState(request({ cookie: 'lang=tr', 'accept-language': 'ru' })).locale).toBe('tr');
    expect(createRequestState(request({ 'accept-language': 'ru-RU,ru;q=0.9' })).locale).toBe('ru');
    expect(createRequestState(request(), { lang: 'xx' }).locale).toBe('en');
  });

  test('the chosen currency wins over the language’s; an unknown one is ignored', () => {
    expect(createRequestState(request({ cookie: 'currency=EUR' }), { lang: 'ru' }).currency).toBe('EUR');
    expect(createRequestState(request({ cookie: 'currency=XYZ' }), { lang: 'ru' }).currency).toBe('RUB');
    expect(createRequestState(request(), { lang: 'en' }).currency).toBe('USD');
  });
});
