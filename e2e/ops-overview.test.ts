/**
 * The console's overview in Chromium (docs/after-sale.md §8), on a started site with a real SMTP server:
 *  - a search and two orders (one paid on the sandbox provider's card page) appear in the admin's figures,
 *    charts (with their tables) and top routes; a third, paid and cancelled by its traveller, comes off the
 *    revenue and stands beside it as a counted refund; the page is axe-clean and fits a 360 × 740 phone;
 *  - the audit log reads as sentences linked to their subject (the admin made from the command line);
 *  - an email the outbox gave up on (left in the database as the worker leaves it after its last attempt)
 *    is listed with its recipient redacted, retried after a confirmation and delivered; the audit log says so;
 *  - the orders of the period download as CSV; a bad period is refused with the reason; visitors and
 *    signed-in travellers get the 404 for the export as for every console page;
 *  - the page in Russian, Uzbek and Turkish: its words, and no hydration error from Intl formatting.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Database } from '@parvoz/db';
import { formatLocalDate } from '../apps/web/app/lib/local-time.ts';
import { gotoHydrated } from './support/browser.ts';
import { localizedPage } from './support/console.ts';
import { expectAxeClean } from './support/axe.ts';
import { isoDay } from './support/dates.ts';
import { en, m } from './support/messages.ts';
import { type RunningSite, stopSuite, startSiteWithMail } from './support/server.ts';
import { type TestSmtpServer } from './support/smtp.ts';
import { ANONYMOUS, callApi, sessionToken } from './support/api.ts';
import { bookThroughApi, searchOffers, type BookedOrder } from './support/offers.ts';
import { payOrderAsTraveller, signInOnPage } from './support/journeys.ts';
import { passSecondFactorOnPage } from './support/second-factor.ts';
import { insertOutboxRow } from '../apps/api/src/modules/mail/testing/outbox.ts';

const ADMIN = 'chief@agency.test';
const BOUNCED = 'late.reader@example.com';
let smtp: TestSmtpServer;
let site: RunningSite;
let browser: Browser;
const booked: BookedOrder[] = [];

beforeAll(async () => {
  // An email the outbox gave up on, as its worker leaves it after the last attempt (the API suite shows the
  // worker getting there); written before the site starts.
  const failedEmail = (db: Database) =>
    insertOutboxRow(db, {
      kind: 'tour-request-received',
      toAddress: BOUNCED,
      payload: {
        lang: 'en',
        subject: 'We received your request',
        text: 'Thank you: we will call you back.',
        html: '<p>Thank you: we will call you back.</p>',
      },
      status: 'failed',
      attempts: 25,
      lastError: '450 4.2.0 mailbox busy',
      createdAt: new Date(Date.now() - 3_600_000),
    });
  ({ smtp, site, browser } = await startSiteWithMail({}, { admin: ADMIN, prepare: failedEmail }));

  const [offer] = await searchOffers(site.url, { days: 45 });
  for (const key of ['overview-e2e-1', 'overview-e2e-2'])
    booked.push(await bookThroughApi(site.url, offer!, key));
});

afterAll(() => stopSuite(site, browser, smtp));

test('visitors get the 404 for the overview and the CSV export', async () => {
  const page = await browser.newPage();
  const today = isoDay(0);
  const response = await page.goto(`${site.url}/en/ops`);
  expect(response?.status()).toBe(404);
  await page.close();
  // The download route answers the bare 404 (no page: it is a file), as does the API behind it.
  const csv = await fetch(`${site.url}/en/ops/orders.csv?from=${today}&to=${today}`);
  expect(csv.status).toBe(404);
  const api = await fetch(`${site.url}/v1/ops/orders.csv?from=${today}&to=${today}`, { headers: ANONYMOUS });
  expect(api.status).toBe(404);
});

test('an admin sees the figures, retries a failed email and downloads the orders as CSV', async () => {
  await payOrderAsTraveller(browser, site.url, booked[0]!);
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await signInOnPage(page, site.url, smtp, ADMIN);
  // An admin passes the second factor first (docs/decisions/0023-console-second-factor.md): an authenticator app, enrolled now.
  await passSecondFactorOnPage(page, site.url, ADMIN);
  await gotoHydrated(page, `${site.url}/en/ops`);
  await page.getByRole('heading', { level: 1, name: en('ops.overview.heading') }).waitFor();

  // The figures: one search, two orders, one paid (the admin's sign-in searched nothing).
  const totals = page.getByTestId('ops-totals');
  const figure = (key: Parameters<typeof en>[0]) =>
    totals
      .locator('div')
      .filter({ has: page.getByText(en(key), { exact: true }) })
      .locator('dd');
  expect(await figure('ops.overview.searches').textContent()).toBe('1');
  expect(await figure('ops.overview.orders').textContent()).toBe('2');
  expect(await figure('ops.overview.paidOrdersWithRefunded').textContent()).toBe('1');
  expect(await figure('ops.overview.revenue').textContent()).not.toBe(en('ops.overview.noRevenue'));
  // Revenue is net of refunds, and the refunds stand beside it (none here).
  expect(await figure('ops.overview.refunds').textContent()).toBe(en('ops.overview.noRefunds'));
  const conversion = page.getByTestId('ops-conversion');
  await conversion.getByText('200%').waitFor(); // 2 orders from 1 search
  await conversion.getByText('50%').waitFor(); // 1 of 2 orders paid
  // The orders chart: its summary for screen readers, and today's row in its table.
  const today = formatLocalDate('en', isoDay(0));
  const orders = page.getByTestId('chart-orders');
  await expect(orders.getByRole('img').getAttribute('aria-label')).resolves.toBe(
    en('ops.overview.chartSummary', { what: en('ops.overview.orders'), total: '2', peak: '2', day: today }),
  );
  await orders.getByText(en('ops.overview.showTable')).click();
  expect(await orders.locator('details').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
  expect(await orders.locator('tbody tr').filter({ hasText: today }).locator('td').textContent()).toBe('2');
  expect(await orders.locator('tbody tr').count()).toBe(30);
  await page
    .getByTestId('ops-top-routes')
    .getByRole('row', { name: /^TAS–IST 2 1 / })
    .waitFor();
  await expectAxeClean(page, 'overview');

  // The failed email: redacted, retried after a confirmation, delivered.
  const failed = page.getByTestId('ops-failed');
  await failed.getByText('l•••@example.com').waitFor();
  await failed.getByText('450 4.2.0 mailbox busy').waitFor();
  expect(await page.content()).not.toContain(BOUNCED);
  await failed
    .getByRole('button', {
      name: en('ops.overview.retryLabel', { kind: 'tour-request-received', to: 'l•••@example.com' }),
    })
    .click();
  await page.getByTestId('ops-retry-confirm').waitFor();
  await expectAxeClean(page, 'retry confirmation');
  await page.getByRole('button', { name: en('ops.overview.yesRetry') }).click();
  await page
    .getByRole('status')
    .filter({ hasText: en('ops.overview.retried') })
    .waitFor();
  const delivered = await smtp.waitFor(BOUNCED, 15_000, 1);
  expect(delivered.subject).toBe('We received your request');
  await gotoHydrated(page, `${site.url}/en/ops`);
  await page.getByTestId('ops-failed-none').waitFor();
  await gotoHydrated(page, `${site.url}/en/ops/staff`);
  // The admin made from the command line: a sentence naming them by email, linked to their row of the staff list.
  const granted = page
    .getByTestId('ops-audit')
    .getByRole('link', { name: en('ops.auditLog.staffGranted', { actor: 'command-line', target: ADMIN }) });
  await granted.click();
  await page.waitForURL(/\/en\/ops\/staff#staff-[0-9a-f-]{36}$/);
  expect(await page.locator(`[id="${new URL(page.url()).hash.slice(1)}"]`).textContent()).toContain(ADMIN);
  await page
    .getByTestId('ops-audit')
    .getByText(
      new RegExp(
        `^${en('ops.auditLog.emailRetried', { actor: ADMIN, target: 'X' }).replace(/\./g, '\\.').replace('X', '\\d+')}$`,
      ),
    )
    .waitFor();

  // The CSV of the last 30 days, from the link.
  await gotoHydrated(page, `${site.url}/en/ops`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: en('ops.overview.downloadPeriod') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe(
    'reference,created,status,payment_status,amount,currency,route,passengers,contact_email',
  );
  expect(csv).toHaveLength(4);
  expect(csv.find((l) => l.startsWith(`${booked[0]!.booking_reference},`))).toMatch(
    /,booked,paid,.*,TAS-IST,1,/,
  );
  expect(csv.find((l) => l.startsWith(`${booked[1]!.booking_reference},`))).toMatch(
    /,new,not_paid,.*,TAS-IST,1,/,
  );

  // A period whose end is before its start: back on the overview with the reason.
  await page.getByLabel(en('ops.overview.exportFrom')).fill(isoDay(0));
  await page.getByLabel(en('ops.overview.exportTo')).fill(isoDay(-3));
  await page.getByRole('button', { name: en('ops.overview.download') }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: en('ops.overview.exportInvalid') })
    .waitFor();
  expect(new URL(page.url()).searchParams.get('export')).toBe('invalid');

  // A third order, paid, then cancelled by its traveller: the sandbox provider settles the refund by its webhook,
  // and the overview lists it beside the revenue, counted.
  const third = await bookThroughApi(
    site.url,
    (await searchOffers(site.url, { days: 46 }))[0]!,
    'overview-e2e-3',
  );
  await payOrderAsTraveller(browser, site.url, third);
  const token = `access_token=${third.access_token}`;
  const quote = await callApi(site.url, `/v1/order_cancellations?${token}`, { body: { order_id: third.id } });
  expect(quote.status).toBe(201);
  const confirm = `/v1/order_cancellations/${quote.body.data.id}/actions/confirm?${token}`;
  expect((await callApi(site.url, confirm, { method: 'POST' })).status).toBe(200);
  const refunds = figure('ops.overview.refunds');
  await expect
    .poll(async () => {
      await gotoHydrated(page, `${site.url}/en/ops`);
      return refunds.textContent();
    })
    .toMatch(/^1 refund: \S/);
  expect(await figure('ops.overview.paidOrdersWithRefunded').textContent()).toBe('2');
  expect(await figure('ops.overview.revenue').textContent()).not.toBe(en('ops.overview.noRevenue'));

  // On a 360 × 740 phone the page fits its width (the charts stretch, wide tables scroll in their box).
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await phone.addCookies(await context.cookies());
  const small = await phone.newPage();
  await gotoHydrated(small, `${site.url}/en/ops`);
  await small.getByTestId('chart-searches').waitFor();
  await small
    .getByTestId('ops-totals')
    .getByText(/^1 refund: /)
    .waitFor();
  expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // No figure card wider than the screen either (a card's own overflow would not widen the page).
  const cards = await small
    .getByTestId('ops-totals')
    .locator('dd')
    .evaluateAll((dds) => dds.map((dd) => dd.scrollWidth - dd.clientWidth));
  expect(cards.every((extra) => extra <= 0)).toBe(true);
  await expectAxeClean(small, 'overview at 360 px');
  await phone.close();

  // In every language: the words, the dates and numbers by Intl, the same on the server and after hydration.
  for (const lang of ['ru', 'uz', 'tr'] as const) {
    const { page: localized, errors } = await localizedPage(context, `${site.url}/${lang}/ops`, lang);
    await localized.getByRole('heading', { level: 1, name: m(lang, 'ops.overview.heading') }).waitFor();
    await localized.getByRole('link', { name: m(lang, 'ops.overview.downloadPeriod') }).waitFor();
    await localized.getByTestId('chart-orders').getByText(m(lang, 'ops.overview.showTable')).click();
    expect(errors).toEqual([]);
    await localized.close();
  }
  await context.close();
});

test('a signed-in traveller gets the 404 for the CSV export too', async () => {
  const token = await sessionToken(site.url, smtp, 'curious.traveller@example.com');
  const today = isoDay(0);
  const cookie = `token=${token}`;
  // Signed in indeed: the profile opens (without the session it sends to the sign-in page).
  expect((await fetch(`${site.url}/en/profile`, { headers: { cookie }, redirect: 'manual' })).status).toBe(
    200,
  );
  const csv = await fetch(`${site.url}/en/ops/orders.csv?from=${today}&to=${today}`, { headers: { cookie } });
  expect(csv.status).toBe(404);
  const api = await fetch(`${site.url}/v1/ops/orders.csv?from=${today}&to=${today}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(api.status).toBe(404);
  expect(await api.json()).toEqual({
    error: { code: 'not_found', message: 'No such endpoint: GET /v1/ops/orders.csv' },
  });
});
