/**
 * The booking form is never lost (docs/decisions/0027-booking-form-draft.md), in Chromium on a 360 px phone in
 * Uzbek: pressing "book" offline keeps every field and says by the button that nothing was sent; an answer lost
 * after the API booked is retried under the same Idempotency-Key, so the order is made once; a reload keeps the
 * names and the contact, never the birth date or the document.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import type { TestDatabase } from '@parvoz/db/testing';
import type { Locale } from '@parvoz/i18n/locales';
import { countOrders } from '../apps/api/src/modules/orders/testing/fixtures.ts';
import { type RunningSite, postgresTestDatabase, startSiteWithBrowser, stopSuite } from './support/server.ts';
import { gotoHydrated } from './support/browser.ts';
import { openPage, PHONE } from './support/pages.ts';
import { m } from './support/messages.ts';
import { firstOfferOn } from './support/offers.ts';
import { fillOneAdultBooking, passengerGroup } from './support/journeys.ts';

const lang: Locale = 'uz';

let database: TestDatabase;
let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  // A database the test reads too: it counts the orders the site made.
  database = await postgresTestDatabase();
  ({ site, browser } = await startSiteWithBrowser({ DATABASE_URL: database.url! }));
});

afterAll(async () => {
  await stopSuite(site, browser);
  await database?.close();
});

/** The booking page of a one-adult offer (TAS–MOW, flown daily) in Uzbek on a phone. */
async function openBookingPage(days: number[]) {
  const offer = await firstOfferOn(site.url, days, { origin: 'TAS', destination: 'MOW', currency: 'UZS' });
  const opened = await openPage(browser, { viewport: PHONE });
  await gotoHydrated(opened.page, `${site.url}/${lang}/flight/booking?offer=${encodeURIComponent(offer.id)}`);
  return opened;
}

/** The form's values a traveller typed (by label), the agreement and the page's URL. */
async function formState(page: Page) {
  const adult = passengerGroup(page, lang, 0, 'adult');
  const value = (scope: Page | typeof adult, key: Parameters<typeof m>[1]) =>
    scope.getByLabel(m(lang, key), { exact: true }).inputValue();
  return {
    fullName: await value(page, 'booking.contact.fullName'),
    email: await value(page, 'booking.contact.email'),
    phone: await value(page, 'booking.contact.phone'),
    given: await value(adult, 'booking.passenger.givenName'),
    family: await value(adult, 'booking.passenger.familyName'),
    born: await value(adult, 'booking.passenger.bornOn'),
    citizenship: await value(adult, 'booking.passenger.citizenship'),
    document: await value(adult, 'booking.passenger.documentNumber'),
    agreement: await page.locator('input[name="agreement"]').isChecked(),
    url: page.url(),
  };
}

/** The Idempotency keys of the booking form's submits (the form's hidden field), in the order sent. */
function collectKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.includes('/flight/booking')) return;
    const key = new URLSearchParams(request.postData() ?? '').get('idempotency_key');
    if (key) keys.push(key);
  });
  return keys;
}

test('offline, then an answer lost after booking: the form stays, one order, one key', async () => {
  const email = 'offline-booker@example.com';
  const { context, page, errors } = await openBookingPage([40, 41, 42]);
  const keys = collectKeys(page);
  await fillOneAdultBooking(page, lang, email);
  await page.locator('input[name="agreement"]').check();
  const filled = await formState(page);
  const submit = page.getByRole('button', { name: m(lang, 'booking.submit') });
  const notSent = page.getByRole('alert').filter({ hasText: m(lang, 'booking.problem.notSent') });

  // 1. No connection: the form and everything in it stay, with the message by the button.
  await context.setOffline(true);
  await submit.click();
  await notSent.waitFor();
  expect(await formState(page)).toEqual(filled);
  expect(await page.getByText(m(lang, 'error.generic.title')).count()).toBe(0);
  // The button takes the focus back: pressing again retries.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent))
    .toBe(m(lang, 'booking.submit'));
  expect(await countOrders(database.db, { contactEmail: email })).toBe(0);

  // 2. Online again, but the answer is lost after the API made the order (a dropped connection).
  await context.setOffline(false);
  let lost: () => void = () => {};
  const answerLost = new Promise<void>((resolve) => (lost = resolve));
  await page.route('**/flight/booking**', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await route.fetch();
    await route.abort('connectionreset');
    lost();
  });
  await submit.click();
  // The last attempt's message goes while the next one is on its way.
  await notSent.waitFor({ state: 'detached' });
  await answerLost;
  expect(await countOrders(database.db, { contactEmail: email })).toBe(1);
  await notSent.waitFor();
  expect(await formState(page)).toEqual(filled);

  // 3. Pressed again with the connection back: the same order goes on to the card page, no second one.
  await page.unroute('**/flight/booking**');
  await submit.click();
  await page.waitForURL(/\/v1\/sandbox-pay\//);
  expect(await countOrders(database.db, { contactEmail: email })).toBe(1);
  // Booked: the tab keeps no draft of the form (the card page is on the same origin).
  const drafts = await page.evaluate(() =>
    Object.keys(sessionStorage).filter((key) => key.startsWith('parvoz:booking-draft:')),
  );
  expect(drafts).toEqual([]);
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

test('a reload keeps the names and the contact, not the birth date or the document', async () => {
  const { context, page, errors } = await openBookingPage([43, 44, 45]);
  await fillOneAdultBooking(page, lang, 'reload-booker@example.com');
  const filled = await formState(page);
  await page.reload();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect.poll(() => formState(page)).toEqual({ ...filled, born: '', document: '', agreement: false });
  // Nothing of the document is in the tab's storage either.
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  expect(stored).toContain('KARIMOV');
  expect(stored).not.toContain('AA1234567');
  expect(stored).not.toContain('1990-04-01');
  expect(errors).toEqual([]);
  await context.close();
});
