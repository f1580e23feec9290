/**
 * A supplier that cannot answer (docs/duffel.md): a site with Duffel configured at an address where nothing
 * listens. Every search still answers with the built-in offers, and the results page says, in each language,
 * that some flights may be missing; a site without Duffel never says it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Locale } from '@parvoz/i18n/locales';
import { startSite, type RunningSite } from './support/server.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { m } from './support/messages.ts';
import { isoDay } from './support/dates.ts';

let withDuffel: RunningSite;
let plain: RunningSite;
let browser: Browser;

beforeAll(async () => {
  [withDuffel, plain] = await Promise.all([
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    startSite({ DUFFEL_ACCESS_TOKEN: 'duffel_test_unreachable0', DUFFEL_API_URL: 'http://127.0.0.1:9' }),
    startSite(),
  ]);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([withDuffel?.stop(), plain?.stop()]);
});

const path = (lang: Locale) => {
  const day = isoDay(33);
  return `/${lang}/flight/TAS${day.slice(8, 10)}${day.slice(5, 7)}IST1`;
};

test('with Duffel unreachable the built-in offers still come, with the notice that some may be missing', async () => {
  const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  for (const lang of ['en', 'ru', 'uz', 'tr'] as const) {
    await gotoHydrated(page, `${withDuffel.url}${path(lang)}`);
    await page.getByTestId('offer').first().waitFor();
    const notice = page.getByTestId('results-incomplete');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(m(lang, 'search.incomplete'));
    expect(await notice.getAttribute('role')).toBe('status');
  }
  await page.close();
});

test('a site without Duffel never shows the notice', async () => {
  const page = await browser.newPage();
  await gotoHydrated(page, `${plain.url}${path('en')}`);
  await page.getByTestId('offer').first().waitFor();
  expect(await page.getByTestId('results-incomplete').count()).toBe(0);
  await page.close();
});
