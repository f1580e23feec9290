/**
 * A real supplier end to end (docs/duffel.md), in Chromium: a site with Duffel configured at the Duffel test
 * server (real HTTP on loopback, Duffel's shapes). The results page lists offers of both suppliers; one of
 * Duffel's is booked (a hold order at Duffel with the passenger's passport and the contact), paid with the
 * sandbox card, and Duffel is paid from the balance; the order page shows it booked and paid with the
 * airline's booking reference. Then the airline moves the flight: the traveller is emailed (the dev mailbox
 * catches it), the order page shows the schedule as booked and as now, and the traveller accepts it (at
 * Duffel): the itinerary shows the new flight. Another traveller books a Duffel offer with one extra bag
 * (Duffel's baggage service): nothing at Duffel until the traveller has paid, then an instant order at Duffel
 * with the service, paid for the offer plus the bag; the order page shows the bag and the total with it.
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
import { duffelOnlyFlight } from '../apps/api/src/suppliers/duffel/testing/duffel-fixtures.ts';
import { expectPaidThenBooked, fillOneAdultBooking, payOnSandboxCardPage } from './support/journeys.ts';
import { ANONYMOUS } from './support/api.ts';
import { formatMoney } from '@parvoz/i18n/currency';
import { convertMoney, DEFAULT_RATES, money, toMajorString } from '@parvoz/core/money';

const TOKEN = 'duffel_test_e2e0123456789abcdef';
let site: RunningSite;
let duffel: DuffelTestServer;
let browser: Browser;

beforeAll(async () => {
  ({ duffel, site, browser } = await startSiteWithDuffel(TOKEN, {
    flights: [
      duffelOnlyFlight('211.00', '41.00', {
        refund: { allowed: true, penalty_amount: '50.00', penalty_currency: 'USD' },
        // The airline sells an extra checked bag of 23 kg for 45 USD, up to two (Duffel's `available_services`).
        extra_bag: { amount: '45.00', max: 2 },
      }),
    ],
    env: {
      // The supplier pass (every 30 s) reconciles and reads airline changes on each run here, not every 5 minutes.
      DUFFEL_SYNC_SECONDS: '1',
      // No mail server here: the emails are kept for /v1/dev/mailbox, which the test reads.
      PARVOZ_DEV_MAILBOX: '1',
    },
  }));
}, 180_000);

afterAll(() => stopSuite(site, browser, duffel));

test('offers of both suppliers; a Duffel offer booked, paid with the sandbox, booked with the airline’s reference', async () => {
  const lang = 'en' as const;
  const { context, page, errors: pageErrors } = await openPage(browser, { viewport: PHONE });
  await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${ddmm(isoDay(34))}IST1`);
  const offers = page.getByTestId('offer');
  await offers.first().waitFor();
  // Both suppliers in one list: Duffel's airline and the built-in network's.
  const atDuffel = page.locator('[data-testid="offer"][data-carriers="QP"]');
  await atDuffel.first().waitFor();
  const carriers = await offers.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-carriers')));
  expect(carriers.some((c) => c !== 'QP')).toBe(true);
  expect(await page.getByTestId('results-incomplete').count()).toBe(0);

  const card = atDuffel.first();
  await card.getByRole('button', { name: m(lang, 'search.offer.showDetails') }).click();
  await buyFromCard(page, card, lang);
  expect(new URL(page.url()).searchParams.get('offer')).toMatch(/^dfl\./);

  await fillOneAdultBooking(page, lang, 'duffel-booker@example.com');
  await page.locator('input[name="agreement"]').check();
  await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();

  // The sandbox card page, then back to the order.
  await page.waitForURL(/\/v1\/sandbox-pay\//);
  expect(duffel.orders).toHaveLength(1);
  const order = duffel.orders[0]!;
  expect(order.type).toBe('hold');
  expect(order.passengers[0]).toMatchObject({ given_name: 'AZIZ', family_name: 'KARIMOV', gender: 'm' });
  await payOnSandboxCardPage(page, lang);
  await page.waitForURL(new RegExp(`/${lang}/orders/ord_[A-Za-z0-9_-]+\\?payment=success$`));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  // Booked once Duffel is paid and the airline's e-ticket is read (the page refreshes itself meanwhile).
  await expectPaidThenBooked(page, lang);
  const reference = page.getByTestId('order-airline-reference');
  expect(await reference.textContent()).toContain(order.booking_reference);
  expect(await reference.textContent()).toContain(m(lang, 'order.field.airlineReferenceHint'));
  // Duffel is paid from the balance once the traveller paid (once, the order's total).
  await expect.poll(() => duffel.payments.length, { timeout: 15_000 }).toBe(1);
  expect(duffel.payments[0]).toMatchObject({ type: 'balance', amount: '211.00', currency: 'USD' });
  expect(order.payment_status.awaiting_payment).toBe(false);
  await expectAxeClean(page);

  // The airline moves the flight by 95 minutes: the supplier pass reads it and the order page shows both schedules.
  const change = duffel.airlineChange(order.id, 95);
  const changes = page.getByTestId('order-airline-changes');
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        return changes.count();
      },
      { timeout: 70_000, interval: 2000 },
    )
    .toBe(1);
  expect(await changes.getByRole('heading', { level: 2 }).textContent()).toBe(
    m(lang, 'order.airlineChange.heading'),
  );
  // 23:10 in Tashkent becomes 00:45 the next day (the airport's local time, 12-hour in English).
  expect(await changes.textContent()).toMatch(/QP 4242 TAS–IST: departs [^:]+ at 11:10\sPM/);
  expect(await changes.textContent()).toMatch(/QP 4242 TAS–IST: departs [^:]+ at 12:45\sAM/);
  // While open, the notice also offers our own cancellation (the order is refundable and before departure).
  expect(await changes.getByRole('button', { name: m(lang, 'order.airlineChange.cancel') }).count()).toBe(1);
  await expectAxeClean(page);
  await changes.getByRole('button', { name: m(lang, 'order.airlineChange.accept') }).click();
  await expect.poll(() => change.action_taken, { timeout: 15_000 }).toBe('accepted');
  await expect
    .poll(() => changes.getByRole('button', { name: m(lang, 'order.airlineChange.accept') }).count())
    .toBe(0);
  expect(await changes.getByRole('status').count()).toBe(1);
  // Accepted: the trip itself now shows the new flight (00:45), the notice says so; the booked time is only in it.
  const trip = page.getByRole('region', { name: m(lang, 'order.trip.heading'), exact: true });
  await expect.poll(() => trip.textContent()).toMatch(/12:45\sAM/);
  expect(await trip.textContent()).not.toMatch(/11:10\sPM/);
  expect(await changes.textContent()).toContain(m(lang, 'order.airlineChange.applied'));
  await expectAxeClean(page);

  // The traveller was emailed about the change, once, with both schedules and the order page's link.
  type Mail = { kind: string; subject: string; text: string };
  const mails = async () => {
    const answer = await fetch(
      `${site.url}/v1/dev/mailbox?to=${encodeURIComponent('duffel-booker@example.com')}`,
      { headers: ANONYMOUS },
    );
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: Mail[] }).data.filter((mail) => mail.kind === 'airline-change');
  };
  await expect.poll(async () => (await mails()).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mails();
  expect(mail!.subject).toContain(m(lang, 'order.airlineChange.heading'));
  expect(mail!.text).toMatch(/QP 4242[^\n]*23:10/);
  expect(mail!.text).toMatch(/QP 4242[^\n]*00:45/);
  expect(mail!.text).toContain(`${site.url}/${lang}/orders/`);
  expect(pageErrors).toEqual([]);
  await context.close();
});

test('a Duffel offer booked with two of its extra bag: sent to Duffel once paid (quantity 2), on the order page with the price', async () => {
  const lang = 'en' as const;
  const {
    context,
    page,
    errors: pageErrors,
  } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${ddmm(isoDay(36))}IST1`);
  const card = page.locator('[data-testid="offer"][data-carriers="QP"]').first();
  await card.waitFor();
  await card.getByRole('button', { name: m(lang, 'search.offer.showDetails') }).click();
  await buyFromCard(page, card, lang);

  await fillOneAdultBooking(page, lang, 'duffel-bag@example.com');
  const adult = page.getByRole('group', {
    name: m(lang, 'booking.passenger.legend', { number: 1, type: m(lang, 'booking.passengerType.adult') }),
  });
  // The airline's bag, offered as the built-in network's are: 23 kg, outbound, at Duffel's 45 USD.
  const luggage = adult.getByRole('group', { name: m(lang, 'booking.luggage.legend') });
  const bag = luggage.getByRole('checkbox', {
    name: m(lang, 'booking.luggage.option', {
      weight: 23,
      slice: m(lang, 'booking.itinerary.outbound'),
      price: '$45.00',
    }),
  });
  // Up to two of it: the second its own box, named as the second.
  const secondBag = luggage.getByRole('checkbox', {
    name: m(lang, 'booking.luggage.optionNumbered', {
      number: 2,
      weight: 23,
      slice: m(lang, 'booking.itinerary.outbound'),
      price: '$45.00',
    }),
  });
  expect(await luggage.getByRole('checkbox').count()).toBe(2);
  expect(await page.getByTestId('booking-bags-instant-payment').textContent()).toBe(
    m(lang, 'booking.bagsInstantPayment'),
  );
  await bag.check();
  await expect.poll(() => page.getByTestId('booking-total').textContent()).toContain('$256.00');
  await secondBag.check();
  await expect.poll(() => page.getByTestId('booking-total').textContent()).toContain('$301.00');
  await expectAxeClean(page);
  await page.locator('input[name="agreement"]').check();
  await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();

  await page.waitForURL(/\/v1\/sandbox-pay\//);
  const atDuffel = () => duffel.orders.find((o) => o.passengers[0].email === 'duffel-bag@example.com');
  // Booked but not paid: nothing at Duffel yet (Duffel books no bags on a hold; the agency pays nothing before the
  // traveller has).
  expect(atDuffel()).toBeUndefined();
  const paymentsBefore = duffel.payments.length;
  await payOnSandboxCardPage(page, lang);
  await page.waitForURL(new RegExp(`/${lang}/orders/ord_[A-Za-z0-9_-]+\\?payment=success$`));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // Paid: an instant order with the two bags, paid from the balance for the offer plus the bags.
  await expect.poll(() => atDuffel()).toBeDefined();
  const order = atDuffel()!;
  expect(order.type).toBe('instant');
  expect(order.services).toEqual([
    expect.objectContaining({ type: 'baggage', quantity: 2, total_amount: '90.00', total_currency: 'USD' }),
  ]);
  expect(order.total_amount).toBe('301.00');
  await expect
    .poll(() => page.getByTestId('order-payment-status').textContent(), { timeout: 15_000 })
    .toBe(m(lang, 'orders.payment.paid'));
  const passenger = page.getByTestId('order-passenger').first();
  expect(await passenger.textContent()).toContain(
    m(lang, 'order.passenger.luggage', { count: 2, weight: 23 }),
  );
  expect(await page.getByTestId('order-total').textContent()).toContain('$301.00');
  await expect
    .poll(() => page.getByTestId('order-airline-reference').textContent())
    .toContain(order.booking_reference);
  // Paid at Duffel with the order: no balance payment afterwards.
  expect(duffel.payments.length).toBe(paymentsBefore);
  await expectAxeClean(page);
  expect(pageErrors).toEqual([]);
  await context.close();
});

test('searched in so‘m, a Duffel fare is charged in the airline’s dollars: the booking page says so, the order is in USD', async () => {
  const lang = 'uz' as const;
  const { context, page, errors: pageErrors } = await openPage(browser, { viewport: PHONE });
  await gotoHydrated(page, `${site.url}/${lang}/flight/TAS${ddmm(isoDay(38))}IST1`);
  const card = page.locator('[data-testid="offer"][data-carriers="QP"]').first();
  await card.waitFor();
  // The list is in the visitor's so‘m, converted at our rates.
  const inSom = toMajorString(convertMoney(money(21100, 'USD'), 'UZS', DEFAULT_RATES));
  expect(await card.textContent()).toContain(formatMoney(lang, Number(inSom), 'UZS'));
  await card.getByRole('button', { name: m(lang, 'search.offer.showDetails') }).click();
  await buyFromCard(page, card, lang);
  // The booking page: Duffel's own 211 USD is what will be charged, the so‘m beside it for reference.
  const dollars = formatMoney(lang, 211, 'USD');
  expect(await page.getByTestId('booking-charged-currency').textContent()).toBe(
    m(lang, 'booking.chargedInAirlineCurrency', {
      currency: 'USD',
      total: dollars,
      approx: formatMoney(lang, Number(inSom), 'UZS'),
    }),
  );
  expect(await page.getByTestId('booking-total').textContent()).toContain(dollars);
  await expectAxeClean(page);

  // Booked at that price (no "price changed" between so‘m and dollars): the order and Duffel's hold are in USD.
  const before = duffel.orders.length;
  await fillOneAdultBooking(page, lang, 'duffel-som@example.com');
  await page.locator('input[name="agreement"]').check();
  await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();
  await page.waitForURL(/\/v1\/sandbox-pay\//);
  expect(duffel.orders).toHaveLength(before + 1);
  expect(duffel.orders.at(-1)!.type).toBe('hold');
  // The card page charges the dollars, not the so‘m.
  expect(await page.locator('body').textContent()).toContain(dollars);
  expect(pageErrors).toEqual([]);
  await context.close();
});
