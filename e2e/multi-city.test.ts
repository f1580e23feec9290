/**
 * A multi-city trip in Chromium (docs/design.md, "Multi-city"): in Uzbek on a 360 px phone, Tashkent → Istanbul →
 * Antalya → Tashkent typed into the multi-city form (places from the list, dates from the calendar by
 * keyboard), its results with three flights each, one booked, paid on the sandbox card, booked at the airline and
 * cancelled from its order page; axe clean and no sideways scroll. Without JavaScript the same form finds places
 * by name and says which flight is out of order.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAxeClean } from './support/axe.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { isoDay } from './support/dates.ts';
import { expectPaidThenBooked, fillOneAdultBooking, payOnSandboxCardPage } from './support/journeys.ts';
import { m } from './support/messages.ts';
import { buyFromCard, openPage, PHONE } from './support/pages.ts';
import { startSite, stopSuite, type RunningSite } from './support/server.ts';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

afterAll(() => stopSuite(site, browser));

const lang = 'uz';

/** Types into a place field and picks the option of `code` from the list. */
async function pickPlace(page: Page, id: string, typed: string, code: string) {
  const field = page.locator(`#${id}`);
  await field.click();
  // The list comes with the combobox, loaded on the field's first focus: type once it is there.
  await expect.poll(() => field.getAttribute('role')).toBe('combobox');
  await field.fill(typed);
  await page.getByRole('listbox').getByRole('option').filter({ hasText: code }).first().click();
  await expect
    .poll(() => page.locator(`input[type=hidden][name="${fieldName(id)}"]`).inputValue())
    .toBe(code);
}
/** `multi-leg1-to` → `legs[1].to`. */
const fieldName = (id: string) => id.replace(/^multi-leg(\d)-(\w+)$/, 'legs[$1].$2');

