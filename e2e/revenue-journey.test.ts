/**
 * The agency's revenue as one journey in Chromium (docs/operations.md, "Pricing rules", "Promo codes", "Reports and
 * books"), on a site paid through a local Payme that fiscalises (apps/api/src/payments/payme/testing/payme-server.ts):
 *  - the admin writes, in the console, a 5 % markup and a 50,000 so'm service fee per order for Tashkent
 *    departures, the fee for the Uzbek site only (its market), previews the markup on the searches made, and saves
 *    both;
 *  - once they apply, a traveller in Uzbek sees the new price on the results page (the supplier's price, 5 % and the
 *    fee), the same total on the booking page with the fee as a line of its own, applies a promo code, and pays with
 *    Payme: the order is booked and paid, and the fiscal receipt Payme registered carries the fee as an item of its
 *    own (the agency's service code, not the ticket's);
 *  - the sales report has the sale: its fee, the code's discount and the margin it leaves;
 *  - the same traveller's second booking is refused the code, with the reason.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { addPromoCode } from '../apps/api/src/modules/promo-codes/testing/promo-codes.ts';
import {
  paymeSiteEnv,
  startPaymeServer,
  type PaymeTestServer,
} from '../apps/api/src/payments/payme/testing/payme-server.ts';
import { gotoHydrated } from './support/browser.ts';
import { adminSession, openConsolePage, type ConsoleSite } from './support/console.ts';
import { ddmm, isoDay } from './support/dates.ts';
import { expectPaidThenBooked, fillOneAdultBooking } from './support/journeys.ts';
import { en, m } from './support/messages.ts';
import { buyFromCard } from './support/pages.ts';
import { ANONYMOUS } from './support/api.ts';
import { startSiteWithMail, stopSuite } from './support/server.ts';

const ADMIN = 'revenue-chief@agency.test';
const TRAVELLER = 'nodira.revenue@example.com';
const CODE = 'BAHOR5';
const FEE_IKPU = '10305008002000000';
const lang = 'uz' as const;
const DAYS = 33;

let suite: ConsoleSite;
let payme: PaymeTestServer;

beforeAll(async () => {
  payme = await startPaymeServer({ fiscal: true });
  suite = await startSiteWithMail(
    {
      ...paymeSiteEnv(payme),
      PAYME_FISCAL_SERVICE_FEE_IKPU: FEE_IKPU,
      PAYME_FISCAL_SERVICE_FEE_PACKAGE_CODE: '1514298',
      PAYME_FISCAL_SERVICE_FEE_VAT_PERCENT: '12',
    },
    {
      admin: ADMIN,
      // A code of 5 % each traveller may use once (the console's promo page has its own suite).
      prepare: (db) =>
        addPromoCode(
          db,
          { code: CODE, percent_bp: 500, per: 'passenger', total_limit: 100, per_traveller_limit: 1 },
          new Date(),
        ),
    },
  );
  payme.endpoint = `${suite.site.url}/v1/payments/payme`;
}, 120_000);

afterAll(() => stopSuite(suite?.site, suite?.browser, suite?.smtp, payme));

const resultsPath = () => `/${lang}/flight/TAS${ddmm(isoDay(DAYS))}IST1`;

/** The first offer card's itinerary and total on the Uzbek results page (in so'm, its default currency). */
async function firstResult(page: Page): Promise<{ itinerary: string; total: number }> {
  await gotoHydrated(page, `${suite.site.url}${resultsPath()}`);
  const card = page.getByTestId('offer').first();
  await card.waitFor();
  return {
    itinerary: (await card.getAttribute('data-itinerary'))!,
    total: Number(await card.getAttribute('data-total')),
  };
}

/**
 * The results' card of `itinerary` at `total`, then its booking page, filled in for the traveller, the code applied.
 * Each of the site's processes keeps a search's answer 30 seconds: until they all price with the rules, a page may
 * still show an answer from before them (and its offers book at that price), so the page is asked again until it
 * shows the rules' price.
 */
async function bookingWithCode(page: Page, itinerary: string, total: number): Promise<void> {
  const card = page.locator(`[data-testid="offer"][data-itinerary="${itinerary}"]`);
  await expect
    .poll(
      async () => {
        await gotoHydrated(page, `${suite.site.url}${resultsPath()}`);
        return Number(await card.getAttribute('data-total'));
      },
      { timeout: 60_000, interval: 3_000 },
    )
    .toBe(total);
  await card.getByRole('button', { name: m(lang, 'search.offer.showDetails') }).click();
  await buyFromCard(page, card, lang);
  await fillOneAdultBooking(page, lang, TRAVELLER);
  await page.getByLabel(m(lang, 'booking.promo.label'), { exact: true }).fill(CODE.toLowerCase());
  await page.getByRole('button', { name: m(lang, 'booking.promo.apply') }).click();
}

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

