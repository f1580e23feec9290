/**
 * Phones (docs/design.md §6: every page works on a 360 px phone): every page of the site at 360 × 740 in all
 * four languages — home, results one way and round trip (filters sheet, flight details), booking, the card
 * page, the order page of a real booking made with a long email, the profile pages signed in by emailed code
 * (real SMTP), settings, the information pages, tours, a tour, agencies, sign-in and the 404 — never scrolls
 * sideways in any language (their words differ in length), and axe finds nothing serious. axe's rules hardly
 * depend on the language, and it was most of this suite's time: each page is checked by axe in one language,
 * the next page in the next (`axeInTurn`), so that every language is checked somewhere.
 * Controls that used to be cut or covered are checked where they are: the date fields show their whole
 * placeholder apart from each other inside the form; the passengers panel closes with "Done" and never hides
 * the search button; the ±3-day strip and the sort tabs show their prices whole; the filters open as a sheet
 * whose "Show N results" names the filtered count. PHONE_SHOTS=dir saves a full-page screenshot of each page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DEFAULT_CURRENCY_BY_LOCALE } from '@parvoz/i18n/currency';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { type RunningSite, stopSuite, startSiteWithMail } from './support/server.ts';
import { gotoHydrated } from './support/browser.ts';
import { codeOf, type TestSmtpServer } from './support/smtp.ts';
import { expectAxeClean } from './support/axe.ts';
import { m } from './support/messages.ts';
import { ddmm, isoDay } from './support/dates.ts';
import { fillOneAdultBooking, payOnSandboxCardPage } from './support/journeys.ts';
import { firstOfferOn } from './support/offers.ts';

const WIDTH = 360;
const HEIGHT = 740;
const SHOTS = process.env.PHONE_SHOTS;

let site: RunningSite;
let browser: Browser;
let smtp: TestSmtpServer;

/** Intl writes no-break spaces; compare words. */
const words = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The long address a traveller may well have; one per language so that each run has its own orders. */
const longEmail = (lang: Locale) =>
  `a.very.long.email.address.for.testing.${lang}@example-company-domain.com`;

/** How many pages each language has shown so far: the nth page of every language is axe-checked in one of them. */
const pagesShown = new Map<Locale, number>();

/**
 * axe on this page if it is this language's turn: the nth page shown in each language (the suite shows the same
 * pages in the same order in every language) is checked in LOCALES[n mod 4] only.
 */
async function axeInTurn(page: Page, lang: Locale, label: string) {
  const n = pagesShown.get(lang) ?? 0;
  pagesShown.set(lang, n + 1);
  if (LOCALES[n % LOCALES.length] === lang) await expectAxeClean(page, label);
}

