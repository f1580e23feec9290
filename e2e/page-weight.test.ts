/**
 * What a page makes the browser fetch before it can paint (docs/performance.md#speed-targets): the stylesheet
 * comes inline in the page (no render-blocking request), and /uz loads only the Intl polyfills and data its
 * formatting needs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { LOCALES } from '@parvoz/i18n/locales';
import { MESSAGES } from '@parvoz/i18n/messages';
import { type RunningSite, stopSuite, startSite } from './support/server.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { ddmm, isoDay } from './support/dates.ts';
import { BOOT_BATCH } from '../apps/web/app/lib/paint-first.server.ts';
import { measurePageWeights, pageWeightProblems, readPageWeightRecord } from '../scripts/page-weight.ts';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  // Every page is a first visit here: what a page makes the browser fetch is what this suite measures.
  browser = await launchBrowser({ keepTabs: false });
});

afterAll(() => stopSuite(site, browser));

describe('page weight', () => {
  test("no page's JavaScript grew past its record in scripts/page-weight.json by more than 5 %", () => {
    const measured = measurePageWeights();
    // The build this suite serves: every route, the four languages' shell files and each language's file of
    // every route with words of its own are measured.
    const messages = Object.keys(measured).filter((page) => page.startsWith('messages:'));
    const routesWithWords = (locale: string) =>
      messages.flatMap((page) => (page.startsWith(`messages:${locale}:`) ? [page.split(':')[2]] : []));
    for (const locale of LOCALES) {
      expect(messages).toContain(`messages:${locale}`);
      expect(routesWithWords(locale)).toEqual(routesWithWords('en'));
    }
    expect(routesWithWords('en')).toEqual(
      expect.arrayContaining(['routes-site-home', 'routes-flights-results', 'routes-flights-booking']),
    );
    expect(Object.keys(measured)).toContain('route:routes/flights/results');
    expect(pageWeightProblems(measured, readPageWeightRecord())).toEqual([]);
  });

  test('the stylesheet is inline in the head: no stylesheet request, styles kept through hydration and navigation', async () => {
    const html = await (await fetch(`${site.url}/en`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const inline = /<style id="parvoz-css">([\s\S]*?)<\/style>/.exec(head)?.[1] ?? '';
    // Tailwind's output, with the utilities the page uses.
    expect(inline).toContain('.min-h-screen');
    expect(inline).toContain('--color-primary-600');

    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const stylesheets: string[] = [];
    page.on('request', (r) => r.resourceType() === 'stylesheet' && stylesheets.push(r.url()));
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    try {
      await gotoHydrated(page, `${site.url}/en`);
      const styled = () =>
        page.evaluate(() => ({
          css: document.getElementById('parvoz-css')?.textContent?.length ?? 0,
          body: getComputedStyle(document.body).minHeight,
          display: getComputedStyle(document.body).display,
        }));
      const viewportHeight = '780px';
      expect(await styled()).toEqual({ css: inline.length, body: viewportHeight, display: 'flex' });
      // A client-side navigation re-renders the document's head: the styles stay.
      await page.locator('footer a[href="/en/info/help"]').first().click();
      await page.waitForURL(/\/en\/info\/help$/);
      expect(await styled()).toEqual({ css: inline.length, body: viewportHeight, display: 'flex' });
      expect(stylesheets).toEqual([]);
      expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test("a page names its language's shell file and its routes' own words instead of carrying them; another language loads its own", async () => {
    // A plain-text message of the booking page: the home page neither shows nor ships it.
    const [key, words] = Object.entries(MESSAGES.en).find(
      ([k, v]) => k.startsWith('booking.') && !/[{}<]/.test(v) && v.length > 60,
    )!;
    const html = await (await fetch(`${site.url}/en`)).text();
    // Named among the modules the page's boot script adds once the page has painted.
    const file = /\{"href":"(\/assets\/messages-en-[0-9a-f]{12}\.js)","id":"parvoz-messages"\}/.exec(
      html,
    )?.[1];
    expect(file, 'the messages link').toBeDefined();
    const homeWords =
      /\{"href":"(\/assets\/page-messages-en-routes-site-home-[0-9a-f]{12}\.js)","page":"\/assets\/home-[\w-]+\.js"\}/.exec(
        html,
      )?.[1];
    expect(homeWords, "the home route's words").toBeDefined();
    expect(html).not.toContain(words);
    const served = await fetch(site.url + file!);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const shell = await served.text();
    // The shell's words (the header's) are in the shell; the search form's in the home route's file; the
    // booking page's in neither.
    expect(shell).toContain(JSON.stringify(MESSAGES.en['nav.skipToContent']).slice(1, -1));
    expect(shell).not.toContain(JSON.stringify(MESSAGES.en['search.form.submit']).slice(1, -1));
    const home = await (await fetch(site.url + homeWords!)).text();
    expect(home).toContain(JSON.stringify(MESSAGES.en['search.form.submit']).slice(1, -1));
    expect(shell + home).not.toContain(JSON.stringify(words).slice(1, -1));
    const booking = /"(\/assets\/page-messages-en-routes-flights-booking-[0-9a-f]{12}\.js)"/.exec(shell)?.[1];
    expect(await (await fetch(site.url + booking!)).text(), key).toContain(
      JSON.stringify(words).slice(1, -1),
    );

    const page = await browser.newPage();
    const loaded: string[] = [];
    page.on(
      'response',
      (r) => /\/assets\/(page-)?messages-/.test(r.url()) && loaded.push(new URL(r.url()).pathname),
    );
    try {
      await gotoHydrated(page, `${site.url}/en/settings`);
      expect(loaded.sort()).toEqual(
        [
          file,
          expect.stringMatching(/^\/assets\/page-messages-en-routes-site-settings-[0-9a-f]{12}\.js$/),
        ].sort(),
      );
      // Saving another language navigates in the page: the Turkish words arrive before the Turkish page shows.
      await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
      await page.locator('#settings-language').selectOption('tr');
      await page.getByRole('main').getByRole('button', { name: MESSAGES.en['settings.save'] }).click();
      await page.waitForURL(/\/tr\/settings/);
      await expect.poll(() => page.locator('h1').textContent()).toBe(MESSAGES.tr['page.settings.heading']);
      expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
      expect(loaded).toHaveLength(4);
      expect(loaded.slice(2).sort()).toEqual([
        expect.stringMatching(/^\/assets\/messages-tr-[0-9a-f]{12}\.js$/),
        expect.stringMatching(/^\/assets\/page-messages-tr-routes-site-settings-[0-9a-f]{12}\.js$/),
      ]);
      // Another route in the same language: its own words arrive before it shows (the browser tests fail on a
      // missing word, e2e/support/missing-messages.ts).
      await page.locator('footer a[href="/tr/info/help"]').first().click();
      await page.waitForURL(/\/tr\/info\/help$/);
      await expect
        .poll(() => loaded.at(-1))
        .toMatch(/^\/assets\/page-messages-tr-routes-info-page-[0-9a-f]{12}\.js$/);
    } finally {
      await page.close();
    }
  });

  test('a page paints before its JavaScript is fetched, then hydrates with every module it named', async () => {
    const html = await (await fetch(`${site.url}/en`)).text();
    // Nothing in the HTML for the preload scanner to fetch before the page is shown.
    expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]+type="module"/);
    const named = [...html.matchAll(/\{"href":"(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(10);

    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    // How many links each task adds: a mutation observer's callback runs once at the end of each task.
    await page.addInitScript(() => {
      const batches: number[] = [];
      (window as { bootBatches?: number[] }).bootBatches = batches;
      new MutationObserver((records) => {
        const added = records
          .flatMap((record) => [...record.addedNodes])
          .filter((node) => node instanceof HTMLLinkElement && node.rel === 'modulepreload').length;
        if (added > 0) batches.push(added);
      }).observe(document, { childList: true, subtree: true });
    });
    try {
      await gotoHydrated(page, `${site.url}/en`);
      // Adding ~45 links (each starts a request) is spread over tasks, none of them long.
      const batches = await page.evaluate(() => (window as { bootBatches?: number[] }).bootBatches!);
      expect(batches.length).toBeGreaterThan(1);
      expect(Math.max(...batches)).toBeLessThanOrEqual(BOOT_BATCH);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
        preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
          (link) => new URL(link.href).pathname,
        ),
      }));
      for (const script of timing.scripts)
        expect(script.start, script.path).toBeGreaterThanOrEqual(timing.paint);
      // Each one named is added back and fetched (the shell's links add their own later).
      for (const path of named) {
        expect(timing.preloads).toContain(path);
        expect(timing.scripts.map((s) => s.path)).toContain(path);
      }
      // Hydrated for real: the place field's suggestions need React.
      await page.getByRole('combobox', { name: 'From', exact: true }).fill('tashkent');
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test('a results page loads the search form’s rules at once, the price alert’s only once its form is used', async () => {
    const date = isoDay(40);
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const requested: Array<{ path: string; at: number }> = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') requested.push({ path: new URL(r.url()).pathname, at: Date.now() });
    });
    // The price alert's email rule is the sign-in contract's (assets/auth-<hash>.js, not auth-context-…).
    const alertRules = (path: string) => /\/assets\/auth-[\w-]{8}\.js$/.test(path);
    try {
      const zod = page.waitForResponse((r) => /\/assets\/zod-[\w-]+\.js$/.test(r.url()));
      await gotoHydrated(page, `${site.url}/en/flight/TAS${date.slice(8, 10)}${date.slice(5, 7)}IST1`);
      // The search form's rules (zod) came with hydration; the alert's were not asked for with them.
      await zod;
      expect(requested.filter((r) => alertRules(r.path))).toEqual([]);
      const usedAt = Date.now();
      const alert = page.getByRole('region', { name: MESSAGES.en['priceAlert.form.heading'] });
      await alert.getByLabel(MESSAGES.en['priceAlert.form.email']).focus();
      await expect.poll(() => requested.filter((r) => alertRules(r.path)).length).toBe(1);
      expect(requested.find((r) => alertRules(r.path))!.at).toBeGreaterThanOrEqual(usedAt);
    } finally {
      await page.close();
    }
  });

  test('/uz loads the Uzbek number, date and plural data at once, not the time-zone database nor Intl.Locale', async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'currency', value: 'UZS', url: site.url }]);
    // Counts numbers and dates the browser's own Intl formats: the polyfills replace both constructors.
    await context.addInitScript(() => {
      const counted = window as unknown as { nativeIntlFormats: number };
      counted.nativeIntlFormats = 0;
      for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
        Object.defineProperty(Intl, name, {
          configurable: true,
          writable: true,
          value: new Proxy(Intl[name], {
            construct(target, args) {
              counted.nativeIntlFormats++;
              return Reflect.construct(target, args) as object;
            },
          }),
        });
      }
    });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    try {
      await gotoHydrated(page, `${site.url}/uz/settings`);
      // The page never asks the browser's own Intl first (that cost ~17 ms of loading its locale data).
      expect(
        await page.evaluate(() => (window as unknown as { nativeIntlFormats: number }).nativeIntlFormats),
      ).toBe(0);
      const polyfills = scripts.filter((s) => /polyfill|golden-tz|\/uz-/.test(s));
      // Three forced polyfills (plural rules, numbers, dates), each with its Uzbek data.
      expect(polyfills.filter((s) => s.includes('/polyfill-force-'))).toHaveLength(3);
      expect(polyfills.filter((s) => /\/uz-[\w-]+\.js$/.test(s)).length).toBeGreaterThanOrEqual(3);
      expect(scripts.some((s) => s.includes('golden-tz'))).toBe(false);
      // Chromium has Intl.Locale and Intl.getCanonicalLocales: their polyfills (polyfill-<hash>.js) stay away.
      expect(scripts.filter((s) => /\/polyfill-[\w-]{8}\.js$/.test(s))).toEqual([]);
      // The polyfills are installed and format in Uzbek in UTC and at an airport's fixed offset.
      const formatted = await page.evaluate(() => {
        const at = Date.UTC(2026, 2, 5, 9, 30);
        return [
          new Intl.NumberFormat('uz', {
            style: 'currency',
            currency: 'UZS',
            maximumFractionDigits: 0,
          }).format(1234567),
          new Intl.DateTimeFormat('uz', { dateStyle: 'long', timeZone: 'UTC' }).format(at),
          new Intl.DateTimeFormat('uz', { hour: 'numeric', minute: '2-digit', timeZone: '+05:00' }).format(
            at,
          ),
        ];
      });
      expect(formatted[0]).toContain('soʻm');
      expect(formatted[1]).toContain('mart');
      expect(formatted[2]).toMatch(/^0?14:30$/);
      expect(await page.getByTestId('format-preview').textContent()).toContain('soʻm');
    } finally {
      await context.close();
    }
  });

  test('form schemas load after hydration: no traveller page needs zod or libphonenumber to start', () => {
    // The build's manifest lists what each route loads before it runs (entry, then each route of its chain
    // with the modules they import). Found by this test: a booking-page helper imported from the offers
    // schema module brought zod and libphonenumber back (+59 kB gzip).
    const client = path.resolve(import.meta.dirname, '../apps/web/build/client');
    const manifestFile = readdirSync(path.join(client, 'assets')).find((f) => f.startsWith('manifest-'))!;
    const text = readFileSync(path.join(client, 'assets', manifestFile), 'utf8');
    type Entry = { module: string; imports?: string[]; parentId?: string };
    const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as {
      entry: { module: string; imports: string[] };
      routes: Record<string, Entry>;
    };
    const travellerRoutes = [
      'routes/site/home',
      'routes/flights/results',
      'routes/flights/booking',
      'routes/order/order',
      'info-help',
      'routes/tours/list',
      'routes/tours/tour',
      'routes/agencies/apply',
      'routes/site/settings',
    ];
    for (const id of travellerRoutes) {
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (
        let r: Entry | undefined = manifest.routes[id];
        r;
        r = r.parentId ? manifest.routes[r.parentId] : undefined
      )
        for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
      expect(manifest.routes[id], id).toBeDefined();
      const heavy = [...files].filter((f) => {
        const code = readFileSync(path.join(client, f), 'utf8');
        return code.includes('ZodError') || code.includes('country_calling_codes');
      });
      expect(heavy, id).toEqual([]);
    }
  });

  test('messages reach the browser as ICU AST: no parser in its JavaScript, every language formats without an error', async () => {
    // The parser's error kinds live in the parser alone: the browser's build (no-parser, vite.config.ts) has none.
    const assets = path.resolve(import.meta.dirname, '../apps/web/build/client/assets');
    const withParser = readdirSync(assets).filter(
      (f) =>
        f.endsWith('.js') &&
        readFileSync(path.join(assets, f), 'utf8').includes('EXPECT_ARGUMENT_CLOSING_BRACE'),
    );
    expect(withParser).toEqual([]);

    // The UTC date, as the server reads a search path's DDMM.
    const segment = `TAS${ddmm(isoDay(24))}IST1`;
    for (const lang of LOCALES) {
      const page = await browser.newPage();
      // A string catalogue without a parser, or a missing message, is reported by react-intl on the console.
      const problems: string[] = [];
      page.on('console', (m) => ['error', 'warning'].includes(m.type()) && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
      try {
        // Results: a plural count, prices and dates formatted by the browser after hydration.
        await gotoHydrated(page, `${site.url}/${lang}/flight/${segment}`);
        await page.getByTestId('offer').first().waitFor();
        // A client-side navigation: the next page's title (meta) and words come from the browser's intl.
        await page.locator(`footer a[href="/${lang}/info/help"]`).first().click();
        await page.waitForURL(new RegExp(`/${lang}/info/help$`));
        await expect.poll(() => page.title()).toMatch(new RegExp(` — ${MESSAGES[lang]['app.name']}$`));
        await gotoHydrated(page, `${site.url}/${lang}`);
        // react-intl shows a message's id when it cannot format it: none on the page.
        const text = await page.locator('body').innerText();
        expect(text).not.toMatch(/\b(app|nav|page|search|footer|header|home|error|settings)\.[a-zA-Z]+/);
        expect(await page.title()).not.toMatch(/\b(page|app)\.[a-zA-Z]+/);
        expect(problems, lang).toEqual([]);
      } finally {
        await page.close();
      }
    }
  });
});
