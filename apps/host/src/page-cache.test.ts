/**
 * The page cache's rules and its nonce splicing (page-cache.ts); the cache in a running site (hits, fresh
 * nonces, signed-in visitors, a tour's edit) is shown in e2e/page-cache.test.ts.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { acceptsGzip } from '@parvoz/api/accept-encoding';
import {
  PageCache,
  gzipBody,
  isStorable,
  pageCacheKey,
  plainBody,
  type PageRequest,
  type Rendered,
} from './page-cache.ts';
import { createCspNonce } from './security.ts';
import { parseCookies } from '@parvoz/contracts/cookies';
import { isCurrency } from '@parvoz/i18n/currency';

const home = (headers: PageRequest['headers'] = {}, url = '/en'): PageRequest => ({
  method: 'GET',
  url,
  route: '/:lang',
  headers,
});

const html = (headers: Record<string, string> = {}, status = 200, cookies: string[] = []) => {
  const response = new Response('<p>hi</p>', {
    status,
    headers: { 'content-type': 'text/html', ...headers },
  });
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
};

describe('which requests the cache serves', () => {
  test('an anonymous GET of a cacheable route has a key; language, currency, last origin and the language cookie make different keys', () => {
    const keys = [
      pageCacheKey(home(), 'b1'),
      pageCacheKey(home({}, '/ru'), 'b1'),
      pageCacheKey(home({ cookie: 'currency=USD' }), 'b1'),
      pageCacheKey(home({ cookie: 'currency=EUR' }), 'b1'),
      pageCacheKey(home({ cookie: 'last_origin=TAS' }), 'b1'),
      pageCacheKey(home({ cookie: 'lang=en' }), 'b1'),
      pageCacheKey(home(), 'b2'),
    ];
    expect(keys.every((key) => key !== null)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    // The anonymous visitor id and a language cookie of another language change nothing on the page.
    expect(pageCacheKey(home({ cookie: 'visitor=abc; lang=ru' }), 'b1')).toBe(keys[0]);
  });

  test('a session, an unknown cookie, an Authorization header, a form post or another route is never served from the cache', () => {
    expect(pageCacheKey(home({ cookie: 'token=secret' }), 'b')).toBeNull();
    expect(pageCacheKey(home({ cookie: 'lang=en; order_abc=1' }), 'b')).toBeNull();
    expect(pageCacheKey(home({ authorization: 'Bearer x' }), 'b')).toBeNull();
    expect(pageCacheKey({ ...home(), method: 'POST' }, 'b')).toBeNull();
    expect(pageCacheKey({ ...home(), method: 'HEAD' }, 'b')).toBeNull();
    for (const route of [
      '/:lang/flight/:search',
      '/:lang/flight/booking',
      '/:lang/orders/:id',
      '/:lang/profile',
      '/:lang/ops',
      '/:lang/*',
    ])
      expect(pageCacheKey({ ...home(), route }, 'b')).toBeNull();
  });

  test('a query bypasses the cache unless the route allows it (the tours filter)', () => {
    expect(pageCacheKey(home({}, '/en?from=TAS'), 'b')).toBeNull();
    const tours = (url: string) =>
      pageCacheKey({ method: 'GET', url, route: '/:lang/tours', headers: {} }, 'b');
    expect(tours('/en/tours?from=TAS&month=2026-12')).not.toBe(tours('/en/tours?from=IST'));
    expect(tours('/en/tours?sent=1')).toBeNull();
    expect(
      pageCacheKey(
        { method: 'GET', url: '/en/tours/x?sent=1', route: '/:lang/tours/:slug', headers: {} },
        'b',
      ),
    ).toBeNull();
  });
});

describe('cookies read as the pages read them (one parser: @parvoz/contracts/cookies)', () => {
  /**
   * The host's page handler in small (web.ts): a hit when the key has a page, else a render that is kept
   * under the key. The render reads the display currency as the web app does (apps/web/app/lib/cookies.server.ts
   * `readCookies`, request-context.server.ts): through the shared parser, the language's default when invalid.
   */
  async function visit(cache: PageCache, cookie?: string) {
    const request = home(cookie === undefined ? {} : { cookie });
    const key = cache.key(request);
    const kept = key === null ? undefined : cache.get(key);
    if (kept) return { body: plainBody(kept, createCspNonce()).toString(), state: 'hit' };
    const chosen = parseCookies(cookie).currency;
    const render = async (): Promise<Rendered> => ({
      status: 200,
      headers: [['content-type', 'text/html']],
      body: Buffer.from(`<p>prices in ${isCurrency(chosen) ? chosen : 'USD'}</p>`),
      storable: true,
    });
    if (key === null) return { body: (await render()).body.toString(), state: 'bypass' };
    const { page, stored } = await cache.fill(key, render);
    return { body: page.plain.toString(), state: stored ? 'miss' : 'bypass' };
  }
  const cacheOptions = { maxEntries: 100, ttlMs: 60_000, maxBytes: 1e7, buildId: 'b' };

  for (const poisoned of ['currency=%52UB', 'currency=RUB; currency=x', 'currency=x; currency=RUB'])
    test(`one request with \`${poisoned}\` does not show roubles to the next visitor without cookies`, async () => {
      const cache = new PageCache(cacheOptions);
      const first = await visit(cache, poisoned);
      const next = await visit(cache);
      expect(next.body).toBe('<p>prices in USD</p>');
      // Neither read from the cache nor kept in it.
      expect(first.state).toBe('bypass');
      expect(cache.size).toBe(1);
      expect(next.state).toBe('miss');
    });

  test('a quoted currency (which the pages do not take) is not filed under that currency', async () => {
    const cache = new PageCache(cacheOptions);
    await visit(cache, 'currency="RUB"');
    expect((await visit(cache, 'currency=RUB')).body).toBe('<p>prices in RUB</p>');
  });

  test('canonical cookies still fill and hit the cache, each currency its own page', async () => {
    const cache = new PageCache(cacheOptions);
    expect(await visit(cache, 'currency=RUB')).toEqual({ body: '<p>prices in RUB</p>', state: 'miss' });
    expect(await visit(cache, 'currency=RUB')).toMatchObject({ body: '<p>prices in RUB</p>', state: 'hit' });
    expect(await visit(cache, 'lang=en; currency=RUB; visitor=abc')).toMatchObject({ state: 'miss' });
    expect(await visit(cache, 'visitor=abc;currency=RUB; lang=en')).toMatchObject({ state: 'hit' });
    expect(await visit(cache)).toEqual({ body: '<p>prices in USD</p>', state: 'miss' });
    expect(await visit(cache)).toMatchObject({ body: '<p>prices in USD</p>', state: 'hit' });
  });

  test('a repeated, percent-encoded or unlisted value of any cookie the page varies by bypasses the cache', () => {
    for (const cookie of [
      'currency=%52UB',
      'currency=RUB; currency=x',
      'currency=RUB; currency=RUB',
      'currency=RUB;currency=RUB',
      'currency=XYZ',
      'currency=rub',
      'currency=',
      'currency="RUB"',
      'lang=%65n',
      'lang=en; lang=ru',
      'lang=xx',
      'last_origin=T%41S',
      'last_origin=TAS; last_origin=IST',
      'last_origin=tas',
      'visitor=a; visitor=b',
      '=RUB',
    ])
      expect(pageCacheKey(home({ cookie }), 'b'), cookie).toBeNull();
    expect(
      pageCacheKey(home({ cookie: 'currency=RUB; lang=en; last_origin=TAS; visitor=abc' }), 'b'),
    ).not.toBeNull();
    expect(pageCacheKey(home({ cookie: ' currency=RUB ;lang=en' }), 'b')).toBe(
      pageCacheKey(home({ cookie: 'lang=en; currency=RUB' }), 'b'),
    );
  });
});

