/**
 * The traveller's search in Chromium (the product spec §2, docs/design.md §3), in each of the four languages
 * on one site and one browser: type a city in that language and pick it, choose dates and a passenger mix,
 * search, sort, apply and reset each filter, open the details, add luggage, copy the ticket link (read back
 * from the clipboard) and open it in a new page, reach the booking page; and, on a phone, the filters of how
 * a trip is made (bag included, connection airports) kept through a reload, with axe. Validation, empty
 * results, the form without JavaScript, bad search paths, expiry and axe elsewhere are in search-pages.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { startSite, type RunningSite, stopSuite } from './support/server.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { expectAxeClean } from './support/axe.ts';
import { m } from './support/messages.ts';
import { ddmm, isoDay } from './support/dates.ts';

let site: RunningSite;
let browser: Browser;
let context: BrowserContext;

/** What each language types, and the trip it searches. */
const SCENARIOS: Record<Locale, { from: string; to: string; roundTrip: boolean }> = {
  en: { from: 'Tashkent', to: 'Istanbul', roundTrip: true },
  ru: { from: 'Ташкент', to: 'Стамбул', roundTrip: false },
  uz: { from: 'Toshkent', to: 'Istanbul', roundTrip: false },
  tr: { from: 'Taşkent', to: 'İstanbul', roundTrip: true },
};
const DEPART = isoDay(24);
const RETURN = isoDay(31);

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
});

afterAll(() => stopSuite(site, browser));

async function pickPlace(page: Page, label: string, typed: string, code: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.pressSequentially(typed);
  const option = page.getByRole('option').filter({ hasText: code }).first();
  await option.click();
  await expect.poll(() => input.inputValue()).not.toBe('');
}

/**
 * Opens a date field's calendar and picks `iso`, paging to its month. The calendar is loaded on demand, so the
 * grid is waited for before anything is read of it; each page turn waits for the next month to be drawn.
 */
