/**
 * Results stream (docs/duffel.md, several suppliers in one search), in Chromium: with the Duffel test server
 * answering late, the built-in offers are on the page before Duffel's, then the merged list shows both, and a
 * polite live status says more offers were added; Duffel is asked once for the page. A failing Duffel leaves
 * the built-in list with the notice that some results may be missing; a browser without JavaScript gets the
 * merged list in the page at once.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { type RunningSite, stopSuite, startSiteWithDuffel } from './support/server.ts';

import { expectAxeClean } from './support/axe.ts';
import { m } from './support/messages.ts';
import { ddmm, isoDay } from './support/dates.ts';
import { openPage, PHONE } from './support/pages.ts';
import type { DuffelTestServer } from '../apps/api/src/suppliers/duffel/testing/duffel-server.ts';

const TOKEN = 'duffel_test_stream0123456789abcd';
/** How late the test server answers: well after the built-in offers, well within the 8 s budget. */
const DELAY_MS = 5_000;
let site: RunningSite;
let duffel: DuffelTestServer;
let browser: Browser;

beforeAll(async () => {
  ({ duffel, site, browser } = await startSiteWithDuffel(TOKEN));
  // A first results page warms the search engine, the server's render and the browser up, so the timings
  // below are those of a running site.
  const page = await browser.newPage();
  await page.goto(`${site.url}${path('en', 34)}`);
  await page.locator('[data-testid="offer"][data-carriers="QP"]').first().waitFor({ timeout: 30_000 });
  await page.close();
}, 180_000);

afterAll(() => stopSuite(site, browser, duffel));

/** A one-way search TAS → IST `days` from today (each test its own date: merged answers are cached). */
const path = (lang: string, days: number) => {
  return `/${lang}/flight/TAS${ddmm(isoDay(days))}IST1`;
};
/**
 * A browser's user agent without "HeadlessChrome": the server sends crawlers (isbot) every page whole, after all
 * its data, and headless Chromium's own user agent counts as one (entry.server.tsx).
 */
const browserAgent = () =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;
const offerRequests = () => duffel.requests.filter((r) => r.path.startsWith('/air/offer_requests')).length;

test('Duffel answering late: the built-in offers first, then both suppliers’ in one list, Duffel asked once', async () => {
  const lang = 'en' as const;
  const {
    context,
    page,
    errors: pageErrors,
  } = await openPage(browser, {
    viewport: PHONE,
    userAgent: browserAgent(),
  });
  const asked = offerRequests();
  duffel.knobs.delayMs = DELAY_MS;
  try {
    const began = Date.now();
    await page.goto(`${site.url}${path(lang, 35)}`, { waitUntil: 'commit' });
    const offers = page.getByTestId('offer');
    const atDuffel = page.locator('[data-testid="offer"][data-carriers="QP"]');
    const status = page.getByTestId('more-offers-status');
    await offers.first().waitFor();
    const firstOfferMs = Date.now() - began;
    if (process.env.E2E_DEBUG) console.log(`first offer after ${firstOfferMs} ms`);
    // The built-in offers are there while Duffel has not answered yet, and the page says more are coming.
    expect(await atDuffel.count()).toBe(0);
    expect(await status.textContent()).toBe(m(lang, 'search.more.loading'));
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(firstOfferMs).toBeLessThan(DELAY_MS);
    const builtinCount = await offers.count();
    const chosenDay = page.getByTestId('strip-day').filter({ has: page.locator('[aria-current]') });
    const builtinMin = Number(await chosenDay.getAttribute('data-amount'));

    await atDuffel.first().waitFor({ timeout: 15_000 });
    expect(Date.now() - began).toBeGreaterThanOrEqual(DELAY_MS);
    const carriers = await offers.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-carriers')));
    expect(carriers.some((c) => c !== 'QP')).toBe(true);
    expect(await page.getByTestId('results-incomplete').count()).toBe(0);
    // The live status (once hydrated) tells that offers were added, and how many there are now.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.locator('[data-testid="more-offers-status"][data-state="added"]').waitFor();
    const total = Number(
      (await page.getByTestId('results-count').textContent())?.match(/\d+/)?.[0] ?? Number.NaN,
    );
    expect(total).toBeGreaterThan(builtinCount - 1);
    expect(await status.textContent()).toBe(m(lang, 'search.more.added', { count: total }));
    // The ±3-day strip's chosen day showed the built-in network's lowest price; Duffel's offer undercuts it.
    const duffelTotal = Number(await atDuffel.first().getAttribute('data-total'));
    expect(duffelTotal).toBeLessThan(builtinMin);
    await expect.poll(async () => Number(await chosenDay.getAttribute('data-amount'))).toBe(duffelTotal);
    // The page's two calls (built-in part, then the rest) shared one fan-out.
    expect(offerRequests()).toBe(asked + 1);
    await expectAxeClean(page, 'results with streamed supplier offers');
    expect(pageErrors).toEqual([]);
  } finally {
    duffel.knobs.delayMs = 0;
    await context.close();
  }
});

test('Duffel failing: the built-in offers stay, with the notice that some results may be missing', async () => {
  const lang = 'ru' as const;
  const page = await browser.newPage({ userAgent: browserAgent() });
  duffel.knobs.delayMs = 1_000;
  duffel.knobs.failWith = 500;
  try {
    await page.goto(`${site.url}${path(lang, 36)}`, { waitUntil: 'commit' });
    await page.getByTestId('offer').first().waitFor();
    await page.getByTestId('results-incomplete').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('results-incomplete').textContent()).toBe(m(lang, 'search.incomplete'));
    expect(await page.locator('[data-testid="offer"][data-carriers="QP"]').count()).toBe(0);
    expect(await page.getByTestId('offer').count()).toBeGreaterThan(0);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const status = page.locator('[data-testid="more-offers-status"][data-state="missing"]');
    await status.waitFor();
    expect(await status.textContent()).toBe(m(lang, 'search.more.missing'));
  } finally {
    duffel.knobs.delayMs = 0;
    duffel.knobs.failWith = null;
    await page.close();
  }
});

test('without JavaScript the merged list is in the page at once', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  // What the search form's no-script submission sets (features/search/search-action.server.ts).
  await context.addCookies([{ name: 'parvoz_nojs', value: '1', url: site.url }]);
  const page = await context.newPage();
  duffel.knobs.delayMs = 1_000;
  try {
    await page.goto(`${site.url}${path('uz', 37)}`);
    const carriers = await page
      .getByTestId('offer')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-carriers')));
    expect(carriers).toContain('QP');
    expect(carriers.some((c) => c !== 'QP')).toBe(true);
    expect(await page.getByTestId('more-offers-status').count()).toBe(0);
  } finally {
    duffel.knobs.delayMs = 0;
    await context.close();
  }
});
