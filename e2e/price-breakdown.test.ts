/**
 * One price from search to receipt (docs/operations.md#pricing-rules), in Chromium in Uzbek: with a 5 % markup and a
 * 50,000 so'm service fee per passenger on Tashkent departures in force, the booking page shows the search's total
 * with the fee on a line of its own (the markup inside the fare), the traveller books and pays on the sandbox card
 * page, and the order page and the receipt PDF show the same fee line and total.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { createDatabase } from '@parvoz/db';
import { formatMoney } from '@parvoz/i18n/currency';
import { addRuleInForce } from '../apps/api/src/modules/pricing/testing/rules.ts';
import { pdfText } from '../apps/api/src/testing/pdf-text.ts';
import { gotoHydrated } from './support/browser.ts';
import { m } from './support/messages.ts';
import { isNonstop, searchOffers } from './support/offers.ts';
import { fillOneAdultBooking, payOnSandboxCardPage } from './support/journeys.ts';
import { type RunningSite, siteDataDir, startSiteWithBrowser, stopSuite } from './support/server.ts';

const lang = 'uz';
let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  // The rules in force an hour ago, written before the site starts (the embedded database is one process's).
  const dataDir = siteDataDir();
  const database = await createDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const from = new Date(Date.now() - 3_600_000);
    const scope = { origins: [{ city: 'TAS' }] };
    await addRuleInForce(
      database.db,
      { kind: 'markup', priority: 1, scope, percentBp: 500, per: 'passenger' },
      from,
    );
    await addRuleInForce(
      database.db,
      {
        kind: 'service_fee',
        priority: 1,
        scope,
        fixed: { amount: 50_000, currency: 'UZS' },
        per: 'passenger',
      },
      from,
    );
  } finally {
    await database.close();
  }
  ({ site, browser } = await startSiteWithBrowser({ PARVOZ_DATA_DIR: dataDir }));
});

afterAll(() => stopSuite(site, browser));

/** Intl's amount in so'm as a page reads it (no-break spaces as plain ones). */
const som = (amount: string | number) =>
  formatMoney(lang, Number(amount), 'UZS').replace(/[\u00a0\u202f]/g, ' ');
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

test('the search’s total on the booking page with the fee as a line, then on the order and its receipt', async () => {
  const offers = await searchOffers(site.url, { days: 40, currency: 'UZS' });
  const offer = offers.find(isNonstop) ?? offers[0]!;
  expect(offer.total_currency).toBe('UZS');

  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, `${site.url}/${lang}/flight/booking?offer=${encodeURIComponent(offer.id)}`);
  const fee = page.getByTestId('price-service-fee');
  expect(plain(await fee.locator('dt').textContent())).toBe(m(lang, 'booking.price.serviceFee'));
  expect(plain(await fee.locator('dd').textContent())).toBe(som(50_000));
  // The total the results showed, the fee in it: nothing is added later.
  expect(plain(await page.getByTestId('booking-total').textContent())).toBe(som(offer.total_amount));

  await fillOneAdultBooking(page, lang, 'fee-line@example.com');
  await page.locator('input[name="agreement"]').check();
  await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();
  await payOnSandboxCardPage(page, lang);
  await page.waitForURL(new RegExp(`/${lang}/orders/ord_[A-Za-z0-9_-]+\\?payment=success$`));
  await page
    .getByTestId('order-payment-status')
    .filter({ hasText: m(lang, 'orders.payment.paid') })
    .waitFor();
  const orderFee = page.getByTestId('price-service-fee');
  expect(plain(await orderFee.textContent())).toBe(`${m(lang, 'booking.price.serviceFee')}${som(50_000)}`);
  expect(plain(await page.getByTestId('order-total').textContent())).toBe(som(offer.total_amount));

  // The receipt: the same fee line, before the same total.
  const receipt = await page.request.get(`${page.url().split('?')[0]}/receipt.pdf`);
  expect(receipt.status()).toBe(200);
  const text = pdfText(await receipt.body()).replace(/[\u00a0\u202f]/g, ' ');
  const squeezed = text.replace(/\s+/g, '');
  expect(squeezed).toContain(`${m(lang, 'booking.price.serviceFee')}${som(50_000)}`.replace(/\s+/g, ''));
  expect(squeezed).toContain(som(offer.total_amount).replace(/\s+/g, ''));
  await context.close();
}, 60_000);
