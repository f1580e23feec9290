/**
 * The search pages around the main flow (the product spec §2, docs/design.md §3), on a site whose offers live
 * 10 seconds (OFFER_TTL_SECONDS, the shortest allowed): in each language the form's validation messages and
 * the three empty-result messages; the form without JavaScript; search paths that cannot be searches; axe on
 * a phone and a desktop viewport; and, last, the expiry message on a results page opened at the start.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAxeClean } from './support/axe.ts';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { getIntl, type MessageKey } from '@parvoz/i18n/messages';
import { sortCheapestFirst } from './support/pages.ts';
import { startSite, type RunningSite, stopSuite } from './support/server.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { ddmm, isoDay } from './support/dates.ts';

const OFFER_TTL_SECONDS = 10;

let site: RunningSite;
let browser: Browser;
let context: BrowserContext;
/** A results page opened first: its offers expire while the other tests run. */
let expiring: Page;

const m = (lang: Locale, key: MessageKey, values?: Record<string, string | number>) =>
  getIntl(lang).formatMessage({ id: key }, values);

// UTC dates, as the server reads a search path's DDMM (the machine's own zone could be a day off in the evening).
const DEPART = isoDay(24);
const RETURN = isoDay(31);

beforeAll(async () => {
  site = await startSite({ OFFER_TTL_SECONDS: String(OFFER_TTL_SECONDS) });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  expiring = await context.newPage();
  await gotoHydrated(expiring, `${site.url}/tr/flight/TAS${ddmm(DEPART)}IST1`);
  await expiring.getByTestId('offer').first().waitFor();
});

afterAll(() => stopSuite(site, browser));

test('the empty form says "You must select a route" and "You must select a date", in each language', async () => {
  const page = await context.newPage();
  for (const lang of LOCALES) {
    await gotoHydrated(page, `${site.url}/${lang}`);
    await page.getByRole('button', { name: m(lang, 'search.form.submit') }).click();
    await page.getByText(m(lang, 'search.form.error.route')).waitFor();
    await page.getByText(m(lang, 'search.form.error.date')).waitFor();
    expect(page.url()).toBe(`${site.url}/${lang}`);
  }
  await page.close();
});

test('the form works from the keyboard alone, typing at full speed, and the search is remembered', async () => {
  const page = await context.newPage();
  await gotoHydrated(page, `${site.url}/en`);
  const from = page.getByRole('combobox', { name: 'From', exact: true });
  await from.focus();
  await page.keyboard.type('tashkent');
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  // The options may paint a moment before the first one is made active: wait for it, as a user would see it.
  await expect.poll(() => from.getAttribute('aria-activedescendant')).toBe('search-from-option-0');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('input[name=from]').inputValue()).toBe('TAS');
  await page.keyboard.press('Tab'); // the swap button
  await page.keyboard.press('Tab');
  await page.keyboard.type('istanbul');
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  // As for "From": leaving the field picks the highlighted place, so wait until the first one is highlighted.
  const to = page.getByRole('combobox', { name: 'To', exact: true });
  await expect.poll(() => to.getAttribute('aria-activedescendant')).toBe('search-to-option-0');
  await page.keyboard.press('Tab'); // leaving the field picks the highlighted place
  await expect.poll(() => page.locator('input[name=to]').inputValue()).toBe('IST');
  await page.keyboard.press('Enter'); // opens the calendar on today
  await page.getByRole('dialog', { name: 'Departure' }).getByRole('grid').waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[data-day]')?.getAttribute('data-day')))
    .toBeTruthy();
  await page.keyboard.press('ArrowDown'); // a week later
  await page.keyboard.press('Enter');
  // The pick closes the calendar and fills the field as React renders it: wait for both before going on.
  await page.getByRole('dialog', { name: 'Departure' }).waitFor({ state: 'hidden' });
  const departField = page.locator('input[name=depart]');
  await expect.poll(() => departField.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const depart = await departField.inputValue();
  await page.keyboard.press('Tab'); // return date
  await page.keyboard.press('Tab'); // passengers
  await page.keyboard.press('Tab'); // search
  await page.keyboard.press('Enter');
  await page.waitForURL(`${site.url}/en/flight/TAS${ddmm(depart)}IST1`);
  await page.getByTestId('offer').first().waitFor();
  // The search is remembered on this device: the home page offers it again.
  await gotoHydrated(page, `${site.url}/en`);
  const recent = page.getByRole('region', { name: 'Recent searches' });
  await recent.getByRole('link', { name: /Tashkent → Istanbul/ }).click();
  await page.waitForURL(`${site.url}/en/flight/TAS${ddmm(depart)}IST1`);
  await page.close();
});

