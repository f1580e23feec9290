/**
 * Price alerts (docs/operations.md#price-alerts) in Chromium with a real SMTP server: subscribe on a results
 * page, confirm from the first email, the price drops, the alert email arrives, unsubscribe from its link;
 * the form without JavaScript; a signed-in traveller's prefilled email and the profile's list with delete.
 *
 * The price moves as the engine moves it: the test fills the cheapest flights of the search in the shared
 * PostgreSQL database (a cabin 90 % sold costs about 1.8 × an empty one) before subscribing, and gives the
 * seats back after confirming; the site's worker re-prices every 2 seconds. Needs DATABASE_URL (npm test
 * starts a PostgreSQL server for the suite).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAxeClean } from './support/axe.ts';
import type { Offer } from '@parvoz/core/search-types';
import { formatMoney } from '@parvoz/i18n/currency';
import type { Locale } from '@parvoz/i18n/locales';
import type { TestDatabase } from '@parvoz/db/testing';
import { raiseLowestPrice, releaseSeats } from '../apps/api/src/modules/price-alerts/testing/price-moves.ts';
import { startSite, type RunningSite, stopSuite, postgresTestDatabase } from './support/server.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { codeOf, startSmtpServer, type ReceivedEmail, type TestSmtpServer } from './support/smtp.ts';
import { m } from './support/messages.ts';
import { isoDay } from './support/dates.ts';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';

const ANONYMOUS = 'Bearer parvoz-public-anonymous';
let database: TestDatabase;
let smtp: TestSmtpServer;
let site: RunningSite;
let browser: Browser;

/** `TAS{DDMM}IST1`: the results page of one adult in economy on that day. */
const segmentOf = (date: string, from = 'TAS', to = 'IST') =>
  `${from}${date.slice(8, 10)}${date.slice(5, 7)}${to}1`;

beforeAll(async () => {
  database = await postgresTestDatabase();
  smtp = await startSmtpServer();
  site = await startSite({ DATABASE_URL: database.url!, SMTP_URL: smtp.url, PRICE_ALERT_SECONDS: '2' });
  browser = await launchBrowser();
});

afterAll(() => stopSuite(site, browser, smtp, database));

async function api(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${site.url}${path}`, {
    method,
    headers: {
      authorization: token ? `Bearer ${token}` : ANONYMOUS,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The search of a results page as the API answers it now (USD, one adult, economy). */
async function offersOf(date: string): Promise<Offer[]> {
  const answer = await api('POST', '/v1/flights/search', {
    slices: [{ origin: 'TAS', destination: 'IST', departure_date: date }],
    passengers: { adults: 1 },
    currency: 'USD',
  });
  expect(answer.status).toBe(200);
  return expandSearchOffers(answer.body.data) as Offer[];
}

/** The link of `page` in an email, checked to lead to this site. */
function linkIn(email: ReceivedEmail, page: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`https?://[^\\s"<>]+/price-alerts/${page}\\?token=[\\w-]+`).exec(email.text);
  if (!match) throw new Error(`no ${page} link in: ${email.text}`);
  expect(new URL(match[0]).origin).toBe(site.url);
  expect(email.html).toContain(match[0]);
  return match[0];
}

async function newPage(options: { javaScriptEnabled?: boolean; currency?: string } = {}) {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true });
  await context.addCookies([{ name: 'currency', value: options.currency ?? 'USD', url: site.url }]);
  return { context, page: await context.newPage() };
}

async function subscribeOn(page: Page, lang: Locale, email: string) {
  const form = page.getByRole('region', { name: m(lang, 'priceAlert.form.heading') });
  await form.getByLabel(m(lang, 'priceAlert.form.email')).fill(email);
  await form.getByRole('button', { name: m(lang, 'priceAlert.form.submit') }).click();
}

/** Waits until the page shows a status message containing `text`. */
async function statusShows(page: Page, text: string) {
  // The answer follows a form post that sends an email: well over expect.poll's 1 s default on a busy machine.
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: text }).count(), { timeout: 15_000 })
    .toBe(1);
}

async function pressLinkButton(page: Page, link: string, button: string) {
  await gotoHydrated(page, link);
  await page.getByRole('button', { name: button }).click();
}

