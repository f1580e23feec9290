import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAxeClean } from './support/axe.ts';
import { LOCALES } from '@parvoz/i18n/locales';
import { MESSAGES, type MessageKey } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import { startSite, type RunningSite, stopSuite } from './support/server.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  // The set-up `npm start` runs: scripts/start.ts without NODE_ENV, on the embedded database.
  site = await startSite({}, { embedded: true, asNpmStart: true });
  browser = await launchBrowser();
});

afterAll(() => stopSuite(site, browser));

function decodeHtml(html: string): string {
  return html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function h1Of(html: string): string {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return decodeHtml((match?.[1] ?? '').replace(/<[^>]+>/g, '').trim());
}

describe('language negotiation on /', () => {
  test('Accept-Language picks the language', async () => {
    const response = await fetch(`${site.url}/`, {
      redirect: 'manual',
      headers: { 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.5' },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/tr');
  });

  test('the lang cookie wins over Accept-Language', async () => {
    const response = await fetch(`${site.url}/`, {
      redirect: 'manual',
      headers: { 'accept-language': 'tr-TR', cookie: 'lang=uz' },
    });
    expect(response.headers.get('location')).toBe('/uz');
  });

  test('no preference gives English', async () => {
    const response = await fetch(`${site.url}/`, { redirect: 'manual' });
    expect(response.headers.get('location')).toBe('/en');
  });
});

const SPEC_PAGES: Array<[string, MessageKey]> = [
  ['', 'page.home.heading'],
  ['/flight/booking', 'page.booking.heading'],
  ['/info/agreement', 'page.agreement.heading'],
  ['/info/confidential', 'page.confidential.heading'],
  ['/info/my-ticket', 'page.myTicket.heading'],
  ['/info/payment-security', 'page.paymentSecurity.heading'],
  ['/info/contacts', 'page.contacts.heading'],
  ['/info/offer', 'page.offer.heading'],
  ['/info/help', 'page.help.heading'],
  ['/settings', 'page.settings.heading'],
  ['/login', 'auth.page.heading'],
];

/** Signed-in only (spec §6): an anonymous visitor gets 401 and the sign-in screen (e2e/auth.test.ts signs in). */
const GUARDED_PAGES = ['/profile', '/profile/orders-history', '/profile/settings', '/profile/price-alerts'];

describe('every page of the spec in every language', () => {
  for (const lang of LOCALES) {
    test(`${lang}: 200 (401 when guarded), <html lang>, translated heading, hreflang alternates`, async () => {
      for (const [path, key] of SPEC_PAGES) {
        const response = await fetch(`${site.url}/${lang}${path}`);
        expect(response.status, `${lang}${path}`).toBe(200);
        const html = await response.text();
        expect(html).toContain(`<html lang="${lang}"`);
        expect(h1Of(html), `${lang}${path}`).toBe(MESSAGES[lang][key]);
        for (const other of LOCALES)
          expect(html).toContain(`hrefLang="${other}" href="${site.url}/${other}${path}"`);
      }
      for (const path of GUARDED_PAGES) {
        const response = await fetch(`${site.url}/${lang}${path}`);
        expect(response.status, `${lang}${path}`).toBe(401);
        const html = await response.text();
        expect(html).toContain(`<html lang="${lang}"`);
        expect(h1Of(html), `${lang}${path}`).toBe(MESSAGES[lang]['auth.page.heading']);
      }
    });
  }
});

describe('errors', () => {
  test('an unmatched path is a 404 with "Page not found: {path}"', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${site.url}/en/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page Not Found');
    await expect(page.getByTestId('error-message').textContent()).resolves.toBe(
      'Page not found: /en/no-such-page',
    );
    await page.close();
  });

  test.each(LOCALES)('the not-found page is translated (%s)', async (lang) => {
    const response = await fetch(`${site.url}/${lang}/nope/deeper`);
    expect(response.status).toBe(404);
    const html = decodeHtml(await response.text());
    expect(h1Of(html)).toBe(MESSAGES[lang]['error.notFound.title']);
    expect(html).toContain(
      MESSAGES[lang]['error.notFound.message'].replace('{path}', `/${lang}/nope/deeper`),
    );
  });

  test("an unknown /v1 path is the API's JSON 404 for every method, never the web page", async () => {
    const bodies: Array<[string, string | undefined, string | undefined]> = [
      ['GET', undefined, undefined],
      ['DELETE', undefined, undefined],
      ['POST', 'application/x-www-form-urlencoded', 'a=1'],
      ['POST', 'application/json', '{"a":1}'],
      ['PUT', 'text/plain', 'hello'],
      ['PATCH', 'multipart/form-data; boundary=x', '--x--'],
    ];
    for (const [method, type, body] of bodies) {
      const response = await fetch(`${site.url}/v1/no-such/endpoint?x=1`, {
        method,
        headers: type ? { 'content-type': type } : {},
        body,
      });
      expect(response.status, `${method} ${type}`).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });

  test('an unknown language prefix is a 404', async () => {
    const response = await fetch(`${site.url}/de/info/agreement`);
    expect(response.status).toBe(404);
    expect(decodeHtml(await response.text())).toContain('Page not found: /de/info/agreement');
  });

  test('the redirect table: internal rules navigate, external ones leave the site', async () => {
    const internal = await fetch(`${site.url}/ru/orders`, { redirect: 'manual' });
    expect(internal.status).toBe(302);
    expect(internal.headers.get('location')).toBe('/ru/profile/orders-history');
    const external = await fetch(`${site.url}/en/info/openflights`, { redirect: 'manual' });
    expect(external.headers.get('location')).toBe('https://openflights.org/data.php');
  });

  test('in-app navigation to a redirect path follows the rule (its .data request is redirected, not a 404)', async () => {
    const data = await fetch(`${site.url}/en/signin.data`, { redirect: 'manual' });
    expect(data.status).not.toBe(404);
    const page = await browser.newPage();
    try {
      await gotoHydrated(page, `${site.url}/en/info/help`);
      // A client-side navigation, as a link inside the app would make it.
      await page.evaluate(() => {
        const link = document.createElement('a');
        link.href = '/en/signin';
        link.textContent = 'sign in (old address)';
        document.querySelector('main')!.append(link);
      });
      const documents: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'document') documents.push(r.url());
      });
      await page.getByRole('link', { name: 'sign in (old address)' }).click();
      await page.waitForURL(`${site.url}/en/login`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        MESSAGES.en['auth.page.heading'],
      );
    } finally {
      await page.close();
    }
  });
});