describe('which answers are kept', () => {
  test('a 200 HTML page, with at most the language cookie of its own language', () => {
    expect(isStorable(html(), 'en')).toBe(true);
    expect(isStorable(html({}, 200, ['lang=en; Max-Age=31536000; Path=/; SameSite=Lax']), 'en')).toBe(true);
  });

  test('not a page with any other Set-Cookie, another status, a private or no-store answer, or one the web app marked', () => {
    expect(isStorable(html({}, 200, ['visitor=abc; Path=/; HttpOnly']), 'en')).toBe(false);
    expect(isStorable(html({}, 200, ['lang=en; Path=/', 'token=; Max-Age=0']), 'en')).toBe(false);
    expect(isStorable(html({}, 200, ['lang=ru; Path=/']), 'en')).toBe(false);
    expect(isStorable(html({}, 404), 'en')).toBe(false);
    expect(isStorable(html({}, 500), 'en')).toBe(false);
    expect(isStorable(html({ 'cache-control': 'private, no-cache' }), 'en')).toBe(false);
    expect(isStorable(html({ 'cache-control': 'no-store' }), 'en')).toBe(false);
    expect(isStorable(html({ 'x-parvoz-no-page-cache': '1' }), 'en')).toBe(false);
    expect(isStorable(new Response('{}', { headers: { 'content-type': 'application/json' } }), 'en')).toBe(
      false,
    );
  });
});

