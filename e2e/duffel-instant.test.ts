/**
 * An offer the airline will not hold (docs/duffel.md: Duffel's
 * `payment_requirements.requires_instant_payment`), end to end in Chromium against the Duffel test server: it
 * is marked in the results, the booking page says the seats are confirmed only when the payment completes,
 * booking asks Duffel for nothing, and paying with the sandbox card books it at Duffel as one `instant` order
 * paid from the balance; the order page shows it booked and paid with the airline's booking reference.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { type RunningSite, stopSuite, startSiteWithDuffel } from './support/server.ts';
import { gotoHydrated } from './support/browser.ts';
import { buyFromCard, openPage, PHONE } from './support/pages.ts';
import { expectAxeClean } from './support/axe.ts';
import { m } from './support/messages.ts';
import { ddmm, isoDay } from './support/dates.ts';
import type { DuffelTestServer } from '../apps/api/src/suppliers/duffel/testing/duffel-server.ts';
import { fillOneAdultBooking, payOnSandboxCardPage } from './support/journeys.ts';

const TOKEN = 'duffel_test_e2einstant0123456789';
let site: RunningSite;
let duffel: DuffelTestServer;
let browser: Browser;

beforeAll(async () => {
  ({ duffel, site, browser } = await startSiteWithDuffel(TOKEN));
  // Before any search: every offer the test server makes from now on wants instant payment.
  duffel.knobs.instantPaymentOnly = true;
}, 180_000);

afterAll(() => stopSuite(site, browser, duffel));

test('an instant-payment-only Duffel offer: marked in the results and on the booking page, booked at Duffel once paid, with the airline’s reference', async () => {
  const lang = 'en' as const;
  const { context, page, errors: pageErrors } = await openPage(browser, { viewport: PHONE });
  await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${ddmm(isoDay(36))}IST1`);
  const atDuffel = page.locator('[data-testid="offer"][data-carriers="QP"]');
  await atDuffel.first().waitFor();
  const card = atDuffel.first();
  // Marked in the list already, the built-in network's offers (held by us) not.
  expect(await card.getByTestId('offer-instant-payment').textContent()).toBe(
    m(lang, 'search.offer.instantPayment'),
  );
  const builtIn = page.locator('[data-testid="offer"]:not([data-carriers="QP"])');
  expect(await builtIn.count()).toBeGreaterThan(0);
  expect(await builtIn.getByTestId('offer-instant-payment').count()).toBe(0);
  await card.getByRole('button', { name: m(lang, 'search.offer.showDetails') }).click();
  await expect.poll(() => card.getByText(m(lang, 'search.offer.instantPaymentDetails')).count()).toBe(1);
  await buyFromCard(page, card, lang);
  expect(await page.getByTestId('booking-instant-payment').textContent()).toBe(
    m(lang, 'booking.instantPayment'),
  );
  await expectAxeClean(page);

  await fillOneAdultBooking(page, lang, 'duffel-instant@example.com');
  await page.locator('input[name="agreement"]').check();
  await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();

  // Booked here, nothing at Duffel until the payment.
  await page.waitForURL(/\/v1\/sandbox-pay\//);
  expect(duffel.orders).toHaveLength(0);
  await payOnSandboxCardPage(page, lang);
  await page.waitForURL(new RegExp(`/${lang}/orders/ord_[A-Za-z0-9_-]+\\?payment=success$`));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  await expect
    .poll(() => page.getByTestId('order-booking-status').textContent(), { timeout: 20_000 })
    .toBe(m(lang, 'orders.status.booked'));
  expect(await page.getByTestId('order-payment-status').textContent()).toBe(m(lang, 'orders.payment.paid'));
  expect(duffel.orders).toHaveLength(1);
  const order = duffel.orders[0]!;
  expect(order.type).toBe('instant');
  expect(order.payment_status.awaiting_payment).toBe(false);
  expect(order.passengers[0]).toMatchObject({ given_name: 'AZIZ', family_name: 'KARIMOV', gender: 'm' });
  const reference = page.getByTestId('order-airline-reference');
  await reference.waitFor();
  expect(await reference.textContent()).toContain(order.booking_reference);
  expect(await page.getByTestId('ticket-number').count()).toBeGreaterThan(0);
  await expectAxeClean(page);
  expect(pageErrors).toEqual([]);
  await context.close();
});
