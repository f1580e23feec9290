/**
 * The console's sales report in Chromium (docs/operations.md#reports-and-books), on a started site whose sandbox
 * provider takes 2 % and 30 cents of each payment (SANDBOX_FEE_*):
 *  - a visitor gets the site's 404 for the page and its CSV;
 *  - an order booked and paid by its traveller shows, for the admin (signed in by emailed code, past the second
 *    factor) on a 360 px phone, in the report's chart and table: its sale, the provider's fee and the margin it
 *    leaves, in the money format of the page's language; by month and provider the row is the sandbox's; the CSV
 *    link downloads the same row; the page is axe-clean and fits the phone; in Russian, Uzbek and Turkish its words,
 *    and no hydration error from Intl;
 *  - an order the payment reconciliation found at another amount at the provider (a run stored before the site
 *    starts, as the reconciliation leaves it) is listed below the rows with both amounts and the difference, its
 *    booking reference linking to the console's order page.
 */
import { expect, test } from 'vitest';
import type { Database } from '@parvoz/db';
import { formatMoney } from '@parvoz/i18n/currency';
import { insertOneFlightOrder } from '../apps/api/src/modules/orders/testing/fixtures.ts';
import { insertReconciliationRun } from '../apps/api/src/modules/payments/testing/fixtures.ts';
import { expectAxeClean } from './support/axe.ts';
import { en, m } from './support/messages.ts';
import { callApi } from './support/api.ts';
import { bookThroughApi, firstOfferOn } from './support/offers.ts';
import { payOrderAsTraveller } from './support/journeys.ts';
import { adminSession, localizedPage, openConsolePage, PHONE, useConsoleSite } from './support/console.ts';

const ADMIN = 'books-chief@agency.test';
/** The order the provider's statement lists at 12.50 less than we have it (minor units of USD). */
const DISAGREEING = { id: 'ord_e2e_reports_reconciled', reference: 'RCN7QX', ours: 41_250, theirs: 40_000 };

/** The order and the reconciliation run that found it, written before the site starts. */
async function writeDisagreement(db: Database): Promise<void> {
  await insertOneFlightOrder(db, {
    id: DISAGREEING.id,
    bookingReference: DISAGREEING.reference,
    contactFullName: 'E2E Reports',
    contactEmail: 'reports-recon@example.com',
    totalMinor: DISAGREEING.ours,
    lang: 'en',
    departs: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  });
  const ranAt = new Date(Date.now() - 3_600_000);
  await insertReconciliationRun(db, {
    provider: 'sandbox',
    windowFrom: new Date(ranAt.getTime() - 2 * 86_400_000),
    windowTo: ranAt,
    ranAt,
    differences: 1,
    details: [
      {
        kind: 'amount',
        externalId: 'sbx_e2e_reports_recon',
        paymentId: 'pay_e2e_reports_recon',
        ours: { amountMinor: DISAGREEING.ours, currency: 'USD', state: 'paid', orderId: DISAGREEING.id },
        theirs: { amountMinor: DISAGREEING.theirs, currency: 'USD', state: 'paid' },
      },
    ],
  });
}

const suite = useConsoleSite(
  ADMIN,
  { SANDBOX_FEE_PERCENT_BP: '200', SANDBOX_FEE_FIXED_MINOR: '30' },
  writeDisagreement,
);

test('a visitor gets the 404 for the report and its CSV', async () => {
  const { site, browser } = suite;
  const visitor = await browser.newPage();
  expect((await visitor.goto(`${site.url}/en/ops/reports`))?.status()).toBe(404);
  expect(
    (await visitor.request.get(`${site.url}/en/ops/reports.csv?from=2026-01-01&to=2026-01-31`)).status(),
  ).toBe(404);
  await visitor.close();
});