beforeAll(async () => {
  ({ smtp, site, browser } = await startSiteWithMail());
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

afterAll(() => stopSuite(site, browser, smtp));

async function phone(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.message} @ ${page.url()}`));
  return { context, page, errors };
}

/**
 * The page is no wider than the phone. When it is, the message names the elements that stick out (the
 * innermost ones, outside any scrolling box), so a failure says what to fix.
 */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, culprits } = await page.evaluate((limit) => {
    const outside = (r: DOMRect) => r.width > 1 && r.height > 1 && (r.right > limit + 0.5 || r.left < -0.5);
    // Inside a box that scrolls or clips sideways (and fits), a thing does not widen the page.
    const contained = (el: Element, self = false) => {
      for (let a = self ? el : el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible' && !outside(a.getBoundingClientRect())) return true;
      }
      return false;
    };
    const describe = (el: Element, r: DOMRect, text: string) =>
      `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${Math.round(r.left)}…${Math.round(r.right)} px "${text.replace(/\s+/g, ' ').trim().slice(0, 60)}"`;
    // Text that runs past the edge (a long word, an address), then boxes that do (a fixed-width control).
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node && found.length < 6; node = walker.nextNode()) {
      if (!node.textContent?.trim() || !node.parentElement || contained(node.parentElement, true)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (outside(r)) found.push(describe(node.parentElement, r, node.textContent));
    }
    const boxes = [...document.body.querySelectorAll('*')].filter(
      (el) => outside(el.getBoundingClientRect()) && !contained(el),
    );
    for (const el of boxes.filter((el) => !boxes.some((o) => o !== el && el.contains(o))).slice(0, 6)) {
      found.push(describe(el, el.getBoundingClientRect(), el.textContent ?? ''));
    }
    return { scrollWidth: document.documentElement.scrollWidth, culprits: found };
  }, WIDTH);
  expect(scrollWidth, `${label} is ${scrollWidth} px wide:\n${culprits.join('\n')}`).toBeLessThanOrEqual(
    WIDTH,
  );
}

async function shot(page: Page, lang: Locale, name: string) {
  if (!SHOTS) return;
  // The first two screens, as wide as the page is (a page too wide shows it).
  const [width, height] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.scrollHeight,
  ]);
  await page.screenshot({
    path: path.join(SHOTS, `${lang}-${name}.png`),
    fullPage: true,
    clip: { x: 0, y: 0, width: width!, height: Math.min(height!, 2 * HEIGHT) },
  });
}

/** A page as a phone shows it: no sideways scroll, axe clean (in its language's turn), and (on request) a screenshot. */
async function checkPage(page: Page, lang: Locale, name: string) {
  await shot(page, lang, name);
  await expectNoSidewaysScroll(page, `/${lang} ${name}`);
  await axeInTurn(page, lang, `/${lang} ${name}`);
}

/**
 * Text inside each control that is cut off (ellipsis or hidden overflow) or runs out of the control's box:
 * "1 234 567 so‘m" half outside its tab, "Pick a da…" in a date field.
 */
async function clippedText(controls: Locator): Promise<string[]> {
  return controls.evaluateAll((els) =>
    els.flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (box.width === 0) return [];
      return [control, ...control.querySelectorAll('*')].flatMap((el) => {
        const r = el.getBoundingClientRect();
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (!text || r.width === 0) return [];
        const cut = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible';
        const out = r.left < box.left - 1 || r.right > box.right + 1;
        return cut || out ? [`"${text}" (${Math.round(r.width)} px in ${Math.round(box.width)} px)`] : [];
      });
    }),
  );
}

/** Whether a click at the middle of the element would reach it (nothing painted over it). */
async function reachable(target: Locator): Promise<boolean> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });
}

/** The results page's own checks: the strip and the sort tabs whole, the filters sheet, a flight's details. */
async function checkResults(page: Page, lang: Locale, name: string) {
  await page.getByTestId('offer').first().waitFor();
  await checkPage(page, lang, name);

  const strip = page.getByRole('navigation', { name: m(lang, 'search.strip.label') });
  expect(await strip.getByRole('listitem').count()).toBe(7);
  expect(await clippedText(strip.getByRole('listitem').locator('> *'))).toEqual([]);
  // The chosen day is in sight in the strip, not scrolled away to its right. The strip scrolls it there in an
  // effect once the results are on the page, so this waits for it (axe on the page used to give it the time).
  const current = strip.locator('[aria-current="date"]');
  await expect
    .poll(async () => {
      const box = (await current.boundingBox())!;
      return { left: box.x >= 0, right: box.x + box.width <= WIDTH };
    })
    .toEqual({ left: true, right: true });
  const sort = page.getByRole('group', { name: m(lang, 'search.sort.label') });
  expect(await clippedText(sort.getByRole('button'))).toEqual([]);

  // Filters: a sheet over the page, not a long list above the results. It names how many flights match
  // and says so again as the filters change; "Show N results" closes it on that many results.
  const count = page.getByTestId('results-count');
  const total = Number(/\d+/.exec(words(await count.textContent()))?.[0]);
  expect(words(await count.textContent())).toBe(words(m(lang, 'search.results.count', { count: total })));
  // The filtered count, read the way the page words it ("24 uçuştan 10'u" puts the total first).
  const countOf = async () => {
    const text = words(await count.textContent());
    for (let n = 0; n <= total; n++) {
      if (text === words(m(lang, 'search.results.countFiltered', { count: n, total }))) return n;
    }
    return total;
  };
  const toggle = page.getByRole('button', { name: new RegExp(`^${m(lang, 'search.filters.heading')}`) });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.click();
  const sheet = page.getByRole('dialog', { name: m(lang, 'search.filters.heading') });
  await sheet.waitFor();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const sheetBox = (await sheet.boundingBox())!;
  expect(sheetBox.x).toBeGreaterThanOrEqual(0);
  expect(sheetBox.x + sheetBox.width).toBeLessThanOrEqual(WIDTH);
  expect(sheetBox.y + sheetBox.height).toBeLessThanOrEqual(HEIGHT);
  const show = (n: number) =>
    sheet.getByRole('button', { name: m(lang, 'search.filters.showResults', { count: n }), exact: true });
  await show(total).waitFor();
  expect(await reachable(show(total))).toBe(true);
  await checkPage(page, lang, `${name}-filters`);

  // One number of transfers alone: fewer flights, and the button says how many.
  const transfers = sheet.getByRole('group', { name: m(lang, 'search.filters.transfers'), exact: true });
  const options = transfers.getByRole('checkbox');
  expect(await options.count()).toBeGreaterThan(1);
  await options.first().check();
  await page.waitForURL(/transfers\[\d\]=/);
  await expect.poll(countOf).toBeLessThan(total);
  expect(await countOf()).toBeGreaterThan(0);
  const filtered = await countOf();
  await show(filtered).waitFor();
  await show(filtered).click();
  await sheet.waitFor({ state: 'hidden' });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(words(await count.textContent())).toBe(
    words(m(lang, 'search.results.countFiltered', { count: filtered, total })),
  );
  await expect.poll(() => page.getByTestId('offer').count()).toBe(Math.min(filtered, 10));

  // "Change search": the search form over the results.
  await page.getByRole('button', { name: m(lang, 'search.form.change') }).click();
  await page.getByRole('form', { name: m(lang, 'search.form.label') }).waitFor();
  await expectNoSidewaysScroll(page, `/${lang} ${name}, change search open`);
  await page.getByRole('button', { name: m(lang, 'search.form.change') }).click();

  // A flight's details, open.
  const offer = page.getByTestId('offer').first();
  await offer.getByRole('button', { name: m(lang, 'search.offer.showDetails') }).click();
  await offer.getByRole('button', { name: m(lang, 'search.offer.buy') }).waitFor();
  await checkPage(page, lang, `${name}-details`);
}

describe.each(LOCALES)('%s on a 360 px phone', (lang) => {
  test('home: the search form fits; dates whole and apart; "Done" closes the passengers panel, which never covers the search button', async () => {
    const { context, page, errors } = await phone();
    await gotoHydrated(page, `${site.url}/${lang}`);
    await checkPage(page, lang, 'home');

    const form = page.getByRole('form', { name: m(lang, 'search.form.label') });
    const formBox = (await form.boundingBox())!;
    const dates = form.locator('button[aria-haspopup="dialog"]');
    expect(await dates.count()).toBe(2);
    expect(await clippedText(dates)).toEqual([]);
    const [depart, ret] = [(await dates.nth(0).boundingBox())!, (await dates.nth(1).boundingBox())!];
    // Side by side with a gap, or one above the other with a gap; both inside the form's card.
    const apart = ret.x >= depart.x + depart.width + 8 || ret.y >= depart.y + depart.height + 8;
    expect(apart, `date fields ${JSON.stringify({ depart, ret })}`).toBe(true);
    for (const box of [depart, ret]) {
      expect(box.x).toBeGreaterThanOrEqual(formBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(formBox.x + formBox.width);
    }

    // The calendars open inside the screen.
    for (const i of [0, 1]) {
      await dates.nth(i).click();
      const calendar = page.getByRole('dialog', {
        name: m(lang, i === 0 ? 'search.form.departure' : 'search.form.return'),
      });
      await calendar.getByRole('grid').first().waitFor();
      await expectNoSidewaysScroll(page, `/${lang} home, calendar ${i + 1} open`);
      const box = (await calendar.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'hidden' });
    }

    const submit = form.getByRole('button', { name: m(lang, 'search.form.submit') });
    // Named by its label and its value ("Passengers and class 1 passenger, Economy").
    const passengers = form.getByRole('button', {
      name: new RegExp(`^${m(lang, 'search.passengers.label')} `),
    });
    expect(words(await passengers.textContent())).toBe(
      words(m(lang, 'search.passengers.summary', { count: 1, cabin: m(lang, 'search.cabin.economy') })),
    );
    await passengers.click();
    expect(await passengers.getAttribute('aria-expanded')).toBe('true');
    await form
      .getByRole('button', {
        name: m(lang, 'search.passengers.more', { kind: m(lang, 'search.passengers.adults') }),
      })
      .click();
    const done = form.getByRole('button', { name: m(lang, 'search.passengers.done'), exact: true });
    await done.waitFor();
    await expectNoSidewaysScroll(page, `/${lang} home, passengers open`);
    expect(await reachable(submit), 'the search button with the passengers panel open').toBe(true);
    await axeInTurn(page, lang, `/${lang} home, passengers open`);
    await shot(page, lang, 'home-passengers');
    await done.click();
    expect(await passengers.getAttribute('aria-expanded')).toBe('false');
    expect(await done.isVisible()).toBe(false);
    await expect.poll(() => passengers.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(words(await passengers.textContent())).toBe(
      words(m(lang, 'search.passengers.summary', { count: 2, cabin: m(lang, 'search.cabin.economy') })),
    );
    expect(await reachable(submit), 'the search button with the passengers panel closed').toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('results one way: the strip and sort tabs show their prices; filters in a sheet; details open', async () => {
    const { context, page, errors } = await phone();
    await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${ddmm(isoDay(26))}IST1`);
    await checkResults(page, lang, 'results');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('results round trip: the same', async () => {
    const { context, page, errors } = await phone();
    await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${ddmm(isoDay(27))}IST${ddmm(isoDay(34))}1`);
    await checkResults(page, lang, 'results-return');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('booking page, the card page and the order page of a booking made with a long email', async () => {
    const { context, page, errors } = await phone();
    const email = longEmail(lang);
    const offer = (await firstOfferOn(site.url, [30, 31, 32], { currency: DEFAULT_CURRENCY_BY_LOCALE[lang] }))
      .id;
    await gotoHydrated(page, `${site.url}/${lang}/flight/booking?offer=${encodeURIComponent(offer)}`);
    await page.getByRole('heading', { level: 1, name: m(lang, 'page.booking.heading') }).waitFor();
    await checkPage(page, lang, 'booking');

    await fillOneAdultBooking(page, lang, email);
    await page.locator('input[name="agreement"]').check();
    await expectNoSidewaysScroll(page, `/${lang} booking, filled`);
    await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();

    // The sandbox provider's card page.
    await page.waitForURL(/\/v1\/sandbox-pay\//);
    await checkPage(page, lang, 'card');
    await payOnSandboxCardPage(page, lang);

    await page.waitForURL(new RegExp(`/${lang}/orders/ord_[A-Za-z0-9_-]+\\?payment=success$`));
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect
      .poll(() => page.getByTestId('order-payment-status').textContent())
      .toBe(m(lang, 'orders.payment.paid'));
    // The address is on the page whole, wrapped if it must be.
    await page.getByText(email).first().waitFor();
    await checkPage(page, lang, 'order');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('signed in by emailed code: the profile pages, tabs and sign-out on the screen', async () => {
    const { context, page, errors } = await phone();
    const email = longEmail(lang);
    await gotoHydrated(page, `${site.url}/${lang}/login`);
    await checkPage(page, lang, 'login');
    const main = page.locator('#main');
    await main.getByLabel(m(lang, 'auth.email'), { exact: true }).fill(email);
    // The booking's confirmation went to this address already: the code is in the next email.
    const before = smtp.to(email).length;
    await main.getByRole('button', { name: m(lang, 'auth.send') }).click();
    const codeField = main.getByLabel(m(lang, 'auth.code'), { exact: true });
    await codeField.waitFor();
    await codeField.fill(codeOf(await smtp.waitFor(email, 15_000, before + 1)));
    await main.getByRole('button', { name: m(lang, 'auth.verify') }).click();
    await page.waitForURL(`${site.url}/${lang}/profile`);
    await page.getByTestId('profile-email').waitFor();

    const tabs = page.getByRole('navigation', { name: m(lang, 'profile.nav.label') }).getByRole('link');
    const logout = main.getByRole('button', { name: m(lang, 'auth.logout') });
    for (const [name, pathname] of [
      ['profile', '/profile'],
      ['profile-orders', '/profile/orders-history'],
      ['profile-settings', '/profile/settings'],
    ] as const) {
      await gotoHydrated(page, `${site.url}/${lang}${pathname}`);
      if (name === 'profile-orders') {
        // The booking made above with this address is attached at sign-in.
        await page
          .getByRole('region', { name: m(lang, 'orders.active') })
          .getByRole('listitem')
          .first()
          .waitFor();
      }
      await checkPage(page, lang, name);
      if (name === 'profile') {
        // The saved-traveller form, open.
        await main.getByRole('button', { name: m(lang, 'travellers.add') }).click();
        await main.getByLabel(m(lang, 'travellers.documentNumber'), { exact: true }).waitFor();
        await expectNoSidewaysScroll(page, `/${lang} profile, adding a traveller`);
      }
      // Profile, orders history, price alerts, settings.
      expect(await tabs.count()).toBe(4);
      for (const box of [...(await tabs.all()), logout]) {
        const r = (await box.boundingBox())!;
        expect(r.x).toBeGreaterThanOrEqual(0);
        expect(r.x + r.width, `${name}: ${await box.textContent()}`).toBeLessThanOrEqual(WIDTH);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('settings, information pages, tours, a tour, agencies and the 404', async () => {
    const { context, page, errors } = await phone();
    for (const [name, pathname] of [
      ['settings', '/settings'],
      ['info-agreement', '/info/agreement'],
      ['info-confidential', '/info/confidential'],
      ['info-my-ticket', '/info/my-ticket'],
      ['info-payment-security', '/info/payment-security'],
      ['info-contacts', '/info/contacts'],
      ['info-offer', '/info/offer'],
      ['info-help', '/info/help'],
      ['tours', '/tours'],
      ['agencies', '/agencies'],
      ['not-found', '/no-such-page'],
    ] as const) {
      await gotoHydrated(page, `${site.url}/${lang}${pathname}`);
      await checkPage(page, lang, name);
      if (name === 'tours') {
        await page.getByTestId('tour-card').first().getByRole('link').first().click();
        await page.waitForURL(/\/tours\/[a-z0-9-]+$/);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await checkPage(page, lang, 'tour');
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});

/** The phone's sheet is the phone's: a desktop still shows the filters beside the results. */
test('on a desktop the filters stay beside the results, without a sheet or its button', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await gotoHydrated(page, `${site.url}/en/flight/TAS${ddmm(isoDay(26))}IST1`);
  await page.getByTestId('offer').first().waitFor();
  const transfers = page.getByRole('group', { name: m('en', 'search.filters.transfers'), exact: true });
  await transfers.waitFor();
  const aside = (await page
    .getByRole('complementary', { name: m('en', 'search.filters.heading') })
    .boundingBox())!;
  const list = (await page.getByTestId('offer').first().boundingBox())!;
  expect(aside.x + aside.width).toBeLessThanOrEqual(list.x);
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Show \d+ flights?$/ }).count()).toBe(0);
  await context.close();
});