/** Opens a flight's calendar and picks the day `weeks` and `days` from the one it opens on, by keyboard. */
async function pickDate(page: Page, index: number, weeks: number, days: number) {
  await page.locator(`#multi-leg${index}-depart`).click();
  const dialog = page.getByRole('dialog', { name: m(lang, 'search.multiCity.date') });
  await dialog.getByRole('grid').first().waitFor();
  for (let i = 0; i < weeks; i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < days; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  const value = page.locator(`input[name="legs[${index}].depart"]`);
  await expect.poll(() => value.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return value.inputValue();
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('uz, 360 px: three flights searched by keyboard, booked, paid and cancelled', async () => {
  const { context, page, errors } = await openPage(browser, { viewport: PHONE });
  await gotoHydrated(page, `${site.url}/${lang}`);
  await page.getByRole('link', { name: m(lang, 'search.multiCity.link') }).click();
  await page.waitForURL(`${site.url}/${lang}/multi-city`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const form = page.getByRole('form', { name: m(lang, 'search.multiCity.heading') });
  expect(
    await form
      .getByRole('group')
      .filter({ hasText: m(lang, 'search.multiCity.leg', { number: 3 }) })
      .count(),
  ).toBe(1);

  await pickPlace(page, 'multi-leg0-from', 'Toshkent', 'TAS');
  await pickPlace(page, 'multi-leg0-to', 'Istanbul', 'IST');
  // The next flight starts where this one lands.
  await expect.poll(() => page.locator('input[name="legs[1].from"]').inputValue()).toBe('IST');
  await pickPlace(page, 'multi-leg1-to', 'Antal', 'AYT');
  await pickPlace(page, 'multi-leg2-to', 'Toshkent', 'TAS');
  // A later flight's calendar opens on the day of the one before (its first selectable day).
  const dates = [await pickDate(page, 0, 5, 0), await pickDate(page, 1, 0, 3), await pickDate(page, 2, 0, 4)];
  expect(dates[0]).toBe(isoDay(35));
  expect(dates[1]).toBe(isoDay(38));
  expect(dates[2]).toBe(isoDay(42));
  expect(await noSidewaysScroll(page)).toBe(true);
  await expectAxeClean(page, 'multi-city form at 360 px');

  await form.getByRole('button', { name: m(lang, 'search.form.submit') }).click();
  const ddmm = (date: string) => date.slice(8, 10) + date.slice(5, 7);
  await page.waitForURL(
    `${site.url}/${lang}/flight/TAS${ddmm(dates[0]!)}IST-IST${ddmm(dates[1]!)}AYT-AYT${ddmm(dates[2]!)}TAS1`,
  );
  const offers = page.getByTestId('offer');
  await offers.first().waitFor();
  // Each offer flies the three flights (three departure times), and the page offers no alert or date strip.
  const legsPerOffer = await offers.evaluateAll((cards) =>
    cards.map((card) => card.getAttribute('data-departure')!.split(' ').length),
  );
  expect(new Set(legsPerOffer)).toEqual(new Set([3]));
  expect(await page.getByTestId('price-alert').count()).toBe(0);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/→.+→.+→/);
  expect(await noSidewaysScroll(page)).toBe(true);
  await expectAxeClean(page, 'multi-city results at 360 px');

  const card = offers.first();
  await card.getByRole('button', { name: m(lang, 'search.offer.showDetails') }).click();
  for (const n of [1, 2, 3])
    await card
      .getByText(m(lang, 'search.multiCity.leg', { number: n }))
      .first()
      .waitFor();
  await buyFromCard(page, card, lang);
  await fillOneAdultBooking(page, lang, 'multi-city@example.com');
  await page.locator('input[name="agreement"]').check();
  await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();
  await page.waitForURL(/\/v1\/sandbox-pay\//);
  await payOnSandboxCardPage(page, lang);
  await page.waitForURL(new RegExp(`/${lang}/orders/[^/?]+\\?payment=success$`));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expectPaidThenBooked(page, lang);
  for (const n of [1, 2, 3])
    await page
      .getByRole('heading', { name: new RegExp(`^${m(lang, 'search.multiCity.leg', { number: n })}`) })
      .waitFor();

  await page.getByRole('button', { name: m(lang, 'order.cancel.button') }).click();
  await page.getByTestId('cancel-quote').waitFor();
  await page.getByRole('button', { name: m(lang, 'order.cancel.confirm') }).click();
  await page.getByTestId('order-cancelled').waitFor();
  await expect
    .poll(() => page.getByTestId('order-booking-status').textContent())
    .toBe(m(lang, 'orders.status.cancelled'));
  expect(errors).toEqual([]);
  await context.close();
});

test('with JavaScript: the action’s answer that a flight is before the one before it, in words the page loaded', async () => {
  // The rule is the action's alone (features/search/multi-city.ts): its words reach the page as data, so the
  // page's own words file must carry them (docs/performance.md, "Words per page"). The calendar offers no day
  // before the previous flight's, so the dates are set as a changed earlier flight would leave them.
  const { context, page, errors } = await openPage(browser);
  await gotoHydrated(page, `${site.url}/${lang}/multi-city`);
  const form = page.getByRole('form', { name: m(lang, 'search.multiCity.heading') });
  await pickPlace(page, 'multi-leg0-from', 'Toshkent', 'TAS');
  await pickPlace(page, 'multi-leg0-to', 'Istanbul', 'IST');
  await pickPlace(page, 'multi-leg1-to', 'Antal', 'AYT');
  await page.evaluate(
    ([first, second]) => {
      const set = (name: string, value: string) => {
        const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
        input.value = value;
      };
      set('legs[0].depart', first!);
      set('legs[1].depart', second!);
    },
    [isoDay(30), isoDay(29)],
  );
  await form.getByRole('button', { name: m(lang, 'search.form.submit') }).click();
  await form.getByText(m(lang, 'search.multiCity.error.order')).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test('without JavaScript (en): places found by name; a flight before the one before it is said under it', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.url}/en/multi-city`);
  // Within the form: React's streamed copies of its fields wait, hidden, outside it (no script swaps them in).
  const form = page.getByRole('form', { name: m('en', 'search.multiCity.heading') });
  const field = (index: number, name: string) => form.locator(`[name="legs[${index}].${name}"]`);
  const fill = (index: number, name: string, value: string) => field(index, name).fill(value);
  await fill(0, 'fromName', 'Tashkent');
  await fill(0, 'toName', 'Istanbul');
  await fill(0, 'depart', isoDay(30));
  await fill(1, 'fromName', 'Istanbul');
  await fill(1, 'toName', 'Antalya');
  await fill(1, 'depart', isoDay(29));
  await form.getByRole('button', { name: m('en', 'search.form.submit') }).click();
  await form.getByText(m('en', 'search.multiCity.error.order')).waitFor();
  expect(await field(1, 'depart').getAttribute('aria-invalid')).toBe('true');
  // Places typed by name come back found.
  expect(await field(1, 'to').inputValue()).toBe('AYT');

  // The row left blank is no flight; "Add a flight" works without JavaScript too; then the trip is searched.
  expect(await field(2, 'depart').count()).toBe(0);
  await form.getByRole('button', { name: m('en', 'search.multiCity.add') }).click();
  await field(2, 'toName').waitFor();
  expect(await field(3, 'depart').count()).toBe(0);
  await fill(1, 'depart', isoDay(33));
  expect(await field(2, 'from').inputValue()).toBe('AYT');
  await fill(2, 'toName', 'Tashkent');
  await fill(2, 'depart', isoDay(36));
  // Enter in a field searches (it must not press a row's "Remove", the first button in the rows).
  await field(2, 'toName').press('Enter');
  await page.waitForURL(/\/en\/flight\/TAS\d{4}IST-IST\d{4}AYT-AYT\d{4}TAS1$/);
  expect(await page.getByTestId('offer').count()).toBeGreaterThan(0);
  await context.close();
});
