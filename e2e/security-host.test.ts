/**
 * Safe by default (docs/operations.md: public origin, client IP trust model, metrics, security headers)
 * against started servers, the way an attacker tries it:
 *  - a forged Host / X-Forwarded-Host never reaches a link in an email, a canonical/hreflang/Open Graph link,
 *    the sitemap or a redirect (links come from PUBLIC_URL, else the address the server listens on);
 *  - rotating X-Parvoz-Client-Ip or X-Forwarded-For does not reset a per-IP limit; the web half names the
 *    visitor to its API in-process (a credential made at start) or across processes (PARVOZ_INTERNAL_TOKEN);
 *  - /metrics is a 404 without its token in production mode;
 *  - a page's CSP nonce never reaches a shared cache.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Offer } from '@parvoz/core/search-types';
import { bookingBody } from '../apps/api/src/testing/booking.ts';
import { startSite, visitor, type RunningSite } from './support/server.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { isoDay } from './support/dates.ts';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import type { SearchAnswer } from '@parvoz/contracts/offers';

const EVIL = 'evil.example';
const FORGED = { host: `${EVIL}:8443`, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' };
const OPERATOR = 'operator@example.com';
const PUBLIC_URL = 'https://parvoz.example';
const SHARED_TOKEN = 'split-internal-token-0123456789abcdefghij';
const PRODUCTION = {
  NODE_ENV: 'production',
  // Live mode needs real suppliers and payment providers (docs/operations.md); these checks need neither.
  PARVOZ_MODE: 'demo',
  PUBLIC_URL,
  OFFER_SECRET: 'security-e2e-offer-secret-0123456789',
  PARVOZ_ANONYMOUS_TOKEN: 'security-e2e-anonymous-0123456789',
  PAYMENT_WEBHOOK_SECRET: 'security-e2e-webhook-secret-0123456789',
};

let smtp: TestSmtpServer;
/** The plain `npm start` (no PUBLIC_URL, no proxy): lookups 3 an hour, forms 3 an hour. */
let plain: RunningSite;
/** NODE_ENV=production behind one proxy (TRUST_PROXY=1), no METRICS_TOKEN: lookups and forms 1 an hour. */
let production: RunningSite;
/** PARVOZ_ROLE=api and PARVOZ_ROLE=web in two processes sharing PARVOZ_INTERNAL_TOKEN. */
let api: RunningSite;
let web: RunningSite;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const mail = { SMTP_URL: smtp.url, OPERATOR_EMAIL: OPERATOR };
  [plain, production, api] = await Promise.all([
    startSite({ ...mail, RATE_LIMIT_SCALE: '0.3' }),
    startSite({ ...mail, ...PRODUCTION, TRUST_PROXY: '1', RATE_LIMIT_SCALE: '0.1' }),
    startSite({ PARVOZ_ROLE: 'api', PARVOZ_INTERNAL_TOKEN: SHARED_TOKEN, RATE_LIMIT_SCALE: '0.1' }),
  ]);
  web = await startSite({
    PARVOZ_ROLE: 'web',
    API_URL: api.url,
    PARVOZ_INTERNAL_TOKEN: SHARED_TOKEN,
    TRUST_PROXY: '1',
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([plain?.stop(), production?.stop(), api?.stop(), web?.stop()]);
  await smtp?.stop();
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A raw HTTP/1.1 request, so the test (like an attacker) chooses the Host header itself. */
function send(
  site: RunningSite,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const url = new URL(site.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers, setHost: !('host' in headers) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const json = (bearer: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${bearer}`,
  'content-type': 'application/json',
  ...extra,
});
const ANONYMOUS = 'parvoz-public-anonymous';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Books an order on `site` (a search, then POST /v1/orders) and returns it. */
async function bookOrder(site: RunningSite, bearer: string) {
  const departure = isoDay(50);
  const search = await send(
    site,
    'POST',
    '/v1/flights/search',
    json(bearer),
    JSON.stringify({
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: departure }],
      passengers: { adults: 1 },
    }),
  );
  expect(search.status).toBe(200);
  const offer = expandSearchOffers((JSON.parse(search.body) as { data: SearchAnswer }).data)[0]! as Offer;
  const order = await send(
    site,
    'POST',
    '/v1/orders',
    json(bearer, { 'idempotency-key': `security-${Date.now()}` }),
    JSON.stringify(bookingBody(offer)),
  );
  expect(order.status).toBe(201);
  return (JSON.parse(order.body) as { data: { booking_reference: string } }).data;
}

/** Every absolute link of a page's head: canonical, hreflang alternates, og:url. */
function headLinks(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [
    ...[...head.matchAll(/<link[^>]+rel="(?:canonical|alternate)"[^>]*>/g)].map(
      (m) => /href="([^"]+)"/.exec(m[0])![1]!,
    ),
    ...[...head.matchAll(/<meta[^>]+property="og:url"[^>]*>/g)].map(
      (m) => /content="([^"]+)"/.exec(m[0])![1]!,
    ),
  ];
}

describe('part 2: links never come from request headers', () => {
  test('"where is my ticket" with a forged Host mails a link to the site, not to the sender’s host', async () => {
    const order = await bookOrder(plain, ANONYMOUS);
    const lookup = await send(
      plain,
      'POST',
      '/v1/orders/lookup',
      json(ANONYMOUS, FORGED),
      JSON.stringify({ booking_reference: order.booking_reference, email: 'anna.karimova@example.com' }),
    );
    expect(lookup.status).toBe(202);
    const mail = await smtp.waitFor('anna.karimova@example.com', 15_000);
    expect(mail.subject).toContain(order.booking_reference);
    // The address the server listens on (no PUBLIC_URL), nothing of the forged headers.
    expect(mail.text).toContain(`${plain.url}/en/orders/`);
    expect(mail.text + mail.html).not.toContain(EVIL);
  });

  test('an operator email (tour request) links the tour on the site itself, in production on PUBLIC_URL', async () => {
    const tours = await send(plain, 'GET', '/v1/tours?lang=en', json(ANONYMOUS));
    const slug = (JSON.parse(tours.body) as { data: Array<{ slug: string }> }).data[0]!.slug;
    const body = JSON.stringify({
      full_name: 'Dilnoza Karimova',
      email: 'dilnoza@example.com',
      phone: '+998901234567',
      adults: 2,
      children: 0,
      message: 'Sea view',
      lang: 'en',
    });
    for (const [site, bearer, origin] of [
      [plain, ANONYMOUS, plain.url],
      [production, PRODUCTION.PARVOZ_ANONYMOUS_TOKEN, PUBLIC_URL],
    ] as const) {
      const before = smtp.to(OPERATOR).length;
      const sent = await send(site, 'POST', `/v1/tours/${slug}/requests`, json(bearer, FORGED), body);
      expect(sent.status).toBe(201);
      const mail = await smtp.waitFor(OPERATOR, 15_000, before + 1);
      expect(mail.text).toContain(`${origin}/en/tours/${slug}`);
      expect(mail.text + mail.html).not.toContain(EVIL);
    }
  });

  test('a page fetched with a forged Host/X-Forwarded-Host has its canonical, hreflang and og:url on the site', async () => {
    for (const [site, origin] of [
      [plain, plain.url],
      // Behind a trusted proxy X-Forwarded-Host would be believed by Fastify: still not used for links.
      [production, PUBLIC_URL],
    ] as const) {
      const page = await send(site, 'GET', '/ru/info/help', FORGED);
      expect(page.status).toBe(200);
      const links = headLinks(page.body);
      expect(links).toContain(`${origin}/ru/info/help`);
      expect(links.length).toBeGreaterThanOrEqual(6);
      for (const link of links) expect(link.startsWith(`${origin}/`), link).toBe(true);
      expect(page.body).not.toContain(EVIL);

      const sitemap = await send(site, 'GET', '/sitemap.xml', FORGED);
      expect(sitemap.body).toContain(`<loc>${origin}/en/info/help</loc>`);
      expect(sitemap.body).not.toContain(EVIL);
      const robots = await send(site, 'GET', '/robots.txt', FORGED);
      expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
      const redirect = await send(site, 'GET', '/?from=x', FORGED);
      expect(redirect.status).toBe(302);
      expect(String(redirect.headers.location)).not.toContain(EVIL);
    }
  });

  test('a form post whose Origin matches the forged Host is refused as cross-site', async () => {
    const refused = await send(
      plain,
      'POST',
      '/en/info/my-ticket',
      { ...FORM, host: EVIL, 'x-forwarded-host': EVIL, origin: `http://${EVIL}` },
      form({ booking_reference: 'ABC123', email: 'x@example.com' }),
    );
    // React Router's own check (Origin against the request URL, which the host's web.ts builds on the
    // public origin) answers 400 before the app's (403): either way the action does not run.
    expect([400, 403]).toContain(refused.status);
  });
});

