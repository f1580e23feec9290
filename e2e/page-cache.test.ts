/**
 * The anonymous pages' cache in a started site (docs/decisions/0018-page-cache.md,
 * apps/host/src/page-cache.ts), over real HTTP:
 *  - a kept page comes back identical but for its CSP nonce, fresh on every answer and matching its own header;
 *  - languages and display currencies get their own pages;
 *  - a currency cookie the pages read otherwise than as sent (encoded, repeated) is kept for no one;
 *  - a signed-in visitor is never served a kept page and never fills the cache;
 *  - a tour edited through the console's API shows at once;
 *  - an expired page is served while one background render replaces it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSite, type RunningSite } from './support/server.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { sessionToken } from './support/api.ts';
import { passSecondFactorByApi } from './support/second-factor.ts';
import { isoDay } from './support/dates.ts';

const ADMIN = 'cache-admin@agency.test';

let smtp: TestSmtpServer;
let site: RunningSite;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // A long life: every second answer below must be a hit however slow the machine is.
  site = await startSite({ SMTP_URL: smtp.url, PAGE_CACHE_TTL_SECONDS: '600' }, { admin: ADMIN });
});

afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

type Page = { status: number; cache: string | null; nonce: string; body: string; cookies: string[] };

async function page(url: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${site.url}${url}`, { headers });
  const body = await response.text();
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(
    response.headers.get('content-security-policy') ?? '',
  )?.[1];
  expect(nonce).toBeDefined();
  return {
    status: response.status,
    cache: response.headers.get('x-parvoz-page-cache'),
    nonce: nonce!,
    body,
    cookies: response.headers.getSetCookie(),
  };
}

/** Every nonce in the body is the answer's own (the one its CSP header allows). */
function expectOwnNonce(answer: Page) {
  const nonces = [...answer.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
  expect(nonces.length).toBeGreaterThan(0);
  expect(new Set(nonces)).toEqual(new Set([answer.nonce]));
}

describe('a kept page', () => {
  for (const encoding of ['gzip', 'identity'])
    test(`is served again with a fresh nonce, each matching its own CSP header, the rest identical (${encoding})`, async () => {
      const url = encoding === 'gzip' ? '/uz/info/help' : '/uz/info/contacts';
      const first = await page(url, { 'accept-encoding': encoding });
      const second = await page(url, { 'accept-encoding': encoding });
      const third = await page(url, { 'accept-encoding': encoding });
      expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
      expect([first.cache, second.cache, third.cache]).toEqual(['miss', 'hit', 'hit']);
      expect(new Set([first.nonce, second.nonce, third.nonce]).size).toBe(3);
      for (const answer of [first, second, third]) expectOwnNonce(answer);
      expect(second.body).not.toContain(first.nonce);
      expect(third.body).not.toContain(second.nonce);
      expect(second.body.split(second.nonce).join(first.nonce)).toBe(first.body);
      // The language cookie a first visit gets comes with the kept page too.
      expect(second.cookies).toEqual(first.cookies);
      expect(second.cookies.join()).toMatch(/^lang=uz;/);
    });

  test('a visitor who has the language cookie gets the page without Set-Cookie', async () => {
    await page('/uz/info/offer');
    const kept = await page('/uz/info/offer', { cookie: 'lang=uz' });
    expect(kept.cookies).toEqual([]);
    expect((await page('/uz/info/offer', { cookie: 'lang=uz' })).cache).toBe('hit');
  });
});

test('each language and display currency gets its own page', async () => {
  const slug = 'antalya-lara-from-tashkent';
  const answers: Record<string, Page> = {};
  for (const [label, url, cookie] of [
    ['en UZS', `/en/tours/${slug}`, 'currency=UZS'],
    ['en EUR', `/en/tours/${slug}`, 'currency=EUR'],
    ['ru UZS', `/ru/tours/${slug}`, 'currency=UZS'],
  ] as const) {
    await page(url, { cookie });
    answers[label] = await page(url, { cookie });
    expect(answers[label]!.cache).toBe('hit');
  }
  const en = answers['en UZS']!.body;
  expect(answers['en EUR']!.body).toContain('€');
  expect(en).not.toContain('€');
  expect(en).toContain('lang="en"');
  expect(answers['ru UZS']!.body).toContain('lang="ru"');
});

describe('cookies read alike by the cache and the pages (packages/contracts/src/cookies.ts)', () => {
  /** The display currency the page was rendered in: the one its header's currency menu has selected. */
  const shown = (answer: Page) => /<option value="([A-Z]{3})" selected=""/.exec(answer.body)?.[1];

  for (const [label, cookie, url] of [
    ['percent-encoded', 'currency=%52UB', '/en'],
    ['repeated', 'currency=RUB; currency=x', '/en/tours'],
  ] as const)
    test(`one request with a ${label} currency cookie shows no roubles to the visitors after it (${url})`, async () => {
      const poisoned = await page(url, { cookie });
      // The pages take the first value, decoded: roubles.
      expect(shown(poisoned)).toBe('RUB');
      const next = await page(url);
      expect(shown(next)).toBe('USD');
      // The odd request was rendered for its visitor alone (the cache took no part: no X-Parvoz-Page-Cache),
      // neither served from the cache nor kept in it; the visitor after it filled it.
      expect(poisoned.cache).toBeNull();
      expect(next.cache).toBe('miss');
      expect((await page(url)).cache).toBe('hit');
    });

  test('canonical cookies still fill the cache and hit it', async () => {
    const url = '/en/info/payment-security';
    const first = await page(url, { cookie: 'currency=RUB; lang=en' });
    const second = await page(url, { cookie: 'lang=en;currency=RUB' });
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect([shown(first), shown(second)]).toEqual(['RUB', 'RUB']);
    expect(shown(await page(url))).toBe('USD');
  });
});

describe('signed in', () => {
  let token: string;
  beforeAll(async () => {
    token = await sessionToken(site.url, smtp, ADMIN);
    // An admin's session passes the second factor before the console's API (docs/decisions/0023-console-second-factor.md).
    await passSecondFactorByApi(site.url, token, ADMIN);
  });

  test('a signed-in visitor is never served a kept page and never fills the cache', async () => {
    const anonymous = await page('/tr/settings');
    expect((await page('/tr/settings')).cache).toBe('hit');
    const signedIn = await page('/tr/settings', { cookie: `token=${token}` });
    const again = await page('/tr/settings', { cookie: `token=${token}; lang=tr` });
    for (const answer of [signedIn, again]) {
      expect(answer.cache).toBeNull();
      expect(answer.body).toContain(ADMIN);
      expectOwnNonce(answer);
    }
    expect(anonymous.body).not.toContain(ADMIN);
    // A page first asked by the signed-in visitor is rendered afresh for the next anonymous one.
    await page('/tr/info/agreement', { cookie: `token=${token}` });
    const next = await page('/tr/info/agreement');
    expect(next.cache).toBe('miss');
    expect(next.body).not.toContain(ADMIN);
  });

  test('a tour edited in the console shows at once on its kept pages', async () => {
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const input = {
      slug: 'cache-test-tour',
      title: { en: 'Samarkand by the first train' },
      summary: { en: 'Two nights' },
      description: {},
      origin_code: 'TAS',
      destination_code: 'SKD',
      country_code: 'UZ',
      departs_on: isoDay(30),
      nights: 2,
      price: '199.00',
      currency: 'USD',
      seats_left: 10,
    };
    const created = await fetch(`${site.url}/v1/ops/tours`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(input),
    });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    const published = await fetch(`${site.url}/v1/ops/tours/${id}/publish`, {
      method: 'POST',
      headers: { authorization: auth.authorization },
    });
    expect(published.status).toBeLessThan(300);

    const url = '/en/tours/cache-test-tour';
    expect((await page(url)).body).toContain('Samarkand by the first train');
    const kept = await page(url);
    expect(kept.cache).toBe('hit');
    const list = await page('/en/tours');
    expect(list.body).toContain('Samarkand by the first train');

    const edited = await fetch(`${site.url}/v1/ops/tours/${id}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ ...input, title: { en: 'Samarkand by the morning train' } }),
    });
    expect(edited.status).toBe(200);
    const after = await page(url);
    expect(after.cache).toBe('miss');
    expect(after.body).toContain('Samarkand by the morning train');
    expect(after.body).not.toContain('Samarkand by the first train');
    expect((await page('/en/tours')).body).toContain('Samarkand by the morning train');
  });
});

describe('an expired page (stale-while-revalidate)', () => {
  const METRICS_TOKEN = 'e2e-metrics-token-page-cache-0123';
  let expiring: RunningSite;
  beforeAll(async () => {
    // Every kept page expires at once and may be served stale for ten minutes: each answer after the first is
    // stale, and each stale one starts one background render.
    expiring = await startSite({
      PAGE_CACHE_TTL_SECONDS: '0',
      PAGE_CACHE_STALE_SECONDS: '600',
      METRICS_TOKEN,
    });
  });
  afterAll(async () => {
    await expiring?.stop();
  });

  async function revalidations(): Promise<Record<string, number>> {
    const text = await (
      await fetch(`${expiring.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const counts: Record<string, number> = {};
    for (const m of text.matchAll(/^parvoz_page_cache_revalidations_total\{outcome="(\w+)"\} (\d+)/gm))
      counts[m[1]!] = Number(m[2]);
    return counts;
  }

  test('is served at once with its own nonce while one background render replaces it', async () => {
    const get = async () => {
      const response = await fetch(`${expiring.url}/ru/info/help`);
      const body = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      return { cache: response.headers.get('x-parvoz-page-cache'), body, nonce: nonce! };
    };
    const first = await get();
    expect(first.cache).toBe('miss');
    const stale = await get();
    expect(stale.cache).toBe('stale');
    expect(stale.nonce).not.toBe(first.nonce);
    expect(stale.body.split(stale.nonce).join(first.nonce)).toBe(first.body);
    // The re-render runs after the answer, on no visitor's connection: it is kept, and nothing failed.
    await expect.poll(revalidations, { timeout: 30_000 }).toMatchObject({ stored: 1 });
    expect((await revalidations()).failed).toBeUndefined();
    const next = await get();
    expect(next.cache).toBe('stale');
    expect(next.body.split(next.nonce).join(first.nonce)).toBe(first.body);
    expect(expiring.logs.join('\n')).not.toContain('re-rendering an expired page failed');
  });
});