describe('a price alert from subscribing to unsubscribing', () => {
  test('en: subscribe on the results page, confirm, the price drops, the alert email, unsubscribe', async () => {
    const lang: Locale = 'en';
    const email = 'alert-traveller@example.com';
    const date = isoDay(45);
    // The flights fill up before the traveller comes: the lowest price is high.
    const raised = await raiseLowestPrice({
      db: database.db,
      search: () => offersOf(date),
      wait: () => new Promise((resolve) => setTimeout(resolve, 250)),
    });
    expect(raised.after).toBeGreaterThan(raised.before * 1.05);

    const { context, page } = await newPage();
    try {
      await gotoHydrated(page, `${site.url}/${lang}/flight/${segmentOf(date)}`);
      await expectAxeClean(page);
      await subscribeOn(page, lang, email);
      await statusShows(page, m(lang, 'priceAlert.form.sent', { email }));

      const confirmation = await smtp.waitFor(email, 20_000);
      expect(confirmation.subject).toBe('Confirm your price alert: Tashkent → Istanbul');
      expect(confirmation.text).toContain(formatMoney(lang, raised.after, 'USD'));
      const confirmLink = linkIn(confirmation, 'confirm');
      await pressLinkButton(page, confirmLink, m(lang, 'priceAlert.confirm.submit'));
      await statusShows(page, m(lang, 'priceAlert.confirm.done', { route: 'Tashkent → Istanbul' }));
      await expectAxeClean(page);

      // The seats go back on sale: the lowest price drops, and the worker tells the traveller.
      await releaseSeats(database.db, raised.held);
      const alert = await smtp.waitFor(email, 30_000, 2);
      const price = formatMoney(lang, raised.before, 'USD');
      expect(alert.subject).toBe(`Cheaper: Tashkent → Istanbul from ${price}`);
      expect(alert.text).toContain(formatMoney(lang, raised.after, 'USD'));
      expect(alert.text).toContain(`${site.url}/${lang}/flight/${segmentOf(date)}`);

      // Unsubscribe from the email's link in a browser that never signed in.
      const unsubscribeLink = linkIn(alert, 'unsubscribe');
      await pressLinkButton(page, unsubscribeLink, m(lang, 'priceAlert.unsubscribe.submit'));
      await statusShows(page, m(lang, 'priceAlert.unsubscribe.done', { route: 'Tashkent → Istanbul' }));
      // The site's own results link from the email leads back to the search.
      await page.getByRole('link', { name: m(lang, 'priceAlert.seeFlights') }).click();
      await expect.poll(() => page.url()).toContain(`/${lang}/flight/${segmentOf(date)}`);
      expect(smtp.to(email)).toHaveLength(2);
      // The links' tokens never reach the site's log (it logged the pages' URLs, masked).
      const log = site.logs.join('\n');
      expect(log).toContain('/price-alerts/confirm?token=');
      for (const link of [confirmLink, unsubscribeLink])
        expect(log).not.toContain(new URL(link).searchParams.get('token'));
    } finally {
      await context.close();
    }
  }, 120_000);

  test('ru: without JavaScript the form posts to a page of its own, in the page’s language and currency', async () => {
    const lang: Locale = 'ru';
    const email = 'alert-nojs@example.com';
    const date = isoDay(50);
    const { context, page } = await newPage({ javaScriptEnabled: false, currency: 'RUB' });
    try {
      await page.goto(`${site.url}/${lang}/flight/${segmentOf(date)}`);
      await subscribeOn(page, lang, 'not-an-address');
      await expect.poll(() => page.url()).toBe(`${site.url}/${lang}/price-alerts`);
      await expect.poll(() => page.getByText(m(lang, 'priceAlert.form.emailInvalid')).count()).toBe(1);
      await subscribeOn(page, lang, email);
      await statusShows(page, m(lang, 'priceAlert.form.sent', { email }));
      const confirmation = await smtp.waitFor(email, 20_000);
      expect(confirmation.subject).toBe('Подтвердите уведомление о цене: Ташкент → Стамбул');
      expect(confirmation.text).toContain('₽');
      expect(linkIn(confirmation, 'confirm')).toContain(`/${lang}/price-alerts/confirm?token=`);
      await page.getByRole('link', { name: m(lang, 'priceAlert.page.back') }).click();
      await expect.poll(() => page.url()).toBe(`${site.url}/${lang}/flight/${segmentOf(date)}`);
    } finally {
      await context.close();
    }
  });
});

