/**
 * Words in Chromium on one site: the booking page on /uz names the fare family in Uzbek,
 * the same word as the results page; Russian result counts agree with their number; every page has a
 * title, the 404 in Turkish and a search that cannot be shown (with its route) included. Controls:
 * the toggles are buttons that say whether they are open or pressed, by mouse and by keyboard, and axe is clean.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { expectAxeClean } from './support/axe.ts';
import { DEFAULT_CURRENCY_BY_LOCALE } from '@parvoz/i18n/currency';
import { LOCALES } from '@parvoz/i18n/locales';
import { startSite, type RunningSite, stopSuite } from './support/server.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { m } from './support/messages.ts';
import { ddmm, isoDay } from './support/dates.ts';
import { firstOfferOn } from './support/offers.ts';

let site: RunningSite;
let browser: Browser;
let context: BrowserContext;

/** Intl writes no-break spaces; compare words. */
const words = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});

afterAll(() => stopSuite(site, browser));

describe('fare families, passenger types and classes in the page’s language', () => {
  test('/uz: the booking summary names the fare family in Uzbek, the word the results page uses', async () => {
    const offer = await firstOfferOn(site.url, [30, 31, 32], { currency: DEFAULT_CURRENCY_BY_LOCALE.uz });
    expect(offer.fare_family).toBe('light');
    const page = await context.newPage();
    await gotoHydrated(page, `${site.url}/uz/flight/booking?offer=${encodeURIComponent(offer.id)}`);
    const trip = page.getByRole('region', { name: m('uz', 'booking.trip.heading') });
    const summary = words(await trip.locator('p').first().textContent());
    expect(summary).toContain(m('uz', 'booking.cabin.economy'));
    expect(summary).toContain(m('uz', 'booking.fare.light'));
    expect(summary).toContain(m('uz', 'search.fare.light'));
    expect(summary).not.toMatch(/light/i);
    // The price summary names the passenger type in Uzbek too.
    const price = page.getByRole('region', { name: m('uz', 'booking.price.heading') });
    expect(words(await price.textContent())).toContain(m('uz', 'booking.passengerType.adult'));

    // The results page: the offer's fare family by the same word.
    await gotoHydrated(page, `${site.url}/uz/flight/TAS${ddmm(isoDay(30))}IST1`);
    const card = page.getByTestId('offer').first();
    await card.waitFor();
    expect(words(await card.textContent())).toContain(m('uz', 'search.fare.light'));
    expect(words(await card.textContent())).not.toMatch(/light/i);
    await page.close();
  });
});

describe('counts agree with their number', () => {
  test('/ru results: the count and the filtered count read as Russian says them', async () => {
    const page = await context.newPage();
    await gotoHydrated(page, `${site.url}/ru/flight/TAS${ddmm(isoDay(24))}IST1`);
    await page.getByTestId('offer').first().waitFor();
    const status = page.getByTestId('results-count');
    const total = Number(/\d+/.exec((await status.textContent()) ?? '')?.[0]);
    expect(total).toBeGreaterThan(0);
    const unfiltered = words(m('ru', 'search.results.count', { count: total }));
    expect(words(await status.textContent())).toBe(unfiltered);

    // Each airline alone: counts of several sizes, each in the form its number takes.
    const airlines = page
      .getByRole('group', { name: m('ru', 'search.filters.airlines') })
      .getByRole('checkbox');
    const seen = new Map<number, string>();
    // The filters render with the streamed results: wait for them rather than count an empty group.
    await airlines.first().waitFor();
    for (let i = 0; i < Math.min(await airlines.count(), 6); i++) {
      await airlines.nth(i).check();
      await page.waitForURL(/airlines\[\d\]=/);
      // The address changes before the page renders the filtered list: the text read is the one waited for (the
      // count was back to the whole list's before this airline was ticked, so it is this airline's count).
      let text = '';
      await expect.poll(async () => (text = words(await status.textContent()))).toMatch(/\d+ \S+ из \d+/);
      const count = Number(/^\d+/.exec(text)?.[0]);
      expect(text).toBe(words(m('ru', 'search.results.countFiltered', { count, total })));
      seen.set(count, text);
      await airlines.nth(i).uncheck();
      await page.waitForURL((url) => !url.search.includes('airlines'));
      await expect.poll(async () => words(await status.textContent())).toBe(unfiltered);
    }
    expect(seen.size).toBeGreaterThan(0);
    // Whatever counts the schedule gives today, the one-form and the rest agree: "1 вариант … подходит",
    // "2 варианта … подходят", "5 вариантов … подходят" (the exact table is in packages/i18n plurals.test.ts).
    for (const [count, text] of seen) {
      const one = count % 10 === 1 && count % 100 !== 11;
      expect(text).toMatch(one ? /вариант из \d+ подходит / : /подходят /);
    }
    await page.close();
  });
});