describe('switchers', () => {
  test('switching to uz keeps the path and remembers the language in a 365-day cookie', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await gotoHydrated(page, `${site.url}/en/info/agreement`);
    await page.getByRole('link', { name: 'Oʻzbekcha' }).click();
    await page.waitForURL(`${site.url}/uz/info/agreement`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      MESSAGES.uz['page.agreement.heading'],
    );
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('uz');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    await context.close();
  });

  test('the currency switcher stores the choice and keeps the page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await gotoHydrated(page, `${site.url}/ru/settings`);
    await page.locator('#header-currency').selectOption('TRY');
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'currency')?.value)
      .toBe('TRY');
    await expect.poll(() => page.getByTestId('format-preview').textContent()).toContain('₺');
    expect(new URL(page.url()).pathname).toBe('/ru/settings');
    await context.close();
  });
});

describe('shell', () => {
  test('a toast shows its progress, pauses on hover and resumes on leave, then closes', async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, `${site.url}/en/settings`);
    await page.getByRole('main').getByRole('button', { name: 'Save', exact: true }).click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Settings saved' });
    await toast.waitFor();
    // 24rem on a larger screen (spec §9): the stylesheet loaded with the first toast must not shrink it.
    await expect.poll(() => toast.evaluate((el) => el.getBoundingClientRect().width)).toBe(384);
    const progress = toast.locator('.Toastify__progress-bar');
    await toast.hover();
    await expect
      .poll(() => progress.evaluate((el) => getComputedStyle(el).animationPlayState))
      .toBe('paused');
    await page.mouse.move(1, 1);
    await expect
      .poll(() => progress.evaluate((el) => getComputedStyle(el).animationPlayState))
      .toBe('running');
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    await page.close();
  });

  test("the toasts' landmark and timer are named in the page's language", async () => {
    const named = {
      ru: { region: 'Уведомления (Alt+T)', timer: 'Время до закрытия уведомления', save: 'Сохранить' },
      uz: { region: 'Bildirishnomalar (Alt+T)', timer: 'Bildirishnoma yopilishigacha vaqt', save: 'Saqlash' },
      tr: { region: 'Bildirimler (Alt+T)', timer: 'Bildirimin kapanmasına kalan süre', save: 'Kaydet' },
      en: { region: 'Notifications (Alt+T)', timer: 'Time until the notification closes', save: 'Save' },
    };
    for (const [lang, words] of Object.entries(named)) {
      expect(MESSAGES[lang as Locale]['toast.region']).toBe(words.region);
      const page = await browser.newPage();
      await gotoHydrated(page, `${site.url}/${lang}/settings`);
      await page.getByRole('main').getByRole('button', { name: words.save, exact: true }).click();
      await page.locator('.Toastify__toast').first().waitFor();
      await expect.poll(() => page.getByRole('region', { name: words.region, exact: true }).count()).toBe(1);
      await expect
        .poll(() =>
          page.locator('.Toastify__progress-bar[role="progressbar"]').first().getAttribute('aria-label'),
        )
        .toBe(words.timer);
      await page.close();
    }
  });

  test('a route chunk that fails to load reloads the page once per path in 10 s, then shows the error page', async () => {
    // The tours page's own module, by its route id in the build's manifest (not by a file name, which follows
    // the route file's name and changes with it).
    const probe = await browser.newPage();
    await gotoHydrated(probe, `${site.url}/en/info/help`);
    const toursModule = await probe.evaluate(
      () =>
        (window as { __reactRouterManifest?: { routes: Record<string, { module: string }> } })
          .__reactRouterManifest?.routes['routes/tours/list']?.module,
    );
    await probe.close();
    expect(toursModule).toMatch(/^\/assets\/.+\.js$/);
    const page = await browser.newPage();
    try {
      // The tours page's own module is missing (a deploy removed it, say).
      await page.route(`${site.url}${toursModule}`, (route) => route.fulfill({ status: 404, body: '' }));
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
      });
      await gotoHydrated(page, `${site.url}/en/info/help`);
      const tours = page.getByRole('contentinfo').getByRole('link', { name: MESSAGES.en['footer.tours'] });
      await tours.click();
      // The guard allows one reload of the page.
      await expect.poll(() => documents.length).toBe(2);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await tours.click();
      // Within 10 s the guard refuses a second reload: the error page shows instead.
      await page.getByRole('heading', { name: 'Internal Server Error' }).waitFor();
      expect(documents).toEqual(['/en/info/help', '/en/info/help']);
    } finally {
      await page.close();
    }
  });

  test('uz dates and prices read the same after hydration in Chromium as the server rendered them', async () => {
    const serverHtml = decodeHtml(
      await (await fetch(`${site.url}/uz/settings`, { headers: { cookie: 'currency=UZS' } })).text(),
    );
    const serverText = /data-testid="format-preview"[^>]*>([^<]*)</.exec(serverHtml)?.[1];
    expect(serverText).toContain('soʻm');
    expect(serverText).toContain('mart');
    const context = await browser.newContext();
    await context.addCookies([{ name: 'currency', value: 'UZS', url: site.url }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await gotoHydrated(page, `${site.url}/uz/settings`);
    const clientText = await page.evaluate(() => {
      const fmt = new Intl.NumberFormat('uz', {
        style: 'currency',
        currency: 'UZS',
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
        currencyDisplay: 'narrowSymbol',
      });
      const date = new Intl.DateTimeFormat('uz', { dateStyle: 'long', timeZone: 'UTC' });
      return [fmt.format(1234567.5), date.format(Date.UTC(2026, 2, 5, 9, 30))];
    });
    expect(serverText).toContain(clientText[0]);
    expect(serverText).toContain(clientText[1]);
    expect(await page.getByTestId('format-preview').textContent()).toBe(serverText);
    // A text mismatch would make React report a recoverable hydration error (#418 in production builds).
    expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
    await context.close();
  });

  test('axe finds no serious or critical violation on the home page, phone and desktop', async () => {
    for (const viewport of [
      { width: 360, height: 780 },
      { width: 1280, height: 900 },
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${site.url}/en`);
      await expectAxeClean(page, `${viewport.width} px`);
      await context.close();
    }
  });
});