describe('part 3: one client-IP trust model', () => {
  const lookup = (site: RunningSite, bearer: string, headers: Record<string, string>, i: number) =>
    send(
      site,
      'POST',
      '/v1/orders/lookup',
      json(bearer, headers),
      JSON.stringify({ booking_reference: 'ZZZ999', email: `rotating-${i}@example.com` }),
    ).then((answer) => answer.status);

  test('an outside client rotating X-Parvoz-Client-Ip or X-Forwarded-For still hits the limit (3 an hour)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const rotated = i % 2 ? { 'x-forwarded-for': `203.0.113.${i}` } : visitor(`198.51.100.${i}`, 'guess');
      statuses.push(await lookup(plain, ANONYMOUS, rotated, i));
    }
    expect(statuses.filter((s) => s === 202).length).toBeLessThanOrEqual(3);
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
  });

  test('TRUST_PROXY=1: the right-most X-Forwarded-For hop is the client; its own entries change nothing', async () => {
    const bearer = PRODUCTION.PARVOZ_ANONYMOUS_TOKEN;
    // The proxy appended 198.51.100.90; the client wrote everything left of it, and X-Parvoz-Client-Ip.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const headers = {
        'x-forwarded-for': `203.0.113.${i}, 198.51.100.90`,
        ...visitor(`192.0.2.${i}`, 'a-guessed-internal-token-0123456789abcdef'),
      };
      statuses.push(await lookup(production, bearer, headers, i));
    }
    expect(statuses).toEqual([202, 429, 429, 429]);
    // Another client behind the same proxy has a budget of its own.
    expect(await lookup(production, bearer, { 'x-forwarded-for': '198.51.100.91' }, 9)).toBe(202);
  });

  test('in one process the web half names each visitor to the API (a credential made at start)', async () => {
    const ask = (forwardedFor: string) =>
      send(
        production,
        'POST',
        '/en/info/my-ticket',
        { ...FORM, 'x-forwarded-for': forwardedFor },
        form({ booking_reference: 'QWE123', email: 'visitor@example.com' }),
      ).then((answer) => answer.status);
    expect(await ask('198.51.100.101')).toBe(200);
    // The same visitor again (whatever it prepends): its budget of 1 an hour is spent.
    expect(await ask('203.0.113.1, 198.51.100.101')).toBe(429);
    // Another visitor through the same web half is not.
    expect(await ask('198.51.100.102')).toBe(200);
  });

  test('across processes (PARVOZ_ROLE=web calling PARVOZ_ROLE=api) with PARVOZ_INTERNAL_TOKEN', async () => {
    const ask = (forwardedFor: string) =>
      send(
        web,
        'POST',
        '/en/info/my-ticket',
        { ...FORM, 'x-forwarded-for': forwardedFor },
        form({ booking_reference: 'ASD456', email: 'split@example.com' }),
      ).then((answer) => answer.status);
    expect(await ask('198.51.100.111')).toBe(200);
    expect(await ask('198.51.100.111')).toBe(429);
    expect(await ask('198.51.100.112')).toBe(200);

    // Straight to the API without the token: the named visitors are not believed (one caller, one budget).
    const direct: number[] = [];
    for (let i = 0; i < 3; i++)
      direct.push(await lookup(api, ANONYMOUS, visitor(`192.0.2.${50 + i}`, 'not-the-shared-token'), i));
    expect(direct).toEqual([202, 429, 429]);
    // With it (as the web half sends it), each is.
    expect(await lookup(api, ANONYMOUS, visitor('192.0.2.60', SHARED_TOKEN), 7)).toBe(202);
  });
});

