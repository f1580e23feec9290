/**
 * A promo code on the booking page in Chromium, in Russian (docs/decisions/0029-promo-codes.md): with a 10 % markup
 * in force and a code of 5 % that each traveller may use once, the traveller applies it, sees the discount line
 * and a lower total before paying, and books (the card page opens); on a second booking with the same email the
 * code is refused with its reason, and the total stays the agency's price.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestDatabase } from '@parvoz/db/testing';
import type { Locale } from '@parvoz/i18n/locales';
import { addRuleInForce } from '../apps/api/src/modules/pricing/testing/rules.ts';
import { addPromoCode } from '../apps/api/src/modules/promo-codes/testing/promo-codes.ts';
import { type RunningSite, postgresTestDatabase, startSiteWithBrowser, stopSuite } from './support/server.ts';
import { gotoHydrated } from './support/browser.ts';
import { m } from './support/messages.ts';
import { firstOfferOn } from './support/offers.ts';
import { fillOneAdultBooking } from './support/journeys.ts';

const lang: Locale = 'ru';
const email = 'promo-traveller@example.com';

let database: TestDatabase;
let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  // The rule and the code are in the database before the site starts (a console write applies only later).
  database = await postgresTestDatabase();
  const now = new Date();
  await addRuleInForce(
    database.db,
    { kind: 'markup', priority: 1, scope: {}, percentBp: 1000, per: 'passenger' },
    new Date(now.getTime() - 3_600_000),
  );
  await addPromoCode(
    database.db,
    { code: 'SPRING5', percent_bp: 500, per: 'passenger', total_limit: 100, per_traveller_limit: 1 },
    now,
  );
  ({ site, browser } = await startSiteWithBrowser({ DATABASE_URL: database.url! }));
});

afterAll(async () => {
  await stopSuite(site, browser);
  await database?.close();
});

/** The booking page of a one-adult TAS–IST offer, filled in for `email`, the code typed and applied. */
async function applyCode(page: Page, days: number[]) {
  const offer = await firstOfferOn(site.url, days, { currency: 'RUB' });
  await gotoHydrated(page, `${site.url}/${lang}/flight/booking?offer=${encodeURIComponent(offer.id)}`);
  await fillOneAdultBooking(page, lang, email);
  const before = await page.getByTestId('booking-total').textContent();
  await page.getByLabel(m(lang, 'booking.promo.label'), { exact: true }).fill('spring5');
  await page.getByRole('button', { name: m(lang, 'booking.promo.apply') }).click();
  return before;
}

test('a code is accepted once, then refused for the same traveller with the reason', async () => {
  const page = await (await browser.newContext()).newPage();
  const before = await applyCode(page, [30, 31, 32]);
  await page.getByTestId('promo-applied').waitFor();
  await page.getByTestId('booking-promo-discount').waitFor();
  const after = await page.getByTestId('booking-total').textContent();
  expect(after).not.toBe(before);
  // What was typed stays; the agreement, then "book": the order is made and the card page opens.
  await page.locator('input[name="agreement"]').check();
  await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();
  await page.waitForURL((url) => !url.pathname.includes('/flight/booking'), { timeout: 15_000 });

  const second = await (await browser.newContext()).newPage();
  const full = await applyCode(second, [33, 34, 35]);
  const refused = second.getByTestId('promo-refused');
  await refused.waitFor();
  expect(await refused.textContent()).toBe(m(lang, 'booking.promo.refused.alreadyUsed'));
  expect(await second.getByTestId('booking-promo-discount').count()).toBe(0);
  expect(await second.getByTestId('booking-total').textContent()).toBe(full);
}, 30_000);
