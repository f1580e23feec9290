/**
 * Operations (docs/operations.md) on the real site: the security headers of every page in every language,
 * pages that hydrate under the nonce-based Content-Security-Policy with no violation, the health, readiness
 * and metrics endpoints, and a graceful shutdown: SIGTERM while 200 requests are in flight loses none of
 * them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSite, type RunningSite } from './support/server.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { ANONYMOUS } from './support/api.ts';
import { isoDay } from './support/dates.ts';

const LANGS = ['en', 'ru', 'uz', 'tr'];
const PAGES = [
  '',
  '/info/help',
  '/info/agreement',
  '/info/contacts',
  '/info/my-ticket',
  '/info/payment-security',
  '/settings',
  '/login',
  '/profile',
  '/flight/TAS1512IST1',
  '/no-such-page',
];
const METRICS_TOKEN = 'e2e-metrics-token-0123456789';

let site: RunningSite;
/** A second site behind a "proxy" (TRUST_PROXY): HSTS over forwarded HTTPS, then the SIGTERM test stops it. */
let proxied: RunningSite;
let browser: Browser;

beforeAll(async () => {
  [site, proxied, browser] = await Promise.all([
    startSite({ METRICS_TOKEN }),
    // The drain test's 200 searches may take longer than the default 10 s drain on a busy machine (another
    // suite beside it); it shows that each one is answered, so the drain waits for them.
    startSite({ TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn', DRAIN_TIMEOUT_SECONDS: '60' }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), proxied?.stop()]);
});

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(' ') + 1)]),
  );
}

