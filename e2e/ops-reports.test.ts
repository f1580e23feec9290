/**
 * The console's sales report in Chromium (docs/operations.md#reports-and-books), on a started site whose sandbox
 * provider takes 2 % and 30 cents of each payment (SANDBOX_FEE_*):
 *  - a visitor gets the site's 404 for the page and its CSV;
 *  - an order booked and paid by its traveller shows, for the admin (signed in by emailed code, past the second
 *    factor) on a 360 px phone, in the report's chart and table: its sale, the provider's fee and the margin it
 *    leaves, in the money format of the page's language; by month and provider the row is the sandbox's; the CSV
 *    link downloads the same row; the page is axe-clean and fits the phone; in Russian, Uzbek and Turkish its words,
 *    and no hydration error from Intl.
 */
import { expect, test } from 'vitest';
import { formatMoney } from '@parvoz/i18n/currency';
import { expectAxeClean } from './support/axe.ts';
import { en, m } from './support/messages.ts';
import { callApi } from './support/api.ts';
import { bookThroughApi, firstOfferOn } from './support/offers.ts';
import { payOrderAsTraveller } from './support/journeys.ts';
import { adminSession, localizedPage, openConsolePage, PHONE, useConsoleSite } from './support/console.ts';

const ADMIN = 'books-chief@agency.test';
const suite = useConsoleSite(ADMIN, { SANDBOX_FEE_PERCENT_BP: '200', SANDBOX_FEE_FIXED_MINOR: '30' });

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
    '0',
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
      .waitFor();
    expect(errors).toEqual([]);
    await localized.close();
  }
  await phone.close();
}, 120_000);