describe('a signed-in traveller', () => {
  let context: BrowserContext;
  let page: Page;
  const email = 'alert-member@example.com';

  beforeAll(async () => {
    await api('POST', '/v1/auth/code', { email, lang: 'uz' });
    const code = codeOf(await smtp.waitFor(email, 20_000));
    const verified = await api('POST', '/v1/auth/verify', { email, code });
    expect(verified.status).toBe(200);
    ({ context, page } = await newPage({ currency: 'UZS' }));
    await context.addCookies([{ name: 'token', value: verified.body.data.token, url: site.url }]);
  });

  afterAll(async () => {
    await context?.close();
  });

  test('tr: the form comes with the account’s email filled in', async () => {
    await gotoHydrated(page, `${site.url}/tr/flight/${segmentOf(isoDay(60))}`);
    const field = page
      .getByRole('region', { name: m('tr', 'priceAlert.form.heading') })
      .getByLabel(m('tr', 'priceAlert.form.email'));
    expect(await field.inputValue()).toBe(email);
  });

  test('uz: the profile lists the account’s alerts, and one is deleted', async () => {
    const lang: Locale = 'uz';
    for (const days of [61, 62]) {
      await gotoHydrated(page, `${site.url}/${lang}/flight/${segmentOf(isoDay(days))}`);
      const form = page.getByRole('region', { name: m(lang, 'priceAlert.form.heading') });
      // The first watches any day of its month (docs/operations.md#price-alerts), the second its one day.
      if (days === 61)
        await form.getByRole('radio', { name: m(lang, 'priceAlert.form.dates.month') }).check();
      await form.getByRole('button', { name: m(lang, 'priceAlert.form.submit') }).click();
      await statusShows(page, m(lang, 'priceAlert.form.sent', { email }));
    }
    // The first one is confirmed from its email (the account's second email, after the sign-in code); the
    // other still waits.
    const confirmation = await smtp.waitFor(email, 20_000, 2);
    expect(confirmation.subject).toBe('Narx haqidagi xabarnomani tasdiqlang: Toshkent → Istanbul');
    await smtp.waitFor(email, 20_000, 3);
    await pressLinkButton(page, linkIn(confirmation, 'confirm'), m(lang, 'priceAlert.confirm.submit'));
    await statusShows(page, m(lang, 'priceAlert.confirm.done', { route: 'Toshkent → Istanbul' }));

    await gotoHydrated(page, `${site.url}/${lang}/profile`);
    await page.getByRole('link', { name: m(lang, 'profile.nav.priceAlerts') }).click();
    const items = page.getByTestId('price-alert-item');
    await expect.poll(() => items.count()).toBe(2);
    await expectAxeClean(page);
    expect(await items.first().textContent()).toContain(m(lang, 'priceAlert.status.pending'));
    expect(await items.last().textContent()).toContain(m(lang, 'priceAlert.status.active'));
    expect(await items.last().textContent()).toContain('soʻm');
    // The month's alert says so, and once checked twice (every 2 s on this site) draws its price history.
    const anyDay = m(lang, 'priceAlert.range.oneWay', { first: '', last: '' }).split(' – ').at(-1)!.trim();
    expect(await items.last().textContent()).toContain(anyDay);
    const history = items.last().getByTestId('price-history');
    await expect
      .poll(
        async () => {
          await page.reload();
          return history.count();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(1);
    const said = m(lang, 'priceAlert.history.label', { lowest: 'L', highest: 'H', latest: 'N' }).split(
      'L',
    )[0]!;
    expect(await history.locator('figcaption').textContent()).toContain(said);
    expect(await history.locator('figcaption').textContent()).toContain('soʻm');
    await expectAxeClean(page, 'profile alerts with a price history');

    await items
      .first()
      .getByRole('button', { name: m(lang, 'priceAlert.profile.delete', { route: 'Toshkent → Istanbul' }) })
      .click();
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().textContent()).toContain(m(lang, 'priceAlert.status.active'));
    // The toast is set by the action on the server (redirectWithToast) and shown on the page it lands on.
    await page
      .locator('.Toastify__toast')
      .filter({ hasText: m(lang, 'priceAlert.profile.deleted') })
      .waitFor();
  });
});
