/**
 * Payme in Chromium (docs/payment-providers.md), on a started site configured for Payme and Click, against a
 * local Payme that plays its checkout and Merchant API calls as documented
 * (apps/api/src/payments/payme/testing/payme-server.ts): on a 360 px phone the order of a UZS booking offers
 * Payme and Click (keyboard radios, accessible), "Pay" goes to Payme's checkout, whose "Pay" calls our
 * JSON-RPC endpoint and sends the browser back, and the order page shows it booked and paid, with the link to
 * the fiscal receipt Payme registered. The payment security page names the providers in use.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSite, type RunningSite, stopSuite } from './support/server.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { expectAxeClean } from './support/axe.ts';
import {
  paymeSiteEnv,
  startPaymeServer,
  type PaymeTestServer,
} from '../apps/api/src/payments/payme/testing/payme-server.ts';
import { en as m } from './support/messages.ts';
import { bookOneAdult } from './support/api.ts';
import { isNonstop, searchOffers } from './support/offers.ts';

let site: RunningSite;
let browser: Browser;
let payme: PaymeTestServer;

beforeAll(async () => {
  // Payme fiscalises: the checkout takes only a receipt `detail` that holds, and hands the registered receipt over.
  payme = await startPaymeServer({ fiscal: true });
  site = await startSite({
    ...paymeSiteEnv(payme),
    // Click is offered too (its page is not visited here).
    CLICK_SERVICE_ID: '12345',
    CLICK_MERCHANT_ID: '678',
    CLICK_MERCHANT_USER_ID: '91011',
    CLICK_SECRET_KEY: 'e2e-click-secret-key',
  });
  payme.endpoint = `${site.url}/v1/payments/payme`;
  browser = await launchBrowser();
});

afterAll(() => stopSuite(site, browser, payme));

/** A one-adult nonstop booking in sum. */
async function uzsOrder() {
  const offer = (await searchOffers(site.url, { days: 35, currency: 'UZS' })).find(isNonstop)!;
  const booked = await bookOneAdult(site.url, `payme-e2e-${Date.now()}`, offer.id, {
    lang: 'en',
    currency: 'UZS',
    contact: { full_name: 'Dilnoza Rahimova', email: 'dilnoza@example.com', phone: '+998 90 123 45 67' },
    adult: {
      given_name: 'Dilnoza',
      family_name: 'Rahimova',
      born_on: '1991-03-08',
      gender: 'female',
      citizenship: 'UZ',
      document_number: 'FA1234567',
    },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body.data as {
    id: string;
    access_token: string;
    total_amount: string;
    total_currency: string;
  };
}

test('a UZS order paid through Payme’s checkout is booked and paid', async () => {
  const order = await uzsOrder();
  expect(order.total_currency).toBe('UZS');
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  try {
    await gotoHydrated(page, `${site.url}/en/orders/${order.id}?access_token=${order.access_token}`);
    const group = page.getByRole('group', { name: m('order.pay.providers.legend') });
    const paymeRadio = group.getByRole('radio', { name: /Payme/ });
    const clickRadio = group.getByRole('radio', { name: /Click/ });
    expect(await paymeRadio.isChecked()).toBe(true);
    // The keyboard moves between the providers.
    await paymeRadio.focus();
    await page.keyboard.press('ArrowDown');
    expect(await clickRadio.isChecked()).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await paymeRadio.isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAxeClean(page, 'order page with providers');

    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(`${payme.url}/**`);
    expect(await page.getByTestId('payme-amount').textContent()).toBe(`${order.total_amount}.00`);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL(new RegExp(`/en/orders/${order.id}\\?payment=returned$`));
    await page
      .getByRole('status')
      .filter({ hasText: m('order.payment.success', { email: 'dilnoza@example.com' }) })
      .waitFor();
    await expect(page.getByTestId('order-booking-status').textContent()).resolves.toBe(
      m('orders.status.booked'),
    );
    await expect(page.getByTestId('order-payment-status').textContent()).resolves.toBe(
      m('orders.payment.paid'),
    );
    await page.getByRole('heading', { name: m('order.eticket.heading') }).waitFor();
    // The fiscal receipt Payme registered is linked from the order.
    const receipt = page.getByTestId('order-fiscal-receipts').getByRole('link');
    expect(await receipt.getAttribute('href')).toMatch(/^https:\/\/ofd\.soliq\.uz\/epi\?/);
    await expectAxeClean(page, 'paid order');

    // The payment security page names what this site takes.
    await gotoHydrated(page, `${site.url}/en/info/payment-security`);
    const providers = page.getByTestId('payment-providers');
    await providers.getByText('Payme', { exact: true }).waitFor();
    await providers.getByText('Click', { exact: true }).waitFor();
  } finally {
    await context.close();
  }
});