describe('every page has a title', () => {
  test('every page, in every language, whatever its status, has a <title> naming the site', async () => {
    const paths = [
      '',
      '/flight/booking',
      `/flight/TAS${ddmm(isoDay(24))}IST1`,
      '/flight/TAS3102IST1',
      '/info/agreement',
      '/info/confidential',
      '/info/my-ticket',
      '/info/payment-security',
      '/info/contacts',
      '/info/offer',
      '/info/help',
      '/tours',
      '/agencies',
      '/settings',
      '/login',
      '/profile',
      '/profile/orders-history',
      '/profile/settings',
      '/profile/price-alerts',
      '/price-alerts',
      '/price-alerts/confirm?token=x',
      '/price-alerts/unsubscribe?token=x',
      '/orders/ord_doesnotexist',
      '/no-such-page',
    ];
    for (const lang of LOCALES) {
      for (const path of paths) {
        const response = await fetch(`${site.url}/${lang}${path}`);
        const html = await response.text();
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
        expect(title, `${lang}${path} (${response.status})`).toMatch(/\S.* — Parvoz$|^Parvoz — /);
      }
    }
  });

  test('/tr: the 404 page is titled "Sayfa bulunamadı — Parvoz"', async () => {
    const page = await context.newPage();
    const response = await page.goto(`${site.url}/tr/boyle-bir-sayfa-yok`);
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe(`${m('tr', 'error.notFound.title')} — Parvoz`);
    // Without a language prefix too (the language is negotiated).
    const bare = await context.newPage();
    await bare.setExtraHTTPHeaders({ 'accept-language': 'tr-TR,tr;q=0.9' });
    expect((await bare.goto(`${site.url}/no-such-page-at-all`))?.status()).toBe(404);
    expect(await bare.title()).not.toBe('');
    await page.close();
    await bare.close();
  });

  test('a search that cannot be shown names its route in the title, in its language', async () => {
    const page = await context.newPage();
    // 31 February: a date that does not exist.
    expect((await page.goto(`${site.url}/en/flight/TAS3102IST1`))?.status()).toBe(400);
    await page.getByTestId('bad-search').waitFor();
    expect(await page.title()).toBe(
      `${m('en', 'page.results.badTitle', { route: 'Tashkent → Istanbul' })} — Parvoz`,
    );
    expect((await page.goto(`${site.url}/ru/flight/TAS3102IST1`))?.status()).toBe(400);
    expect(await page.title()).toBe(
      `${m('ru', 'page.results.badTitle', { route: 'Ташкент → Стамбул' })} — Parvoz`,
    );
    // An unknown place: named by its code.
    expect((await page.goto(`${site.url}/en/flight/TAS${ddmm(isoDay(20))}QQQ1`))?.status()).toBe(404);
    expect(await page.title()).toBe(
      `${m('en', 'page.results.badTitle', { route: 'Tashkent → QQQ' })} — Parvoz`,
    );
    // A path that names no route at all still has a title.
    expect((await page.goto(`${site.url}/uz/flight/nonsense`))?.status()).toBe(400);
    expect(await page.title()).toBe(`${m('uz', 'search.bad.heading')} — Parvoz`);
    await page.close();
  });
});