test('a markup and a fee set in the console, sold in Uzbek, paid with Payme: receipt and report show them', async () => {
  const { site, browser } = suite;
  const traveller = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await traveller.newPage();
  // Before any rule: the supplier's price (the search is also what the preview tries the draft on).
  const before = await firstResult(page);

  const token = await adminSession(suite, ADMIN);
  const { context: staff, page: rules } = await openConsolePage(
    suite,
    token,
    'ops.nav.priceRules',
    '/en/ops/price-rules',
  );
  const create = rules.getByRole('region', { name: en('ops.priceRules.new') });
  const field = (label: Parameters<typeof en>[0]) => create.getByLabel(en(label), { exact: true });
  await field('ops.priceRules.field.percent').fill('5');
  await field('ops.priceRules.field.origins').fill('tas');
  await create.getByRole('button', { name: en('ops.priceRules.previewButton') }).click();
  // The search above, sampled: its three cheapest offers would be dearer.
  await create
    .getByTestId('price-rule-preview')
    .getByText(en('ops.priceRules.previewSearchesCount', { changed: 3, offers: 3 }))
    .waitFor();
  await create.getByRole('button', { name: en('ops.priceRules.create') }).click();
  await rules.getByText(en('ops.priceRules.created'), { exact: true }).waitFor();
  // The form starts afresh for the next rule.
  await expect.poll(() => field('ops.priceRules.field.origins').inputValue()).toBe('');
  await field('ops.priceRules.field.kind').selectOption('service_fee');
  await field('ops.priceRules.field.percent').fill('');
  await field('ops.priceRules.field.fixedAmount').fill('50000');
  await field('ops.priceRules.field.fixedCurrency').selectOption('UZS');
  await field('ops.priceRules.field.per').selectOption('order');
  await field('ops.priceRules.field.origins').fill('tas');
  // The fee for the Uzbek site only (its market): the traveller below buys in Uzbek.
  await create
    .getByRole('group', { name: en('ops.priceRules.field.markets') })
    .getByLabel(en('ops.tours.lang.uz'), { exact: true })
    .check();
  expect(await field('ops.priceRules.field.kind').inputValue()).toBe('service_fee');
  await create.getByRole('button', { name: en('ops.priceRules.create') }).click();
  await expect.poll(() => rules.getByTestId('price-rule').count()).toBe(2);
  await rules
    .getByTestId('price-rule')
    .getByRole('heading', { level: 3 })
    .filter({ hasText: en('ops.priceRules.kind.service_fee') })
    .waitFor();
  await rules
    .getByText(
      `${en('ops.priceRules.scope.from', { list: 'TAS' })} · ${en('ops.priceRules.scope.markets', { list: 'Uzbek' })}`,
    )
    .first()
    .waitFor();
  await staff.close();

  // Both apply 30 seconds after they were saved (and the results' caches last as long): the traveller's page shows
  // the supplier's price, 5 % of it (half a so'm up) and the fee.
  const expected = before.total + Math.floor((before.total * 500 + 5_000) / 10_000) + 50_000;
  await expect
    .poll(async () => (await firstResult(page)).total, { timeout: 100_000, interval: 5_000 })
    .toBe(expected);

  // The booking page: the same total, the fee a line of its own; the code takes 5 % of the fare off.
  await bookingWithCode(page, before.itinerary, expected);
  expect(digits(await page.getByTestId('price-service-fee').textContent())).toBe(50_000);
  await page.getByTestId('promo-applied').waitFor();
  const discount = digits(await page.getByTestId('booking-promo-discount').textContent());
  expect(discount).toBeGreaterThan(0);
  const total = digits(await page.getByTestId('booking-total').textContent());
  expect(total).toBe(expected - discount);

  // Paid with Payme: its checkout, then the order, booked and paid (the report's period: that day, whatever the clock).
  const paidFrom = new Date().toISOString().slice(0, 10);
  await page.locator('input[name="agreement"]').check();
  await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();
  await page.waitForURL(`${payme.url}/**`);
  expect(await page.getByTestId('payme-amount').textContent()).toBe(`${total}.00`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(new RegExp(`/${lang}/orders/ord_[A-Za-z0-9_-]+\\?payment=returned$`));
  await expectPaidThenBooked(page, lang);
  expect(await page.getByTestId('order-fiscal-receipts').getByRole('link').getAttribute('href')).toMatch(
    /^https:\/\/ofd\.soliq\.uz\/epi\?/,
  );
  // The receipt Payme registered: the fee as the agency's own service (its code), 50,000 so'm in tiyin.
  const [detail] = [...payme.receiptDetails.values()];
  const items = detail!.items as { code: string; price: number; count: number; title: string }[];
  expect(items.filter((item) => item.code === FEE_IKPU)).toEqual([
    expect.objectContaining({ price: 5_000_000, count: 1 }),
  ]);
  expect(items.reduce((sum, item) => sum + item.price * item.count, 0)).toBe(total * 100);

  // The report: the sale, its fee, the code's discount, the margin they leave (Payme's fee is not set: 0).
  const paidTo = new Date().toISOString().slice(0, 10);
  const report = await fetch(`${site.url}/v1/ops/reports/sales?from=${paidFrom}&to=${paidTo}&by=route`, {
    headers: { ...ANONYMOUS, authorization: `Bearer ${token}` },
  });
  expect(report.status).toBe(200);
  const rows = ((await report.json()) as { data: { rows: Record<string, unknown>[] } }).data.rows;
  const row = rows.find((r) => r.key === 'TAS-IST' && r.currency === 'UZS')!;
  expect(row).toMatchObject({
    orders: 1,
    sales: String(total),
    supplier_cost: String(before.total),
    fees: '50000',
    promo_discounts: String(discount),
    provider_fees: '0',
    margin: String(total - before.total),
  });

  // A second booking by the same traveller: the code is refused, with the reason, and the price stays.
  const again = await (await browser.newContext()).newPage();
  await bookingWithCode(again, before.itinerary, expected);
  const refused = again.getByTestId('promo-refused');
  await refused.waitFor();
  expect(await refused.textContent()).toBe(m(lang, 'booking.promo.refused.alreadyUsed'));
  expect(digits(await again.getByTestId('booking-total').textContent())).toBe(expected);
  await again.context().close();
  await traveller.close();
}, 240_000);
