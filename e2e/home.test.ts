/**
 * The home page below the search form (docs/decisions/0010-home-page-and-low-fare-calendar.md) and the
 * calendar of low fares, in Chromium: in each language on a 360 px phone, popular destinations from the
 * language's city whose prices are those of the results pages they open, the last-minute tours and "why book
 * here"; the last search's city taking over; the month of low fares on a results page (a table of days, by
 * keyboard, each day opening its results at the price it showed); no sideways scroll; axe.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { expectAxeClean } from './support/axe.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { isoDay } from './support/dates.ts';
import { m } from './support/messages.ts';
import { sortCheapestFirst, openPage, PHONE } from './support/pages.ts';
import { startSite, type RunningSite, stopSuite } from './support/server.ts';

let site: RunningSite;
let browser: Browser;

/**
 * The city each language's home page starts from (apps/web/app/routes/site/home-popular.server.ts): English from
 * the agency's home market, Tashkent unless AGENCY_HOME_CITY says otherwise.
 */
const HOME_CITY: Record<Locale, string> = { en: 'Tashkent', ru: 'Москва', uz: 'Toshkent', tr: 'İstanbul' };

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

afterAll(() => stopSuite(site, browser));

/** DDMM of the UTC date `days` from today (a search path's date). */
const ddmmIn = (days: number) => isoDay(days).slice(8, 10) + isoDay(days).slice(5, 7);

async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/**
 * Each popular-destination card's text as laid out (Range rectangles, so text overflowing its box counts): the
 * price must not overlap the date, and the date takes at most two lines (uz at 360 px had three, under the price).
 */
async function cardLayouts(cards: Locator) {
  return cards.evaluateAll((links) =>
    links.map((link) => {
      const [text, price] = [...link.children] as HTMLElement[];
      const date = text!.children[1]!;
      const rects = (el: Element) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      };
      const dateRects = rects(date);
      const priceRects = rects(price!);
      const overlaps = dateRects.some((d) =>
        priceRects.some((p) => d.left < p.right && p.left < d.right && d.top < p.bottom && p.top < d.bottom),
      );
      const dateLines = new Set(dateRects.map((r) => Math.round(r.top))).size;
      return { card: link.textContent, overlaps, dateLines };
    }),
  );
}

/** The price of the searched day in the ±3-day strip: the cheapest offer of the results page. */
async function stripPriceOfSearchedDay(page: Page, lang: Locale): Promise<string> {
  const current = page
    .getByRole('navigation', { name: m(lang, 'search.strip.label') })
    .locator('[aria-current="date"] span')
    .nth(1);
  await current.waitFor();
  return (await current.textContent()) ?? '';
}