describe('controls are buttons, announced with their state (item 10)', () => {
  test.each(LOCALES)('%s: passengers, sort, details, change search and filters are buttons', async (lang) => {
    const page = await context.newPage();
    await gotoHydrated(page, `${site.url}/${lang}`);
    // The passengers panel: a button named by its label and value, expanded and collapsed by mouse and keys.
    const passengers = page.getByRole('button', {
      name: `${m(lang, 'search.passengers.label')} ${m(lang, 'search.passengers.summary', { count: 1, cabin: m(lang, 'search.cabin.economy') })}`,
    });
    expect(await passengers.getAttribute('aria-expanded')).toBe('false');
    await passengers.click();
    expect(await passengers.getAttribute('aria-expanded')).toBe('true');
    const adults = page.getByRole('spinbutton', { name: m(lang, 'search.passengers.adults') });
    await adults.waitFor();
    await adults.press('Escape');
    expect(await passengers.getAttribute('aria-expanded')).toBe('false');
    expect(await passengers.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await adults.isVisible()).toBe(false);
    await passengers.press('Enter');
    expect(await passengers.getAttribute('aria-expanded')).toBe('true');
    await passengers.press('Space');
    expect(await passengers.getAttribute('aria-expanded')).toBe('false');

    // Results: the sort order is a group of pressed/unpressed buttons.
    await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${ddmm(isoDay(26))}IST1`);
    await page.getByTestId('offer').first().waitFor();
    const sort = page.getByRole('group', { name: m(lang, 'search.sort.label') });
    const best = sort.getByRole('button', { name: new RegExp(m(lang, 'search.sort.best')) });
    const cheapest = sort.getByRole('button', { name: new RegExp(m(lang, 'search.sort.cheapest')) });
    const fastest = sort.getByRole('button', { name: new RegExp(m(lang, 'search.sort.fastest')) });
    expect(await best.getAttribute('aria-pressed')).toBe('true');
    expect(await cheapest.getAttribute('aria-pressed')).toBe('false');
    await cheapest.click();
    await page.waitForURL(/sort=cheapest/);
    // The address changes as the navigation starts; the page follows once it has rendered.
    await expect.poll(() => cheapest.getAttribute('aria-pressed')).toBe('true');
    expect(await best.getAttribute('aria-pressed')).toBe('false');
    await fastest.press('Enter');
    await page.waitForURL(/sort=fastest/);
    await expect.poll(() => fastest.getAttribute('aria-pressed')).toBe('true');

    // An offer's details.
    const offer = page.getByTestId('offer').first();
    const details = offer.getByRole('button', { name: m(lang, 'search.offer.showDetails') });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await details.click();
    const hide = offer.getByRole('button', { name: m(lang, 'search.offer.hideDetails') });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await offer.getByRole('button', { name: m(lang, 'search.offer.buy') }).waitFor();

    // "Change search".
    const change = page.getByRole('button', { name: m(lang, 'search.form.change') });
    expect(await change.getAttribute('aria-expanded')).toBe('false');
    await change.click();
    expect(await change.getAttribute('aria-expanded')).toBe('true');
    await page
      .getByRole('button', { name: m(lang, 'search.form.submit') })
      .first()
      .waitFor();
    await page.close();
  });

  test('on a phone the filters open from a button; axe finds nothing wrong with the open controls', async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await phone.newPage();
    await gotoHydrated(page, `${site.url}/ru/flight/TAS${ddmm(isoDay(26))}IST1`);
    await page.getByTestId('offer').first().waitFor();
    const filters = page.getByRole('button', { name: new RegExp(`^${m('ru', 'search.filters.heading')}`) });
    const transfers = page.getByRole('group', { name: m('ru', 'search.filters.transfers'), exact: true });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await transfers.isVisible()).toBe(false);
    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    await transfers.waitFor();
    // They open as a sheet over the results (e2e/phone.test.ts); axe with it open, then closed by its button.
    const sheet = page.getByRole('dialog', { name: m('ru', 'search.filters.heading') });
    await expectAxeClean(page, 'with the filter sheet', { every: true });
    await sheet.getByRole('button', { name: /^Показать/ }).click();
    await sheet.waitFor({ state: 'hidden' });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    await page
      .getByTestId('offer')
      .first()
      .getByRole('button', { name: m('ru', 'search.offer.showDetails') })
      .click();
    await page.getByRole('button', { name: m('ru', 'search.form.change') }).click();
    await expectAxeClean(page, '', { every: true });
    await phone.close();
  });
});

test('without JavaScript the same controls still work: passengers and details open natively, sort submits', async () => {
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  });
  const page = await plain.newPage();
  await page.goto(`${site.url}/en`);
  await page
    .getByText(m('en', 'search.passengers.summary', { count: 1, cabin: m('en', 'search.cabin.economy') }))
    .click();
  await page.getByRole('spinbutton', { name: m('en', 'search.passengers.adults') }).waitFor();
  // The cookie the search form's plain POST sets: results arrive complete, not streamed.
  await plain.addCookies([{ name: 'parvoz_nojs', value: '1', url: site.url }]);
  await page.goto(`${site.url}/en/flight/TAS${ddmm(isoDay(26))}IST1?transfers[0]=0`);
  // Every offer is in the page as written: none waits behind a script that would move it into place.
  expect(
    await page
      .getByTestId('offer')
      .evaluateAll((cards) => cards.length > 0 && cards.every((card) => card.closest('[hidden]') === null)),
  ).toBe(true);
  const offer = page.getByTestId('offer').first();
  await offer.getByText(m('en', 'search.offer.showDetails')).click();
  await offer.getByRole('button', { name: m('en', 'search.offer.buy') }).waitFor();
  const sort = page.getByRole('group', { name: m('en', 'search.sort.label') });
  await sort.getByRole('button', { name: new RegExp(m('en', 'search.sort.cheapest')) }).click();
  await page.waitForURL(/sort=cheapest/);
  // The filter in the query survives the sort.
  expect(new URL(page.url()).searchParams.get('transfers[0]')).toBe('0');
  expect(
    await sort
      .getByRole('button', { name: new RegExp(m('en', 'search.sort.cheapest')) })
      .getAttribute('aria-pressed'),
  ).toBe('true');
  await plain.close();
});