test('an admin sees a paid order’s sale, provider fee and margin in the chart, the table and the CSV', async () => {
  const { site, browser } = suite;
  const offer = await firstOfferOn(site.url, [20, 21, 22]);
  const order = await bookThroughApi(site.url, offer, `ops-reports-${Date.now()}`);
  await payOrderAsTraveller(browser, site.url, order);
  const paid = await callApi<{ data: { total_amount: string; total_currency: string } }>(
    site.url,
    `/v1/orders/${order.id}?access_token=${order.access_token}`,
  );
  const currency = paid.body.data.total_currency as 'USD';
  const sale = Math.round(Number(paid.body.data.total_amount) * 100);
  const fee = Math.floor((sale * 200 + 5000) / 10_000) + 30;

  const token = await adminSession(suite, ADMIN);
  const { context: phone, page } = await openConsolePage(
    suite,
    token,
    'ops.nav.reports',
    '/en/ops/reports',
    PHONE,
  );
  await page.getByRole('heading', { level: 1, name: en('ops.reports.heading') }).waitFor();

  // The chart of the currency's sales, with its sentence for screen readers; the table's row.
  const money = (minor: number) => formatMoney('en', minor / 100, currency);
  const chart = page.getByTestId(`report-sales-${currency}`);
  await chart.locator('figcaption', { hasText: en('ops.reports.salesIn', { currency }) }).waitFor();
  expect(await chart.getByRole('img').getAttribute('aria-label')).toContain(money(sale));
  const row = page.getByTestId('report-rows').locator('tbody tr');
  expect(await row.count()).toBe(1);
  const cells = await row.first().locator('th, td').allTextContents();
  expect(cells.slice(1)).toEqual([
    currency,
    '1',
    money(sale),
    money(sale),
    money(0),
    money(0),
    money(0),
    money(fee),
    money(-fee),
    money(0),
    money(0),
    // Returned by suppliers, and the margin after refunds (none in the period: the margin).
    money(0),
    money(-fee),
    '0',
  ]);
  // Below the rows: the order the reconciliation found at another amount, with both amounts and the difference.
  await page.getByRole('heading', { level: 2, name: en('ops.reports.disagreements.heading') }).waitFor();
  const usd = (minor: number) => formatMoney('en', minor / 100, 'USD');
  const disagreement = page.getByTestId('report-disagreements').locator('tbody tr');
  expect(await disagreement.count()).toBe(1);
  expect((await disagreement.first().locator('th, td').allTextContents()).slice(0, 6)).toEqual([
    DISAGREEING.reference,
    'sandbox',
    en('ops.reports.disagreements.kind.amount'),
    usd(DISAGREEING.ours),
    usd(DISAGREEING.theirs),
    usd(DISAGREEING.theirs - DISAGREEING.ours),
  ]);
  await expectAxeClean(page, 'sales report at 360 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The CSV of the same rows.
  const href = await page.getByTestId('report-csv').getAttribute('href');
  const csv = await page.request.get(`${site.url}${href}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${currency},${currency},1,${(sale / 100).toFixed(2)},`);
  expect(lines[1]).toContain(`,${(fee / 100).toFixed(2)},${(-fee / 100).toFixed(2)},0,0.00,0.00`);

  // The booking reference links to the console's order page.
  expect(
    await disagreement.first().getByRole('link', { name: DISAGREEING.reference }).getAttribute('href'),
  ).toBe(`/en/ops/orders/${DISAGREEING.id}`);

  // By month and payment provider: the sandbox's row.
  // (A select's name holds its chosen option's words too: found by its label's start.)
  await page.getByLabel(new RegExp(`^${en('ops.reports.group')}`)).selectOption('month');
  await page.getByLabel(new RegExp(`^${en('ops.reports.by')}`)).selectOption('provider');
  await page.getByRole('button', { name: en('ops.reports.show') }).click();
  await page.waitForURL(/group=month&by=provider/);
  await page.getByRole('columnheader', { name: en('ops.reports.by.provider') }).waitFor();
  await expect
    .poll(() => page.getByTestId('report-rows').locator('tbody tr th + td').first().textContent())
    .toBe('sandbox');

  // In every language: the words, the amounts by Intl, the same on the server and after hydration.
  for (const lang of ['ru', 'uz', 'tr'] as const) {
    const { page: localized, errors } = await localizedPage(phone, `${site.url}/${lang}/ops/reports`, lang);
    await localized.getByRole('heading', { level: 1, name: m(lang, 'ops.reports.heading') }).waitFor();
    await localized
      .locator('figcaption', { hasText: m(lang, 'ops.reports.salesIn', { currency }) })
      .waitFor();
    await localized
      .getByTestId('report-rows')
      .getByText(formatMoney(lang, -fee / 100, currency), { exact: true })
      .first()
      .waitFor();
    await localized
      .getByTestId('report-disagreements')
      .getByText(m(lang, 'ops.reports.disagreements.kind.amount'), { exact: true })
      .waitFor();
    expect(errors).toEqual([]);
    await localized.close();
  }
  await phone.close();
}, 120_000);