async function pickDate(page: Page, fieldLabel: string, iso: string) {
  await page.getByRole('button', { name: new RegExp(`^${fieldLabel} `) }).click();
  const dialog = page.getByRole('dialog', { name: fieldLabel });
  const shownDays = dialog.locator('[data-day]:not([data-outside])');
  const firstShown = () => shownDays.first().getAttribute('data-day');
  await shownDays.first().waitFor();
  for (let turns = 0; turns < 13; turns++) {
    const first = (await firstShown())!;
    const last = (await shownDays.last().getAttribute('data-day'))!;
    if (iso >= first && iso <= last) break;
    await dialog.locator(iso < first ? '.rdp-button_previous' : '.rdp-button_next').click();
    await expect.poll(firstShown).not.toBe(first);
  }
  await dialog.locator(`[data-day="${iso}"]:not([data-outside]) button`).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Runs in the page before its scripts: counts server-rendered offers that React threw away (a hydration
 * mismatch makes it render the list again). Offers moved into place by streaming stay connected and do not count.
 */
function watchOffersReplaced() {
  const removed: Element[] = [];
  new MutationObserver((mutations) => {
    for (const m of mutations)
      for (const node of m.removedNodes)
        if (node instanceof Element) removed.push(...node.querySelectorAll('[data-testid=offer]'));
  }).observe(document, { childList: true, subtree: true });
  (window as { offersReplaced?: () => number }).offersReplaced = () =>
    removed.filter((n) => !n.isConnected).length;
}

async function offerValues(page: Page, attribute: string): Promise<string[]> {
  return page
    .getByTestId('offer')
    .evaluateAll((nodes, a) => nodes.map((n) => n.getAttribute(a) ?? ''), attribute);
}

async function resetFilters(page: Page, lang: Locale, status: string) {
  await page
    .getByRole('link', { name: m(lang, 'search.filters.reset') })
    .first()
    .click();
  await expect.poll(() => page.getByTestId('results-count').textContent()).toBe(status);
}

describe.each(LOCALES)('search in %s', (lang) => {
  test('search, sort, every filter, details, luggage, ticket link, booking', async () => {
    const scenario = SCENARIOS[lang];
    const page = await context.newPage();
    await gotoHydrated(page, `${site.url}/${lang}`);

    await pickPlace(page, m(lang, 'search.form.from'), scenario.from, 'TAS');
    await pickPlace(page, m(lang, 'search.form.to'), scenario.to, 'IST');
    await pickDate(page, m(lang, 'search.form.departure'), DEPART);
    if (scenario.roundTrip) await pickDate(page, m(lang, 'search.form.return'), RETURN);
    // Two adults, a child and an infant.
    await page
      .getByText(m(lang, 'search.passengers.summary', { count: 1, cabin: m(lang, 'search.cabin.economy') }))
      .click();
    const adults = m(lang, 'search.passengers.adults');
    await page.getByRole('button', { name: m(lang, 'search.passengers.more', { kind: adults }) }).click();
    await page
      .getByRole('button', {
        name: m(lang, 'search.passengers.more', { kind: m(lang, 'search.passengers.children') }),
      })
      .click();
    await page
      .getByRole('button', {
        name: m(lang, 'search.passengers.more', { kind: m(lang, 'search.passengers.infants') }),
      })
      .click();
    await page.getByRole('button', { name: m(lang, 'search.form.submit') }).click();

    const segment = `TAS${ddmm(DEPART)}IST${scenario.roundTrip ? ddmm(RETURN) : ''}211`;
    await page.waitForURL(`${site.url}/${lang}/flight/${segment}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('→');
    await page.getByTestId('offer').first().waitFor();
    const status = (await page.getByTestId('results-count').textContent()) ?? '';
    // Each carrier of an offer has its mark: its code drawn on its colour (Uzbekistan Airways' blue).
    const firstOffer = page.getByTestId('offer').first();
    const carriers = (await firstOffer.getAttribute('data-carriers'))!.split(' ');
    const marks = firstOffer.locator('h3 [data-airline-mark]');
    await expect(
      marks.evaluateAll((els) => els.map((el) => el.getAttribute('data-airline-mark'))),
    ).resolves.toEqual(carriers);
    const drawn = await marks.first().evaluate((el) => getComputedStyle(el, '::before').content);
    expect(drawn).toBe(`"${carriers[0]}"`);
    if (carriers[0] === 'HY')
      expect(await marks.first().evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        'rgb(27, 78, 155)',
      );
    if (scenario.roundTrip) expect((await offerValues(page, 'data-itinerary'))[0]).toContain(' ');

    // Sort: cheapest first, then fastest.
    await page
      .getByRole('group', { name: m(lang, 'search.sort.label') })
      .getByRole('button', { name: new RegExp(m(lang, 'search.sort.cheapest')) })
      .click();
    await page.waitForURL(/sort=cheapest/);
    const sorted = async () => {
      const totals = (await offerValues(page, 'data-total')).map(Number);
      return totals.every((t, i) => i === 0 || totals[i - 1]! <= t);
    };
    await expect.poll(sorted).toBe(true);
    await page
      .getByRole('group', { name: m(lang, 'search.sort.label') })
      .getByRole('button', { name: new RegExp(m(lang, 'search.sort.fastest')) })
      .click();
    await page.waitForURL(/sort=fastest/);

    // Transfers.
    const transfers = page
      .getByRole('group', { name: m(lang, 'search.filters.transfers'), exact: true })
      .getByRole('checkbox');
    const count = await transfers.first().getAttribute('value');
    await transfers.first().check();
    await page.waitForURL(/transfers\[0\]=/);
    await expect.poll(async () => [...new Set(await offerValues(page, 'data-transfers'))]).toEqual([count]);
    await resetFilters(page, lang, status);
    // Cost: the highest price down to the lowest leaves the cheapest offers only.
    const highest = page.getByRole('slider', { name: m(lang, 'search.filters.priceMax') });
    await highest.focus();
    await highest.press('Home');
    await page.waitForURL(/price\[max\]=/);
    const cap = Number(new URL(page.url()).searchParams.get('price[max]'));
    await expect
      .poll(async () => {
        const capped = (await offerValues(page, 'data-total')).map(Number);
        return capped.length > 0 && capped.every((t) => Math.floor(t) <= cap);
      })
      .toBe(true);
    await resetFilters(page, lang, status);
    // Airlines.
    const airline = page
      .getByRole('group', { name: m(lang, 'search.filters.airlines') })
      .getByRole('checkbox')
      .first();
    const carrier = (await airline.getAttribute('value'))!;
    await airline.check();
    await page.waitForURL(/airlines\[0\]=/);
    // The URL changes before the filtered list is drawn.
    await expect
      .poll(async () =>
        (await offerValues(page, 'data-carriers')).every((c) => c.split(' ').includes(carrier)),
      )
      .toBe(true);
    await resetFilters(page, lang, status);
    // Departure and arrival time of the outbound.
    for (const [kind, attribute] of [
      ['departure', 'data-departure'],
      ['arrival', 'data-arrival'],
    ] as const) {
      const legend =
        kind === 'departure'
          ? m(lang, 'search.filters.departureTime', { place: '' }).trim()
          : m(lang, 'search.filters.arrivalTime', { place: '' }).trim();
      const box = page
        .getByRole('group', { name: new RegExp(legend.replace(/:$/, '')) })
        .first()
        .getByRole('checkbox')
        .first();
      const bucket = (await box.getAttribute('value'))!;
      await box.check();
      await page.waitForURL(new RegExp(`${kind}\\[0\\]\\[\\d\\]=${bucket}`));
      await expect
        .poll(async () => (await offerValues(page, attribute)).every((b) => b.split(' ')[0] === bucket))
        .toBe(true);
      await resetFilters(page, lang, status);
    }

    // Details of the first offer: flights, add luggage (the total grows), the ticket link.
    const offer = page.getByTestId('offer').first();
    const itinerary = (await offer.getAttribute('data-itinerary'))!;
    await offer.getByRole('button', { name: m(lang, 'search.offer.showDetails') }).click();
    await offer.getByText(m(lang, 'search.details.outbound'), { exact: false }).first().waitFor();
    const total = offer.locator('output');
    const before = await total.textContent();
    await offer.getByRole('checkbox').first().check();
    await expect.poll(() => total.textContent()).not.toBe(before!);

    await offer.getByRole('button', { name: m(lang, 'search.offer.copyLink') }).click();
    await page.getByText(m(lang, 'search.offer.linkCopied')).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain(`/${lang}/flight/${segment}?itinerary[0]=`);
    const shared = await context.newPage();
    await shared.addInitScript(watchOffersReplaced);
    await gotoHydrated(shared, link);
    await shared.getByRole('heading', { name: m(lang, 'search.shared.heading') }).waitFor();
    await expect
      .poll(() => shared.getByTestId('offer').first().getAttribute('data-itinerary'))
      .toBe(itinerary);
    // Hydration kept the server's offers (a text the browser formats differently would replace them).
    expect(
      await shared.evaluate(() => (window as { offersReplaced?: () => number }).offersReplaced?.()),
    ).toBe(0);
    await shared.close();

    await offer.getByRole('button', { name: m(lang, 'search.offer.buy') }).click();
    await page.waitForURL(/\/flight\/booking\?/);
    const booking = new URL(page.url());
    expect(booking.pathname).toBe(`/${lang}/flight/booking`);
    expect(booking.searchParams.get('offer')).toBeTruthy();
    expect(booking.searchParams.get('luggage[0]')).toBe('lug_0');
    await page.close();
  });
});

test('on a phone: offers below the first screen hydrate when near it or at the first key, none replaced', async () => {
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await phone.newPage();
  await page.addInitScript(watchOffersReplaced);
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await gotoHydrated(page, `${site.url}/en/flight/TAS${ddmm(DEPART)}NYC1`);
  const offers = page.getByTestId('offer');
  expect(await offers.count()).toBe(10);
  // React marks every node it hydrates (components/HydrateOnSight.tsx keeps the rest as the server sent them).
  const hydrated = () =>
    offers.evaluateAll((cards) =>
      cards.map((card) => Object.keys(card).some((key) => key.startsWith('__reactFiber'))),
    );
  // The list comes in the page's stream and hydrates after the shell: its first three cards at once.
  await expect.poll(async () => (await hydrated()).slice(0, 3)).toEqual([true, true, true]);
  expect(await hydrated()).toEqual([true, true, true, false, false, false, false, false, false, false]);
  // Scrolled near (not by the traveller's key or tap): that card and its neighbours within a screen hydrate.
  await offers.nth(4).evaluate((card) => card.scrollIntoView());
  await expect.poll(async () => (await hydrated())[4]).toBe(true);
  expect((await hydrated())[9]).toBe(false);
  // The first key anywhere hydrates the rest.
  await page.keyboard.press('Shift');
  await expect.poll(async () => (await hydrated()).every(Boolean)).toBe(true);
  // Hydrated in place: the server's cards kept, no error, and a card's details open on the first press.
  expect(await page.evaluate(() => (window as { offersReplaced?: () => number }).offersReplaced?.())).toBe(0);
  await offers
    .nth(9)
    .getByRole('button', { name: m('en', 'search.offer.showDetails') })
    .click();
  const opened = offers.nth(9).getByRole('button', { name: m('en', 'search.offer.hideDetails') });
  expect(await opened.getAttribute('aria-expanded')).toBe('true');
  expect(errors).toEqual([]);
  await phone.close();
});

test('on a phone: bag included and a connection airport narrow the list, kept through a reload, axe clean', async () => {
  const lang = 'ru';
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await phone.newPage();
  await page.addInitScript(watchOffersReplaced);
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  // Tashkent to New York (JFK and EWR): connections at several airports on every day of the week.
  const results = `${site.url}/${lang}/flight/TAS${ddmm(DEPART)}NYC1`;
  await gotoHydrated(page, results);
  await page.getByTestId('offer').first().waitFor();
  const count = page.getByTestId('results-count');
  // The first number the count says (a page shows at most ten offers).
  const counted = async () => Number(/\d+/.exec((await count.textContent()) ?? '')?.[0]);
  const total = await counted();
  expect(await count.textContent()).toBe(m(lang, 'search.results.count', { count: total }));
  const pricesBefore = (await offerValues(page, 'data-total')).map(Number);

  const open = () =>
    page.getByRole('button', { name: new RegExp(`^${m(lang, 'search.filters.heading')}`) }).click();
  const sheet = page.getByRole('dialog', { name: m(lang, 'search.filters.heading') });
  await open();
  // Bag included: every offer now shows a fare with a checked bag, at that fare's price.
  await sheet
    .getByRole('group', { name: m(lang, 'search.filters.baggage') })
    .getByRole('checkbox', { name: new RegExp(m(lang, 'search.filters.bagIncluded')) })
    .check();
  await page.waitForURL(/[?&]bag=1/);
  await expect
    .poll(async () => (await offerValues(page, 'data-checked-bags')).every((n) => Number(n) > 0))
    .toBe(true);
  expect(Math.min(...(await offerValues(page, 'data-total')).map(Number))).toBeGreaterThanOrEqual(
    Math.min(...pricesBefore),
  );
  const withBag = await count.textContent();
  // A connection airport: only offers whose every connection is there (or none) stay, fewer than before.
  const airports = sheet.getByRole('group', { name: m(lang, 'search.filters.via') }).getByRole('checkbox');
  expect(await airports.count()).toBeGreaterThan(1);
  const airport = (await airports.first().getAttribute('value'))!;
  await airports.first().check();
  await page.waitForURL(new RegExp(`via\\[0\\]=${airport}`));
  await expect.poll(() => count.textContent()).not.toBe(withBag);
  const left = await counted();
  expect(left).toBeLessThan(total);
  expect(await count.textContent()).toBe(m(lang, 'search.results.countFiltered', { count: left, total }));
  expect(
    (await offerValues(page, 'data-via')).every((via) =>
      via.split(' ').every((a) => a === '' || a === airport),
    ),
  ).toBe(true);
  // The sheet's button says how many flights the filters leave.
  await expect
    .poll(() =>
      sheet.getByRole('button', { name: m(lang, 'search.filters.showResults', { count: left }) }).count(),
    )
    .toBe(1);
  await expectAxeClean(page, 'filters sheet');
  await sheet.getByRole('button', { name: m(lang, 'search.filters.showResults', { count: left }) }).click();
  await expectAxeClean(page, 'filtered results');

  // A reload keeps the filters: the same list, the same boxes ticked.
  const filtered = page.url();
  await gotoHydrated(page, filtered);
  await page.getByTestId('offer').first().waitFor();
  expect(await count.textContent()).toBe(m(lang, 'search.results.countFiltered', { count: left, total }));
  await open();
  expect(
    await sheet
      .getByRole('checkbox', { name: new RegExp(m(lang, 'search.filters.bagIncluded')) })
      .isChecked(),
  ).toBe(true);
  expect(await sheet.locator(`input[name^="via"][value="${airport}"]`).isChecked()).toBe(true);
  // Hydration kept the server's offers, and said nothing.
  expect(await page.evaluate(() => (window as { offersReplaced?: () => number }).offersReplaced?.())).toBe(0);
  expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
  await phone.close();
});