describe('security headers', () => {
  test('every page in every language: nonce CSP, nosniff, Referrer-Policy, Permissions-Policy, no framing', async () => {
    const nonces = new Set<string>();
    for (const lang of LANGS) {
      for (const page of PAGES) {
        const url = `${site.url}/${lang}${page}`;
        const response = await fetch(url, { redirect: 'manual' });
        const html = await response.text();
        const h = response.headers;
        expect(h.get('x-content-type-options'), url).toBe('nosniff');
        expect(h.get('referrer-policy'), url).toBe('same-origin');
        expect(h.get('permissions-policy'), url).toContain('camera=()');
        expect(h.get('x-frame-options'), url).toBe('DENY');
        expect(h.get('strict-transport-security'), url).toBeNull();
        if (response.status >= 300 && response.status < 400) continue;
        expect(h.get('content-type'), url).toMatch(/^text\/html/);
        const csp = directives(h.get('content-security-policy'));
        const nonce = /'nonce-([^']+)'/.exec(csp.get('script-src') ?? '')?.[1];
        expect(nonce, url).toBeTruthy();
        nonces.add(nonce!);
        expect(csp.get('script-src'), url).not.toContain('unsafe-inline');
        expect(csp.get('object-src'), url).toBe("'none'");
        expect(csp.get('base-uri'), url).toBe("'none'");
        expect(csp.get('frame-ancestors'), url).toBe("'none'");
        expect(csp.get('form-action'), url).toBe("'self'");
        // A page with a nonce is never kept by a shared cache (which would replay the nonce to others).
        expect(h.get('cache-control') ?? '', url).not.toMatch(/public|s-maxage/);
        // Every script of the page carries this page's nonce (or is loaded from this origin).
        const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
        expect(scripts.length, url).toBeGreaterThan(0);
        for (const attributes of scripts) expect(attributes, url).toContain(`nonce="${nonce}"`);
      }
    }
    // One fresh nonce per page.
    expect(nonces.size).toBe(LANGS.length * PAGES.length);
  });

  test('the API and assets: nosniff and a policy that lets nothing run; CORS closed by default', async () => {
    const api = await fetch(`${site.url}/v1/places?q=tas`, {
      headers: { ...ANONYMOUS, origin: 'https://evil.example' },
    });
    expect(api.status).toBe(200);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${site.url}/v1/places`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const icon = await fetch(`${site.url}/favicon.svg`);
    expect(icon.headers.get('x-content-type-options')).toBe('nosniff');
    expect(icon.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  test('HSTS only over HTTPS: X-Forwarded-Proto counts behind a trusted proxy', async () => {
    const secure = await fetch(`${proxied.url}/en/info/help`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(secure.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    const plain = await fetch(`${proxied.url}/en/info/help`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    // Without TRUST_PROXY the header is anyone's to send, so it changes nothing.
    const untrusted = await fetch(`${site.url}/en/info/help`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
  });
});

async function watchCsp(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|hydrat|#418|#423|#425/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const list = ((window as { __csp?: string[] }).__csp ??= []);
      list.push(
        `${event.violatedDirective} ${event.blockedURI} ${location.pathname} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return problems;
}

test('pages hydrate under the CSP with no violation (uz loads its Intl polyfills first)', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = await watchCsp(page);
  for (const path of ['/en', '/uz/settings', '/ru/info/help', '/tr/login']) {
    const response = await gotoHydrated(page, `${site.url}${path}`);
    expect(response?.headers()['content-security-policy']).toContain("'nonce-");
    expect(await page.evaluate(() => (window as { __csp?: string[] }).__csp ?? [])).toEqual([]);
  }
  // The sign-in dialog loads its form (and zod, which root does not load) when it opens: still no violation.
  await gotoHydrated(page, `${site.url}/en`);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  const email = page.getByRole('dialog').getByLabel('Email');
  await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await page.evaluate(() => (window as { __csp?: string[] }).__csp ?? [])).toEqual([]);
  await page.keyboard.press('Escape');
  await gotoHydrated(page, `${site.url}/tr/login`);
  // In-app navigation (a route module loaded after hydration) still works.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Yardım' }).click();
  await page.waitForURL(`${site.url}/tr/info/help`);
  expect(await page.evaluate(() => (window as { __csp?: string[] }).__csp ?? [])).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('/health, /ready and /metrics at the server root', async () => {
  const health = await fetch(`${site.url}/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const ready = await fetch(`${site.url}/ready`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  // Outside `npm run dev` /metrics needs its token, and without it is as unknown as any other path.
  for (const headers of [{}, { authorization: 'Bearer not-the-metrics-token-0123' }] as Record<
    string,
    string
  >[]) {
    const refused = await fetch(`${site.url}/metrics`, { headers });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(refused.headers.get('www-authenticate')).toBeNull();
  }
  const metrics = await (
    await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  // Labelled by route pattern: the page pattern of the web half, the API's own routes.
  expect(metrics).toMatch(
    /parvoz_http_requests_total\{method="GET",route="\/:lang\/info\/help",status="200"\} \d+/,
  );
  expect(metrics).toMatch(/parvoz_http_requests_total\{method="GET",route="\/v1\/places",status="200"\} \d+/);
  expect(metrics).toContain('parvoz_http_request_duration_seconds_bucket');
  expect(metrics).toMatch(/parvoz_outbox_backlog\{status="pending"\} \d+/);
  expect(metrics).not.toContain('/en/info/help');
});

test('the request id: a valid X-Request-Id is used and echoed, anything else replaced', async () => {
  const given = await fetch(`${site.url}/v1/places?q=ist`, { headers: { 'x-request-id': 'trace-42.a' } });
  expect(given.headers.get('x-request-id')).toBe('trace-42.a');
  const bad = await fetch(`${site.url}/v1/places?q=ist`, { headers: { 'x-request-id': 'x'.repeat(300) } });
  expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  // A page's id reaches the API calls it makes (the web's API client forwards it).
  const page = await fetch(`${site.url}/en/info/help`, {
    headers: { 'x-request-id': 'page-trace-1', cookie: 'token=forged-token-0123456789' },
  });
  expect(page.headers.get('x-request-id')).toBe('page-trace-1');
  await expect
    .poll(() =>
      site.logs.filter((l) => l.includes('"reqId":"page-trace-1"') && l.includes('/v1/user/get-me')),
    )
    .not.toEqual([]);
  expect(site.logs.some((l) => l.includes('forged-token-0123456789'))).toBe(false);
});

test('SIGTERM with 200 requests in flight: each gets its answer or a retryable 503, the process exits 0', async () => {
  const departure = isoDay(40);
  const search = JSON.stringify({
    slices: [{ origin: 'TAS', destination: 'IST', departure_date: departure }],
    passengers: { adults: 2, children: 1, infants: 0 },
    max_connections: 2,
  });
  type Outcome = {
    kind: string;
    status?: number;
    retryAfter?: string | null;
    tokenCleared?: boolean;
    at: number;
  };
  let signalledAt = Infinity;
  const fire = async (i: number): Promise<Outcome> => {
    try {
      // Half API searches, half pages whose loaders call the API while the server drains.
      const response =
        i % 2 === 0
          ? await fetch(`${proxied.url}/v1/flights/search`, {
              method: 'POST',
              headers: ANONYMOUS,
              body: search,
            })
          : await fetch(`${proxied.url}/en/info/help`, {
              headers: { cookie: 'token=stale-token-0123456789' },
            });
      await response.arrayBuffer();
      return {
        kind: 'http',
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        tokenCleared: response.headers.getSetCookie().some((c) => c.startsWith('token=;')),
        at: performance.now(),
      };
    } catch (error) {
      const code = String((error as { cause?: { code?: string } }).cause?.code ?? error);
      return { kind: code, at: performance.now() };
    }
  };
  const exited = new Promise<number | null>((resolve) => proxied.process.once('exit', resolve));
  const requests = Array.from({ length: 200 }, (_, i) => fire(i));
  // Signal once the server is busy answering the burst (the first answers are back, most are in flight).
  let answeredSoFar = 0;
  for (const request of requests) void request.then(() => answeredSoFar++);
  await expect.poll(() => answeredSoFar, { timeout: 20_000, interval: 2 }).toBeGreaterThanOrEqual(5);
  signalledAt = performance.now();
  proxied.process.kill('SIGTERM');
  // Late arrivals: sent right after the signal, they meet the drain or a closed port.
  const late = Array.from({ length: 20 }, (_, i) => fire(i));
  const outcomes = await Promise.all([...requests, ...late]);
  expect(await exited).toBe(0);

  const retryable = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']);
  const bad = outcomes.filter(
    (o) =>
      !(o.kind === 'http' && o.status === 200) &&
      !(o.kind === 'http' && o.status === 503 && o.retryAfter !== null) &&
      !retryable.has(o.kind),
  );
  expect(bad).toEqual([]);
  const answered = outcomes.filter((o) => o.status === 200);
  // Requests in flight at the signal were finished after it, not cut.
  expect(answered.filter((o) => o.at > signalledAt).length).toBeGreaterThan(0);
  // A page in flight could still call the API while the server drained (the API said 401, not 503).
  const pages = outcomes.filter((o, i) => i % 2 === 1 && o.status === 200);
  expect(pages.filter((o) => o.at > signalledAt && o.tokenCleared).length).toBeGreaterThan(0);
  // The others' get-me waited behind the burst's searches past the web's 10 s timeout (a loaded machine): the
  // page is still served, without the user, and says why in the log. Never a refusal by the draining API.
  const getMeFailures = proxied.logs.filter((line) => line.includes('"msg":"get-me failed"'));
  expect(getMeFailures.filter((line) => !/"status":401|timed out/.test(line))).toEqual([]);
  const timedOut = getMeFailures.filter((line) => line.includes('timed out')).length;
  expect(pages.filter((o) => !o.tokenCleared).length).toBeLessThanOrEqual(timedOut);
  expect(proxied.logs.join('\n')).not.toContain('drain timed out');
  // Workers stopped before the database closed: no error on the way out.
  expect(proxied.logs.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
});