test('the three empty-result messages, in each language', async () => {
  const page = await context.newPage();
  for (const lang of LOCALES) {
    // Nuuk to Hobart: nothing within two transfers, on any day: it says so rather than "change your dates".
    await gotoHydrated(page, `${site.url}/${lang}/flight/GOH${ddmm(DEPART)}HBA1`);
    await page.getByRole('heading', { name: m(lang, 'search.empty.heading') }).waitFor();
    await page.getByText(m(lang, 'search.empty.noConnection')).waitFor();
    // A shared view whose filters leave nothing.
    await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${ddmm(DEPART)}IST1?price[max]=1`);
    await page.getByText(m(lang, 'search.empty.filtered')).waitFor();
  }
  await page.close();
});

test('without JavaScript the form is a plain POST that leads to complete results', async () => {
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto(`${site.url}/en`);
  await page.getByLabel('From', { exact: true }).fill('Tashkent');
  await page.getByLabel('To', { exact: true }).fill('Istanbul');
  await page.getByLabel('Departure', { exact: true }).fill(DEPART);
  await page.getByRole('button', { name: 'Search flights' }).click();
  await page.waitForURL(`${site.url}/en/flight/TAS${ddmm(DEPART)}IST1`);
  // The results arrive complete (no streaming scripts to run): details open natively, buy is a plain form.
  const offer = page.getByTestId('offer').first();
  await offer.getByText('Flight details').click();
  await offer.getByRole('checkbox').first().check();
  await offer.getByRole('button', { name: 'Buy' }).click();
  await page.waitForURL(/\/en\/flight\/booking\?/);
  expect(new URL(page.url()).searchParams.get('offer')).toBeTruthy();
  expect(new URL(page.url()).searchParams.get('luggage[0]')).toBe('lug_0');
  // An incomplete form comes back with the messages.
  await page.goto(`${site.url}/en`);
  await page.getByRole('button', { name: 'Search flights' }).click();
  await page.getByText('You must select a route').waitFor();
  await page.getByText('You must select a date').waitFor();
  // A round trip's flexible dates too, as complete as the offers: the toggle opens natively, each cell a plain link.
  await page.goto(`${site.url}/en/flight/TAS${ddmm(DEPART)}IST${ddmm(RETURN)}1`);
  await page.getByText(m('en', 'search.grid.toggle')).click();
  expect(await page.getByTestId('date-grid').locator('a[data-amount]').count()).toBeGreaterThan(20);
  await plain.close();
});

test('a search path that cannot be a search gives a clear page, not a 500', async () => {
  const page = await context.newPage();
  const malformed = await page.goto(`${site.url}/en/flight/not-a-search`);
  expect(malformed?.status()).toBe(400);
  await expect.poll(() => page.getByTestId('bad-search').textContent()).toBe(m('en', 'search.bad.malformed'));
  const unknown = await page.goto(`${site.url}/ru/flight/QQQ${ddmm(DEPART)}IST1`);
  expect(unknown?.status()).toBe(404);
  await expect
    .poll(() => page.getByTestId('bad-search').textContent())
    .toBe(m('ru', 'search.bad.unknownPlace'));
  await page.close();
});

test('axe finds no serious or critical violation on home and results, on a phone and a desktop', async () => {
  for (const viewport of [
    { width: 360, height: 780 },
    { width: 1280, height: 900 },
  ]) {
    const axeContext = await browser.newContext({ viewport });
    const page = await axeContext.newPage();
    for (const path of ['/en', `/ru/flight/TAS${ddmm(DEPART)}IST${ddmm(RETURN)}2`]) {
      await gotoHydrated(page, `${site.url}${path}`);
      if (path.includes('flight')) {
        // With one offer's details open: route details, fares, luggage, buy.
        const offer = page.getByTestId('offer').first();
        await offer.getByRole('button', { name: m('ru', 'search.offer.showDetails') }).click();
        await offer.getByRole('button', { name: m('ru', 'search.offer.buy') }).waitFor();
      }
      await expectAxeClean(page, path);
    }
    await page.close();
  }
});

test('after the offer lifetime the results say so, and one click searches again', async () => {
  const expired = expiring.getByRole('alert').filter({ hasText: m('tr', 'search.expired.message') });
  await expired.waitFor({ timeout: (OFFER_TTL_SECONDS + 5) * 1000 });
  expect(await expiring.getByTestId('offer').count()).toBe(0);
  await expiring.getByRole('button', { name: m('tr', 'search.expired.newSearch') }).click();
  await expiring.getByTestId('offer').first().waitFor();
  expect(await expired.count()).toBe(0);
  await expiring.close();
});

test('a day without flights on a route flown on other days asks to change the dates, over the ±3-day strip', async () => {
  // Tashkent – Caen (CFR) is flown on some days of the week only: the calendar API names a day without any
  // itinerary that has flown days within three days of it.
  const answer = await fetch(
    `${site.url}/v1/flights/calendar?origin=TAS&destination=CFR&from=${isoDay(20)}&days=14`,
  );
  const days = ((await answer.json()) as { data: { days: { date: string; min_amount: string | null }[] } })
    .data.days;
  const empty = days.find(
    (day, i) =>
      i >= 3 && day.min_amount === null && days.slice(i - 3, i + 4).some((near) => near.min_amount !== null),
  );
  expect(empty).toBeDefined();
  const page = await context.newPage();
  for (const lang of ['en', 'uz'] as const) {
    await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${ddmm(empty!.date)}CFR1`);
    await page.getByTestId('no-flights').waitFor();
    await expect(page.getByTestId('no-flights').textContent()).resolves.toBe(m(lang, 'search.empty.message'));
    expect(await page.getByRole('heading', { name: m(lang, 'search.empty.heading') }).count()).toBe(1);
    // The strip: the searched day without flights, and days around it with prices to go to.
    const strip = page.getByRole('navigation', { name: m(lang, 'search.strip.label') });
    await expect(strip.locator('[aria-current="date"]').textContent()).resolves.toContain(
      m(lang, 'search.strip.none'),
    );
    const flown = strip.getByRole('link').filter({ hasNotText: m(lang, 'search.strip.none') });
    expect(await flown.count()).toBeGreaterThan(0);
  }
  // The spec's message (§8), with a typographic apostrophe.
  expect(m('en', 'search.empty.message')).toBe(
    'Unfortunately, we can’t find any available tickets. Please try changing your dates',
  );
  await page.close();
});