describe('home page', () => {
  test.each(LOCALES)(
    '/%s on a phone: destinations at their results pages’ prices, tours, why book here',
    async (lang) => {
      const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
      const page = await context.newPage();
      const hydrationErrors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /hydrat|#418|#423|#425/i.test(msg.text()))
          hydrationErrors.push(msg.text());
      });
      await gotoHydrated(page, `${site.url}/${lang}`);

      const popular = page.getByRole('region', {
        name: m(lang, 'home.popular.heading', { city: HOME_CITY[lang] }),
      });
      const cards = popular.getByTestId('popular-destination');
      expect(await cards.count()).toBeGreaterThanOrEqual(3);
      const hrefs = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      const origin = { en: 'TAS', ru: 'MOW', uz: 'TAS', tr: 'IST' }[lang];
      for (const href of hrefs)
        expect(href).toMatch(new RegExp(`^/${lang}/flight/${origin}\\d{4}[A-Z]{3}1$`));

      const tours = page.getByRole('region', { name: m(lang, 'home.tours.heading') });
      expect(await tours.getByTestId('tour-card').count()).toBeGreaterThan(0);
      expect(await tours.getByTestId('tour-card').first().getByRole('link').getAttribute('href')).toMatch(
        new RegExp(`^/${lang}/tours/[a-z0-9-]+$`),
      );
      const why = page.getByRole('region', { name: m(lang, 'content.home.why.heading') });
      for (const id of ['prices', 'languages', 'support'] as const) {
        await why.getByRole('heading', { name: m(lang, `content.home.why.${id}.title`) }).waitFor();
        await why.getByText(m(lang, `content.home.why.${id}.body`, { hours: '08:00–22:00' })).waitFor();
      }

      for (const layout of await cardLayouts(cards)) {
        expect(layout.overlaps, `price over the date: ${layout.card}`).toBe(false);
        expect(layout.dateLines, `date lines: ${layout.card}`).toBeLessThanOrEqual(2);
      }

      await expectNoSidewaysScroll(page);
      if (lang === 'ru' || lang === 'uz') await expectAxeClean(page);
      expect(hydrationErrors).toEqual([]);

      // What follows the form and the footer are the server's HTML, never hydrated (components/Static.tsx: React
      // marks every node it hydrates); their links still navigate within the page (no document load).
      const hydrated = (locator: Locator) =>
        locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber')));
      expect(await hydrated(cards.first())).toBe(false);
      expect(await hydrated(page.locator('footer a').first())).toBe(false);
      expect(await hydrated(page.getByRole('button', { name: m(lang, 'search.form.submit') }))).toBe(true);
      await page.evaluate(() => Object.assign(window, { samePage: true }));

      // A card's price is the cheapest offer of the results page it opens (one card per language, each a
      // different position in the list).
      const index = LOCALES.indexOf(lang) % hrefs.length;
      const card = cards.nth(index);
      const shown = (await card.locator('span').last().textContent()) ?? '';
      await card.click();
      await page.waitForURL(`${site.url}${hrefs[index]}`);
      expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
      expect(shown).toBe(m(lang, 'home.popular.price', { price: await stripPriceOfSearchedDay(page, lang) }));
      // One rule for the strip's prices: kuruş, kopecks or cents on every priced day or on none.
      const stripPrices = await page
        .getByTestId('strip-day')
        .evaluateAll((days) =>
          days
            .filter((d) => d.getAttribute('data-amount'))
            .map((d) => d.querySelector(':scope > * > span:last-child')?.textContent ?? ''),
        );
      expect(stripPrices.length).toBeGreaterThan(1);
      const withDecimals = stripPrices.filter((text) => /[.,]\d{2}(?!\d)/.test(text));
      expect([0, stripPrices.length], stripPrices.join(' | ')).toContain(withDecimals.length);
      await context.close();
    },
  );

  test('without JavaScript a refused search comes back with each message under its field, the form as typed, and nothing else', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/en`);
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    const departure = page.getByLabel('Departure', { exact: true });
    await from.fill('Tashkent');
    await to.fill('Toshkent');
    // Beyond the 330 days (the browser's own check is off: the site's message speaks).
    await departure.fill(isoDay(400));
    const posted = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: m('en', 'search.form.submit') }).click();
    expect((await posted).status()).toBe(400);
    await page.getByText(m('en', 'search.form.error.sameRoute')).waitFor();
    /** The text the field's aria-describedby points to. */
    const description = async (field: typeof from) => {
      const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
      return Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
    };
    expect(await description(to)).toEqual([m('en', 'search.form.error.sameRoute')]);
    expect(await to.getAttribute('aria-invalid')).toBe('true');
    expect(await description(departure)).toEqual([m('en', 'search.form.error.dateRange')]);
    // The form as typed (the places as found by name); still the home page, no results, nothing remembered.
    expect(await from.inputValue()).toBe('Tashkent');
    expect(await departure.inputValue()).toBe(isoDay(400));
    expect(new URL(page.url()).pathname).toBe('/en');
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('parvoz_nojs');
    await context.close();
  });

  test('with JavaScript a refused search shows its messages at once, focuses the first field in error, and a corrected field loses its own', async () => {
    const page = await browser.newPage();
    await gotoHydrated(page, `${site.url}/en`);
    // By id: the plain field and the combobox that replaces it once loaded are the same field.
    const from = page.locator('#search-from');
    const to = page.locator('#search-to');
    await from.fill('Tashkent');
    await to.fill('Toshkent'); // the same city, typed in Uzbek: found by name as the form is checked
    await page.getByRole('button', { name: m('en', 'search.form.submit') }).click();
    await page.getByText(m('en', 'search.form.error.sameRoute')).waitFor();
    await page.getByText(m('en', 'search.form.error.date')).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('search-to');
    expect(page.url()).toBe(`${site.url}/en`);
    // Another destination: the route's message goes, the date's stays until the next search.
    await to.fill('Istanbul');
    await page.getByRole('option').filter({ hasText: 'IST' }).first().click();
    await expect.poll(() => page.getByText(m('en', 'search.form.error.sameRoute')).count()).toBe(0);
    expect(await page.getByText(m('en', 'search.form.error.date')).count()).toBe(1);
    await page.close();
  });

  test('when the form’s rules cannot be downloaded, a search goes to the action, which checks it', async () => {
    const context = await browser.newContext();
    await context.route(/\/assets\/search-form-[^/]+\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await gotoHydrated(page, `${site.url}/en`);
    const posted = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: m('en', 'search.form.submit') }).click();
    expect((await posted).status()).toBe(400);
    await page.getByText(m('en', 'search.form.error.route')).waitFor();
    await page.getByText(m('en', 'search.form.error.date')).waitFor();
    await context.close();
  });

  test('the city of the last search takes over from the language’s city', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await gotoHydrated(page, `${site.url}/en/flight/SAW${ddmmIn(20)}TAS1`);
    await page.getByTestId('offer').first().waitFor();
    await gotoHydrated(page, `${site.url}/en`);
    const popular = page.getByRole('region', { name: m('en', 'home.popular.heading', { city: 'Istanbul' }) });
    const first = popular.getByTestId('popular-destination').first();
    expect(await first.getAttribute('href')).toMatch(/^\/en\/flight\/IST\d{4}[A-Z]{3}1$/);
    await context.close();
  });
});

describe('calendar of low fares', () => {
  test('a month of days with prices; a day, chosen by keyboard, opens its results at that price (tr, phone)', async () => {
    const lang = 'tr';
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${ddmmIn(20)}IST1`);
    await page.getByRole('button', { name: m(lang, 'search.calendar.toggle') }).click();
    const calendar = page.getByTestId('fare-calendar');
    const table = calendar.getByRole('table');
    await table.locator('a[data-date]').first().waitFor();
    expect(await table.locator('caption').textContent()).toContain(
      m(lang, 'search.calendar.note', { cabin: m(lang, 'search.cabin.economy'), currency: '₺' }),
    );
    expect(await table.getByRole('columnheader').count()).toBe(7);
    const days = table.locator('a[data-date]');
    expect(await days.count()).toBeGreaterThanOrEqual(7);
    // The searched day is marked, and its price is the results page's.
    const searched = table.locator('a[aria-current="date"]');
    const searchedPrice = await stripPriceOfSearchedDay(page, lang);
    expect(await searched.locator('.sr-only').textContent()).toContain(searchedPrice);
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page);

    // Another day by keyboard: focus its link and press Enter.
    const other = days.filter({ hasNot: page.locator('[aria-current]') }).last();
    const otherDate = (await other.getAttribute('data-date'))!;
    const label = (await other.locator('.sr-only').textContent()) ?? '';
    await other.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(
      new RegExp(`/${lang}/flight/TAS${otherDate.slice(8, 10)}${otherDate.slice(5, 7)}IST1$`),
    );
    // The page of that day (its search, then its strip) once rendered: the price the calendar gave it.
    await expect
      .poll(() => table.locator('a[aria-current="date"]').getAttribute('data-date'))
      .toBe(otherDate);
    expect(label).toContain(await stripPriceOfSearchedDay(page, lang));
    await context.close();
  });
  test('a round trip: each day is the round trip with the same stay, and its link moves both dates (ru, phone)', async () => {
    const lang = 'ru';
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${ddmmIn(20)}IST${ddmmIn(27)}1`);
    await page.getByRole('button', { name: m(lang, 'search.calendar.toggle') }).click();
    const table = page.getByTestId('fare-calendar').getByRole('table');
    await table.locator('a[data-date]').first().waitFor();
    expect(await table.locator('caption').textContent()).toContain(
      m(lang, 'search.calendar.noteRoundTrip', {
        days: 7,
        cabin: m(lang, 'search.cabin.economy'),
        currency: '₽',
      }),
    );
    // The searched day's price is the round trip's cheapest, as the strip shows it.
    const searched = table.locator('a[aria-current="date"]');
    expect(await searched.locator('.sr-only').textContent()).toContain(
      await stripPriceOfSearchedDay(page, lang),
    );
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page);

    // Another day, two days ahead at least: the month's first days may be today at Tashkent already (UTC+5), whose
    // flights within two hours of leaving drop out of the search, so its price could change between calendar and strip.
    const dates = await table
      .locator('a[data-date]:not([aria-current])')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-date') ?? ''));
    const otherDate = dates.find((date) => date >= isoDay(2))!;
    expect(otherDate).toBeDefined();
    const other = table.locator(`a[data-date="${otherDate}"]`);
    const back = isoDay(7, new Date(`${otherDate}T00:00:00Z`));
    const label = (await other.locator('.sr-only').textContent()) ?? '';
    await other.click();
    await page.waitForURL(
      new RegExp(
        `/${lang}/flight/TAS${otherDate.slice(8, 10)}${otherDate.slice(5, 7)}IST${back.slice(8, 10)}${back.slice(5, 7)}1$`,
      ),
    );
    await expect
      .poll(() => table.locator('a[aria-current="date"]').getAttribute('data-date'))
      .toBe(otherDate);
    expect(label).toContain(await stripPriceOfSearchedDay(page, lang));
    await context.close();
  });
});

describe('anywhere (docs/anywhere.md)', () => {
  test('from the home page on a phone (uz): a weekend’s cities cheapest first, on a map, each at its results page’s price', async () => {
    const lang = 'uz';
    const { context, page, errors } = await openPage(browser, { viewport: PHONE });
    await gotoHydrated(page, `${site.url}/${lang}`);
    await page.getByRole('link', { name: m(lang, 'home.anywhere.link') }).click();
    await page.waitForURL(/\/uz\/anywhere\?from=TAS$/);
    // The second weekend offered, picked from the list and sent.
    const when = page.getByLabel(m(lang, 'content.anywhere.when'), { exact: true });
    const weekend = when.locator(`optgroup[label="${m(lang, 'content.anywhere.weekends')}"] option`).nth(1);
    const [value, label] = [(await weekend.getAttribute('value'))!, (await weekend.textContent())!];
    await when.selectOption(value);
    await page.getByRole('button', { name: m(lang, 'content.anywhere.show') }).click();
    await page.waitForURL((url) => url.searchParams.get('when') === value);

    const region = page.getByRole('region', {
      name: m(lang, 'content.anywhere.results.heading', { city: 'Toshkent', period: label }),
    });
    const cards = region.getByTestId('anywhere-destination');
    await cards.first().waitFor();
    const amounts = await cards.evaluateAll((links) =>
      links.map((a) => Number(a.getAttribute('data-amount'))),
    );
    expect(amounts.length).toBeGreaterThan(10);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    // Every city a point on the map, each linking where its card does.
    const cardLinks = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const mapLinks = await region
      .getByTestId('anywhere-map')
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(mapLinks).toEqual(cardLinks);
    for (const href of cardLinks) expect(href).toMatch(/^\/uz\/flight\/TAS\d{4}[A-Z]{3}\d{4}1$/);
    expect((await page.request.get(`${site.url}/maps/world.svg`)).headers()['content-type']).toContain('svg');
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page, 'anywhere at 360 px');

    // The cheapest city's weekend: the results' cheapest round trip costs what its card said.
    const cheapest = await cards.first().getAttribute('data-amount');
    await cards.first().click();
    await page.waitForURL((url) => url.pathname === cardLinks[0]);
    await sortCheapestFirst(page, lang);
    await expect.poll(() => page.getByTestId('offer').first().getAttribute('data-total')).toBe(cheapest);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('without JavaScript (ru): a city typed by name and a month; an unknown place is said, with no list', async () => {
    const lang = 'ru';
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/${lang}/anywhere`);
    const from = page.getByLabel(m(lang, 'search.form.from'), { exact: true });
    const when = page.getByLabel(m(lang, 'content.anywhere.when'), { exact: true });
    const month = when.locator(`optgroup[label="${m(lang, 'content.anywhere.months')}"] option`).nth(2);
    const [value, label] = [(await month.getAttribute('value'))!, (await month.textContent())!];
    await from.fill('Стамбул');
    await when.selectOption(value);
    await page.getByRole('button', { name: m(lang, 'content.anywhere.show') }).click();
    await page.waitForURL((url) => url.searchParams.get('when') === value);
    const region = page.getByRole('region', {
      name: m(lang, 'content.anywhere.results.heading', { city: 'Стамбул', period: label }),
    });
    const cards = region.getByTestId('anywhere-destination');
    expect(await cards.count()).toBeGreaterThan(10);
    for (const href of await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      expect(href).toMatch(new RegExp(`^/ru/flight/IST\\d{4}[A-Z]{3}1$`));
    expect(await from.inputValue()).toBe('Стамбул');

    await from.fill('Нигдебург');
    await page.getByRole('button', { name: m(lang, 'content.anywhere.show') }).click();
    await page.waitForURL(/Нигдебург|%D0%9D/);
    await page
      .getByRole('alert')
      .filter({ hasText: m(lang, 'content.anywhere.unknownOrigin') })
      .waitFor();
    expect(await page.getByTestId('anywhere-destination').count()).toBe(0);
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });
});
