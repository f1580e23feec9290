/**
 * Card payments in Chromium (docs/payment-providers.md): a traveller pays a TRY order through iyzico's
 * Checkout Form. The site is started with iyzico's variables pointing at the iyzico test server
 * (apps/api/src/payments/iyzico/testing/iyzico-server.ts), whose hosted form posts the browser back to the
 * site's callback as iyzico does; the site asks the result of iyzico's API and the order page shows the
 * booking paid. No card data reaches the site.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  IYZICO_TEST_CARDS,
  startIyzicoServer,
  type IyzicoTestServer,
} from '../apps/api/src/payments/iyzico/testing/iyzico-server.ts';
import { startSite, type RunningSite, stopSuite } from './support/server.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { m } from './support/messages.ts';
import { searchOffers } from './support/offers.ts';
import { bookOneAdult, callApi } from './support/api.ts';

const API_KEY = 'sandbox-e2e-iyzico-api-key';
const SECRET_KEY = 'sandbox-e2e-iyzico-secret-key';

let site: RunningSite;
let browser: Browser;
let iyzico: IyzicoTestServer;
const iyzicoOptions: { apiKey: string; secretKey: string; notificationUrl?: string } = {
  apiKey: API_KEY,
  secretKey: SECRET_KEY,
};

beforeAll(async () => {
  iyzico = await startIyzicoServer(iyzicoOptions);
  site = await startSite({
    IYZICO_API_KEY: API_KEY,
    IYZICO_SECRET_KEY: SECRET_KEY,
    IYZICO_BASE_URL: iyzico.url,
  });
  // iyzico's merchant notification goes to the site too (it arrives alongside the browser).
  iyzicoOptions.notificationUrl = `${site.url}/v1/payments/webhooks/iyzico`;
  browser = await launchBrowser();
});

afterAll(() => stopSuite(site, browser, iyzico));

test('a TRY order is paid through iyzico’s form and shown booked and paid', async () => {
  const [offer] = await searchOffers(site.url, { days: 30, origin: 'IST', destination: 'TAS' });
  const booked = await bookOneAdult(site.url, `cards-e2e-${Date.now()}`, offer!.id, {
    lang: 'tr',
    currency: 'TRY',
    contact: { full_name: 'Elif Yılmaz', email: 'elif@example.com', phone: '+90 532 123 45 67' },
    adult: {
      given_name: 'Elif',
      family_name: 'Yilmaz',
      born_on: '1991-03-02',
      gender: 'female',
      citizenship: 'TR',
      document_number: 'U12345678',
    },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const order = booked.body.data;
  expect(order.total_currency).toBe('TRY');

  const page = await browser.newPage();
  await gotoHydrated(page, `${site.url}/tr/orders/${order.id}?access_token=${order.access_token}`);
  const pay = m('tr', 'order.pay.button', { price: '§' }).split('§');
  await page.getByRole('button', { name: new RegExp(`^${pay[0]}.+${pay[1]}$`) }).click();
  // iyzico's hosted form (the test server's), for the order's amount.
  await page.waitForURL(`${iyzico.url}/**`);
  const form = [...iyzico.forms.values()].at(-1)!;
  expect(Math.round(form.paidPrice * 100)).toBe(Math.round(Number(order.total_amount) * 100));
  await page.getByLabel('Card number').fill(IYZICO_TEST_CARDS.success);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Card holder').fill('ELIF YILMAZ');
  await page.getByRole('button', { name: /^Pay / }).click();
  // Posted back to the site's callback, which asked iyzico and sent the browser to the order page.
  await page.waitForURL(new RegExp(`/tr/orders/${order.id}\\?payment=success$`));
  await page
    .getByTestId('order-payment-status')
    .filter({ hasText: m('tr', 'orders.payment.paid') })
    .waitFor();
  await page.getByText(m('tr', 'order.payment.success', { email: 'elif@example.com' })).waitFor();
  const read = await callApi(site.url, `/v1/orders/${order.id}?access_token=${order.access_token}`);
  expect(read.body.data).toMatchObject({ booking_status: 'booked', payment_status: 'paid' });
  // The site asked iyzico for the result itself (CF retrieve), signed with its key.
  expect(iyzico.calls.map((c) => c.path)).toContain('/payment/iyzipos/checkoutform/auth/ecom/detail');
  await page.close();
});