const rendered = (body: string, storable = true): Rendered => ({
  status: 200,
  headers: [
    ['content-type', 'text/html'],
    ['x-request-id', 'r1'],
    ['set-cookie', 'lang=en; Path=/'],
  ],
  body: Buffer.from(body),
  storable,
});

describe('the nonce', () => {
  test('every answer carries its own nonce in each place of the placeholder, plain and gzip; the gzip stream is valid', async () => {
    const cache = new PageCache({ maxEntries: 10, ttlMs: 60_000, maxBytes: 1e7, buildId: 'b' });
    const p = cache.placeholder;
    // Large enough for several deflate blocks, with the placeholder at the start, middle and end.
    const filler = Array.from({ length: 3000 }, (_, i) => `<li>row ${i} ${(i * 7919) % 1000}</li>`).join('');
    const template = `${p}<html><script nonce="${p}">a()</script>${filler}<script nonce="${p}">b()</script>${p}`;
    const { page, stored } = await cache.fill('k', async () => rendered(template));
    expect(stored).toBe(true);
    expect(page.headers).toEqual([
      ['content-type', 'text/html'],
      ['set-cookie', 'lang=en; Path=/'],
    ]);
    const first = createCspNonce();
    const second = createCspNonce();
    expect(first).not.toBe(second);
    for (const nonce of [first, second]) {
      const expected = template.split(p).join(nonce);
      expect(plainBody(page, nonce).toString()).toBe(expected);
      expect(gunzipSync(gzipBody(page, nonce)).toString()).toBe(expected);
    }
    expect(gunzipSync(gzipBody(page, second)).toString()).not.toContain(first);
    expect(gzipBody(page, first).length).toBeLessThan(Buffer.byteLength(template) / 2);
  });

  test('a page without the placeholder is served as it is', async () => {
    const cache = new PageCache({ maxEntries: 10, ttlMs: 60_000, maxBytes: 1e7, buildId: 'b' });
    const { page } = await cache.fill('k', async () => rendered('<p>no scripts</p>'));
    expect(gunzipSync(gzipBody(page, createCspNonce())).toString()).toBe('<p>no scripts</p>');
  });
});

