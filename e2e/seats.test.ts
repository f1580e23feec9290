/**
 * Seat selection in Chromium (docs/seats.md): in Turkish on a 360 px phone, a paid seat picked on the seat map by
 * keyboard alone (the arrow keys, Enter) shows in the price and the total, is booked and paid, and appears on the
 * order page and the e-ticket; axe clean and no sideways scroll. Without JavaScript the same seat is picked in
 * the plain picker and booked.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Offer } from '@parvoz/core/search-types';
import type { ApiSeatMap } from '@parvoz/contracts/seats';
import { formatMoney } from '@parvoz/i18n/currency';
import { pdfText } from '../apps/api/src/testing/pdf-text.ts';
import { callApi } from './support/api.ts';
import { expectAxeClean } from './support/axe.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';
import { fillOneAdultBooking, payOnSandboxCardPage } from './support/journeys.ts';
import { m } from './support/messages.ts';
import { firstOfferOn, isNonstop, searchOffers } from './support/offers.ts';
import { openPage, PHONE } from './support/pages.ts';
import { startSite, stopSuite, type RunningSite } from './support/server.ts';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

afterAll(() => stopSuite(site, browser));

/** A nonstop light-fare offer of one adult in `currency`, `day` days from today. */
async function lightOffer(day: number, currency: string): Promise<Offer> {
  const offers = await searchOffers(site.url, { days: day, currency });
  const offer = offers.find((o) => isNonstop(o) && o.fare_family === 'light');
  return offer ?? firstOfferOn(site.url, [day + 1, day + 2], { currency });
}

async function seatMapOf(offer: Offer, currency: string): Promise<ApiSeatMap> {
  const answer = await callApi<{ data: ApiSeatMap[] }>(
    site.url,
    `/v1/offers/${encodeURIComponent(offer.id)}/seat_maps?currency=${currency}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data[0]!;
}

/** The first seat one adult pays for (no extra legroom, not taken), and where it is in the grid. */
function paidSeat(map: ApiSeatMap) {
  const width = map.rows[0]!.sections.flat().length;
  const seats = map.rows.flatMap((row) => row.sections.flat());
  const index = seats.findIndex(
    (s) => s.services.length > 0 && Number(s.services[0]!.amount) > 0 && !s.features.includes('exit_row'),
  );
  const seat = seats[index]!;
  return { seat, amount: seat.services[0]!.amount, row: Math.floor(index / width), column: index % width };
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('tr, 360 px: a seat picked on the map by keyboard is in the total, the order and the e-ticket', async () => {
  const lang = 'tr';
  const offer = await lightOffer(44, 'TRY');
  const map = await seatMapOf(offer, 'TRY');
  const { seat, amount, row, column } = paidSeat(map);
  const { context, page, errors } = await openPage(browser, { viewport: PHONE });
  await context.addCookies([{ name: 'currency', value: 'TRY', url: site.url }]);
  await gotoHydrated(page, `${site.url}/${lang}/flight/booking?offer=${encodeURIComponent(offer.id)}`);
  const segment = offer.slices[0]!.segments[0]!;
  const label = `${segment.origin} → ${segment.destination}, ${segment.marketing_carrier.iata_code} ${segment.flight_number}`;
  const grid = page.getByRole('grid', { name: m(lang, 'booking.seats.map', { flight: label }) });
  await grid.waitFor();
  const totalBefore = await page.getByTestId('booking-total').textContent();

  // Into the map with Tab from the passenger's picker, then only the keyboard.
  await page.getByTestId('seat-select-0-0-0').focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-seat'))).toBe(
    map.rows[0]!.sections.flat()[0]!.designator,
  );
  for (let i = 0; i < row; i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < column; i++) await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-seat'))).toBe(seat.designator);
  await page.keyboard.press('Enter');
  await expect
    .poll(() => grid.locator(`[data-seat="${seat.designator}"]`).getAttribute('aria-pressed'))
    .toBe('true');
  expect(await page.getByTestId('seat-select-0-0-0').inputValue()).toBe(`0-0:${seat.designator}:${amount}`);

  const price = (value: number) => formatMoney(lang, value, 'TRY');
  expect(await page.getByTestId('booking-seats-total').textContent()).toBe(price(Number(amount)));
  const expectedTotal = Number(offer.total_amount) + Number(amount);
  expect(await page.getByTestId('booking-total').textContent()).not.toBe(totalBefore);
  expect(await page.getByTestId('booking-total').textContent()).toBe(price(expectedTotal));
  expect(await noSidewaysScroll(page)).toBe(true);
  await expectAxeClean(page, 'booking page with its seat map at 360 px');

  await fillOneAdultBooking(page, lang, 'seat@example.com');
  await page.locator('input[name="agreement"]').check();
  await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();
  await page.waitForURL(/\/v1\/sandbox-pay\//);
  await payOnSandboxCardPage(page, lang);
  await page.waitForURL(new RegExp(`/${lang}/orders/[^/?]+\\?payment=success$`));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByTestId('ticket-number').first().waitFor();
  expect(await page.getByTestId('order-seats').textContent()).toContain(seat.designator);
  expect(await page.getByTestId('order-total').textContent()).toBe(price(expectedTotal));
  const orderPath = new URL(page.url()).pathname;
  const pdf = await page.request.get(`${site.url}${orderPath}/ticket.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdfText(await pdf.body())).toContain(m(lang, 'ticket.seat', { seat: seat.designator }));
  await expectAxeClean(page, 'order page with a seat at 360 px');
  expect(errors).toEqual([]);
  await context.close();
});

test('without JavaScript (en): the seat picked in the plain picker is booked', async () => {
  const offer = await lightOffer(45, 'USD');
  const { seat, amount } = paidSeat(await seatMapOf(offer, 'USD'));
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([{ name: 'currency', value: 'USD', url: site.url }]);
  const page = await context.newPage();
  await page.goto(`${site.url}/en/flight/booking?offer=${encodeURIComponent(offer.id)}`);
  expect(await page.getByRole('grid').count()).toBe(0);
  await page
    .getByLabel(m('en', 'booking.seats.passenger', { number: 1 }))
    .selectOption(`0-0:${seat.designator}:${amount}`);
  await fillOneAdultBooking(page, 'en', 'seat-nojs@example.com');
  await page.locator('input[name="agreement"]').check();
  await page.getByRole('button', { name: m('en', 'booking.submit') }).click();
  await page.waitForURL(/\/v1\/sandbox-pay\//);
  // The card page shows what is charged: the offer with the seat.
  const charged = (Number(offer.total_amount) + Number(amount)).toFixed(2);
  expect(await page.content()).toContain(charged);
  await context.close();
});