describe('part 7: /metrics', () => {
  test('in production without METRICS_TOKEN it is a 404, as unknown as any other path', async () => {
    const unknown = await send(production, 'GET', '/no-such-path', {});
    expect(unknown.status).toBe(404);
    for (const headers of [{}, { authorization: 'Bearer anything-0123456789abcdef' }] as Record<
      string,
      string
    >[]) {
      const metrics = await send(production, 'GET', '/metrics', headers);
      expect(metrics.status).toBe(404);
      expect(metrics.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(metrics.body).not.toContain('parvoz_http_requests_total');
    }
    // The API alone answers as Fastify does for an unknown path.
    const apiMetrics = await send(api, 'GET', '/metrics', {});
    expect(apiMetrics.status).toBe(404);
    expect(apiMetrics.body).toBe((await send(api, 'GET', '/metricz', {})).body.replace('metricz', 'metrics'));
  });
});

describe('part 9: CSP', () => {
  test('a page cached for everyone carries no nonce a shared cache could replay; forms post only here', async () => {
    const [first, second] = [
      await send(plain, 'GET', '/en/info/help', {}),
      await send(plain, 'GET', '/en/info/help', {}),
    ];
    const nonces = [first, second].map((page) => {
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("form-action 'self'");
      // The browser may keep the page; a shared cache (CDN, proxy) may not.
      expect(page.headers['cache-control']).toMatch(/^private, max-age=\d+/);
      expect(page.headers['cache-control']).not.toMatch(/public|s-maxage/);
      return /'nonce-([^']+)'/.exec(csp)![1]!;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    // Answers without a nonce keep what the web app chose (the sitemap is the same for everyone).
    expect((await send(plain, 'GET', '/sitemap.xml', {})).headers['cache-control']).toMatch(/^public/);
  });
});