test('places no flight connects say so ("No routes found", no ±3-day strip, alert or calendar); business offers carry checked bags', async () => {
  const page = await context.newPage();
  // Tashkent and Angoon (a seaplane base in Alaska): no itinerary within the connections the site sells.
  await gotoHydrated(page, `${site.url}/en/flight/TAS${ddmm(DEPART)}AGN1`);
  await page.getByTestId('no-connection').waitFor();
  expect(await page.getByRole('heading', { name: m('en', 'search.empty.heading') }).count()).toBe(1);
  await expect(page.getByTestId('no-connection').textContent()).resolves.toBe(
    m('en', 'search.empty.noConnection'),
  );
  expect(await page.getByRole('navigation', { name: m('en', 'search.strip.label') }).count()).toBe(0);
  // Nothing to watch and no month of fares where no flight connects: no price alert, no low-fare calendar.
  const calendarToggle = page.getByRole('button', { name: m('en', 'search.calendar.toggle') });
  await expect.poll(() => page.getByTestId('price-alert').isVisible()).toBe(false);
  await expect.poll(() => calendarToggle.isVisible()).toBe(false);

  await gotoHydrated(page, `${site.url}/ru/flight/TAS${ddmm(DEPART)}IST1b`);
  // Where flights connect, both are offered.
  expect(await page.getByTestId('price-alert').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: m('ru', 'search.calendar.toggle') }).isVisible()).toBe(true);
  const offer = page.getByTestId('offer').first();
  await offer.waitFor();
  const text = (await offer.textContent()) ?? '';
  expect(text).toContain(m('ru', 'search.fare.business'));
  expect(text).not.toContain(m('ru', 'search.fare.light'));
  expect(text).toMatch(/32/);
  await page.close();
});

test('a round trip’s flexible dates: a table behind a toggle whose cheapest cell opens results at its price (phone)', async () => {
  const lang = 'en';
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await phone.newPage();
  await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${ddmm(DEPART)}IST${ddmm(RETURN)}2`);
  // The first screen is as before: the grid waits behind its toggle.
  const grid = page.getByTestId('date-grid');
  expect(await grid.isVisible()).toBe(false);
  await page.getByRole('button', { name: m(lang, 'search.grid.toggle') }).click();
  const table = grid.getByRole('table');
  const lowest = table.locator('a[data-lowest]');
  await lowest.waitFor();
  // A real table: the corner and 7 returns as column headers, 7 departures as row headers.
  expect(await table.getByRole('columnheader').count()).toBe(8);
  expect(await table.getByRole('rowheader').count()).toBe(7);
  const amounts = await table
    .locator('a[data-amount]')
    .evaluateAll((links) => links.map((link) => Number(link.getAttribute('data-amount'))));
  expect(amounts.length).toBeGreaterThan(20);
  const cheapest = (await lowest.getAttribute('data-amount'))!;
  expect(Number(cheapest)).toBe(Math.min(...amounts));
  expect(await table.locator('a[data-lowest]').count()).toBe(1);
  // The cheapest is said in words, not only by its colour and ★.
  const said = m(lang, 'search.grid.cellLowest', { departure: 'D', return: 'R', price: 'P' })
    .split('P')
    .at(-1)!;
  expect(await lowest.locator('.sr-only').textContent()).toContain(said);
  // On a phone the table scrolls inside its region, never the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAxeClean(page, 'date grid at 360 px');

  // By keyboard: the cheapest cell's link, then the results' cheapest offer costs what the cell said.
  const href = (await lowest.getAttribute('href'))!;
  await lowest.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === href);
  await sortCheapestFirst(page, lang);
  await expect.poll(() => page.getByTestId('offer').first().getAttribute('data-total')).toBe(cheapest);
  await phone.close();
});