describe('the cache', () => {
  const options = { maxEntries: 2, ttlMs: 1000, maxBytes: 1e7, buildId: 'b' };

  test('keeps at most maxEntries pages, least recently used out first, each for ttlMs', async () => {
    let now = 0;
    const cache = new PageCache({ ...options, now: () => now });
    await cache.fill('a', async () => rendered('a'));
    await cache.fill('b', async () => rendered('b'));
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    await cache.fill('c', async () => rendered('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  test('keeps nothing over maxBytes, and nothing not storable', async () => {
    const small = new PageCache({ ...options, maxBytes: 100 });
    expect((await small.fill('a', async () => rendered('x'.repeat(500)))).stored).toBe(false);
    const cache = new PageCache(options);
    const { page, stored } = await cache.fill('a', async () =>
      rendered(`<b>${cache.placeholder}</b>`, false),
    );
    expect(stored).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    // Still answered with the visitor's nonce (plain: left to the host's compression).
    expect(plainBody(page, 'n'.repeat(24)).toString()).toBe(`<b>${'n'.repeat(24)}</b>`);
  });

  test('requests for a page being rendered wait for that render; a render begun before clear() is not kept', async () => {
    const cache = new PageCache(options);
    let finish: () => void = () => {};
    const renders: string[] = [];
    const filling = cache.fill('a', async () => {
      renders.push('a');
      await new Promise<void>((resolve) => (finish = resolve));
      return rendered('a');
    });
    const waiting = cache.pendingFor('a');
    expect(waiting).toBeDefined();
    finish();
    expect((await waiting)?.plain.toString()).toBe('a');
    expect((await filling).stored).toBe(true);
    expect(renders).toEqual(['a']);

    const late = cache.fill('b', async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return rendered('b');
    });
    cache.clear();
    finish();
    expect((await late).stored).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  test('a failed render is not kept and does not leave waiters hanging', async () => {
    const cache = new PageCache(options);
    const failing = cache.fill('a', () => Promise.reject(new Error('stream broke')));
    const waiting = cache.pendingFor('a');
    await expect(failing).rejects.toThrow('stream broke');
    await expect(waiting).resolves.toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
  });

  test('an expired page is served while one background render replaces it, until staleMs after it expired', async () => {
    let now = 0;
    const cache = new PageCache({ ...options, staleMs: 5000, now: () => now });
    await cache.fill('a', async () => rendered('old'));
    now = 999;
    expect(cache.lookup('a')?.fresh).toBe(true);
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    const stale = cache.lookup('a');
    expect(stale?.fresh).toBe(false);
    expect(stale?.page.plain.toString()).toBe('old');

    let finish: () => void = () => {};
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise<void>((resolve) => (finish = resolve));
      return rendered('new');
    };
    const outcomes: string[] = [];
    cache.revalidate('a', render, (outcome) => outcomes.push(outcome));
    cache.revalidate('a', render, (outcome) => outcomes.push(outcome)); // a second visitor: no second render
    expect(cache.lookup('a')?.page.plain.toString()).toBe('old');
    finish();
    await cache.pendingFor('a');
    expect(renders).toBe(1);
    expect(cache.lookup('a')).toMatchObject({ fresh: true });
    expect(cache.get('a')?.plain.toString()).toBe('new');
    await Promise.resolve();
    expect(outcomes).toEqual(['stored']);

    now = 1000 + 1000 + 5000; // expired 5 s ago: too old even to serve stale
    expect(cache.lookup('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test('a failed background render reaches onError and leaves the stale copy to age out; clear() drops stale copies', async () => {
    let now = 0;
    const cache = new PageCache({ ...options, staleMs: 5000, now: () => now });
    await cache.fill('a', async () => rendered('old'));
    now = 2000;
    const outcomes: unknown[] = [];
    cache.revalidate(
      'a',
      () => Promise.reject(new Error('API down')),
      (outcome, error) => outcomes.push([outcome, (error as Error).message]),
    );
    await cache.pendingFor('a');
    await Promise.resolve();
    expect(outcomes).toEqual([['failed', 'API down']]);
    expect(cache.lookup('a')?.page.plain.toString()).toBe('old');
    cache.clear();
    expect(cache.lookup('a')).toBeUndefined();
  });

  test('without staleMs an expired page is never served', async () => {
    let now = 0;
    const cache = new PageCache({ ...options, now: () => now });
    await cache.fill('a', async () => rendered('old'));
    now = 1000;
    expect(cache.lookup('a')).toBeUndefined();
  });

  test('maxEntries 0 turns it off', () => {
    expect(new PageCache({ ...options, maxEntries: 0 }).key(home())).toBeNull();
  });
});

test('Accept-Encoding: gzip unless refused', () => {
  expect(acceptsGzip('gzip, deflate, br')).toBe(true);
  expect(acceptsGzip('br;q=1, gzip;q=0.5')).toBe(true);
  expect(acceptsGzip('gzip;q=0')).toBe(false);
  expect(acceptsGzip('br')).toBe(false);
  expect(acceptsGzip(undefined)).toBe(false);
});
