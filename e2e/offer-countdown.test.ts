/**
 * The offer's live countdown: results and booking pages count the offer's lifetime down from the
 * server's clock and, when it ends, show the spec's expiry message with a one-click new search. The site runs
 * with a 12-second offer lifetime so that the test sees the end.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Locale } from '@parvoz/i18n/locales';
import { startSite, type RunningSite, stopSuite } from './support/server.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { m } from './support/messages.ts';
import { isoDay } from './support/dates.ts';

const OFFER_TTL_SECONDS = 12;
let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ OFFER_TTL_SECONDS: String(OFFER_TTL_SECONDS) });
  browser = await launchBrowser();
});

afterAll(() => stopSuite(site, browser));

/** Seconds shown by the countdown ("0:11" → 11). */
async function shownSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('offer-countdown').textContent()) ?? '';
  const match = /(\d+):(\d\d)/.exec(text);
  if (!match) throw new Error(`no time in "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

async function expectCountingDown(page: Page) {
  const first = await shownSeconds(page);
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(OFFER_TTL_SECONDS);
  await expect.poll(() => shownSeconds(page), { timeout: 5_000 }).toBeLessThan(first);
}

test('results: the countdown runs down to the expiry message, and one click searches again', async () => {
  const lang: Locale = 'ru';
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  const day = isoDay(30);
  await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${day.slice(8, 10)}${day.slice(5, 7)}IST1`);
  await page.getByTestId('offer-countdown').waitFor();
  expect(await page.getByTestId('offer-countdown').textContent()).toContain(
    m(lang, 'offer.countdown.label', { time: '' }).trim().split(' ')[0],
  );
  await expectCountingDown(page);

  const expired = page.getByRole('alert').filter({ hasText: m(lang, 'search.expired.message') });
  await expired.waitFor({ timeout: (OFFER_TTL_SECONDS + 5) * 1000 });
  expect(await page.getByTestId('offer-countdown').count()).toBe(0);

  await page.getByRole('button', { name: m(lang, 'search.expired.newSearch') }).click();
  await page.getByTestId('offer-countdown').waitFor();
  expect(await expired.count()).toBe(0);
  expect(await shownSeconds(page)).toBeGreaterThan(OFFER_TTL_SECONDS - 5);
  await page.close();
});

test('booking: the countdown runs down to the expiry message with a new search', async () => {
  const lang: Locale = 'en';
  const response = await fetch(`${site.url}/v1/flights/search`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env.PARVOZ_ANONYMOUS_TOKEN ?? 'parvoz-public-anonymous'}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: isoDay(31) }],
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin_class: 'economy',
      currency: 'USD',
    }),
  });
  expect(response.status).toBe(200);
  const offer = ((await response.json()) as { data: { offers: { id: string }[] } }).data.offers[0]!;

  const page = await browser.newPage();
  await gotoHydrated(page, `${site.url}/${lang}/flight/booking?offer=${encodeURIComponent(offer.id)}`);
  await page.getByRole('heading', { level: 1, name: m(lang, 'page.booking.heading') }).waitFor();
  await expectCountingDown(page);

  const expired = page.getByRole('alert').filter({ hasText: m(lang, 'booking.expired') });
  await expired.waitFor({ timeout: (OFFER_TTL_SECONDS + 5) * 1000 });
  expect(await page.getByRole('button', { name: m(lang, 'booking.submit') }).count()).toBe(0);
  await expired.getByRole('link', { name: m(lang, 'booking.newSearch') }).click();
  await page.waitForURL(/\/en\/(flight\/TAS\d{4}IST1)?$/);
  await page.close();
});
