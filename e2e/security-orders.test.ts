/**
 * Unpaid holds and order links (docs/operations.md#unpaid-holds-and-order-links), as an attacker tried them
 * against a started site (real HTTP, Chromium, a real SMTP server; the default hold caps: 9 seats, 2 unpaid
 * orders per email, IP and user):
 *  - seat hoarding: six unpaid orders of 5 seats no longer take a whole 30-seat business cabin;
 *  - the traveller over the cap is told, in their language, to pay or cancel the order they have (its
 *    page when it is theirs, otherwise the emailed link), and "Cancel this booking" releases the seats;
 *  - order access tokens: random (a token made from the old public development key opens nothing), never
 *    in a URL path (the card page names a session) or a log line, revoked when a new link is mailed.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Locale } from '@parvoz/i18n/locales';
import { type MessageKey } from '@parvoz/i18n/messages';
import { searchEngineFor } from '../apps/api/src/modules/search/index.ts';
import { type RunningSite, stopSuite, startSiteWithMail } from './support/server.ts';
import { gotoHydrated } from './support/browser.ts';
import { type ReceivedEmail, type TestSmtpServer } from './support/smtp.ts';
import { expectAxeClean } from './support/axe.ts';
import { m } from './support/messages.ts';
import { isoDay } from './support/dates.ts';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import type { SearchAnswer } from '@parvoz/contracts/offers';
import { payOnSandboxCardPage } from './support/journeys.ts';

let site: RunningSite;
let browser: Browser;
let smtp: TestSmtpServer;

const ANONYMOUS = process.env.PARVOZ_ANONYMOUS_TOKEN ?? 'parvoz-public-anonymous';
/** Every token this file saw (answers, cookies, emails): none may appear in the site's log. */
const seenTokens = new Set<string>();
let keys = 0;

beforeAll(async () => {
  ({ smtp, site, browser } = await startSiteWithMail({ HOLD_MAX_SEATS: '9', HOLD_MAX_UNPAID_ORDERS: '2' }));
});

afterAll(() => stopSuite(site, browser, smtp));

/** What this file reads of the API's answers. */
type ApiBody = {
  data: { id: string; access_token: string; offers: Offer[]; seats_left?: number };
  error: { code: string; details: { order_id?: string | null } & Record<string, unknown> };
};

async function api(path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const response = await fetch(`${site.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${ANONYMOUS}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as ApiBody };
}

type Offer = {
  id: string;
  total_amount: string;
  seats_left?: number;
  slices: { segments: { flight_key: string; cabin_class: 'economy' | 'business' }[] }[];
};

const schedule = searchEngineFor('parvoz').schedule;
const capacityOf = (offer: Offer) => {
  const segment = offer.slices[0]!.segments[0]!;
  return schedule.capacity(schedule.resolveKey(segment.flight_key)!.slot, segment.cabin_class);
};

/** A nonstop offer whose flight's cabin has `capacity` seats (when given). */
async function findOffer(options: {
  cabin: 'economy' | 'business';
  adults: number;
  capacity?: (seats: number) => boolean;
  routes?: string[][];
}): Promise<Offer> {
  const routes = options.routes ?? [
    ['TAS', 'IST'],
    ['TAS', 'MOW'],
    ['IST', 'LON'],
    ['TAS', 'DXB'],
    ['IST', 'TAS'],
    ['TAS', 'FRA'],
  ];
  for (const days of [30, 31, 32, 33, 34, 35, 36, 37]) {
    for (const [origin, destination] of routes) {
      const found = await api('/v1/flights/search', {
        method: 'POST',
        body: {
          slices: [{ origin, destination, departure_date: isoDay(days) }],
          passengers: { adults: options.adults },
          cabin_class: options.cabin,
        },
      });
      if (found.status !== 200) continue;
      const offer = (expandSearchOffers(found.body.data as unknown as SearchAnswer) as Offer[]).find(
        (o) =>
          o.slices[0]!.segments.length === 1 &&
          o.slices[0]!.segments[0]!.cabin_class === options.cabin &&
          (!options.capacity || options.capacity(capacityOf(o))),
      );
      if (offer) return offer;
    }
  }
  throw new Error(`no nonstop ${options.cabin} offer found`);
}

async function seatsLeft(offer: Offer): Promise<number | undefined> {
  const read = await api(`/v1/offers/${encodeURIComponent(offer.id)}`);
  expect(read.status).toBe(200);
  return read.body.data.seats_left;
}

function bookingBody(offer: Offer, adults: number, email: string) {
  return {
    offer_id: offer.id,
    lang: 'en',
    contact: { full_name: 'Hoarder Example', email, phone: '+998 90 123 45 67' },
    passengers: Array.from({ length: adults }, (_, i) => ({
      type: 'adult',
      given_name: `Passenger${'ABCDEFGHI'[i]}`,
      family_name: 'Example',
      born_on: '1985-03-0' + (i + 1),
      gender: i % 2 ? 'male' : 'female',
      citizenship: 'UZ',
      document: { number: `FA${7654321 + i}`, expires_on: isoDay(4 * 365) },
    })),
    services: [],
    agreement: true,
  };
}

async function bookViaApi(offer: Offer, adults: number, email: string) {
  const answer = await api('/v1/orders', {
    method: 'POST',
    body: bookingBody(offer, adults, email),
    key: `security-orders-${Date.now()}-${++keys}`,
  });
  if (typeof answer.body.data?.access_token === 'string') seenTokens.add(answer.body.data.access_token);
  return answer;
}

async function cancelViaApi(orderId: string, token: string) {
  const quote = await api(`/v1/order_cancellations?access_token=${token}`, {
    method: 'POST',
    body: { order_id: orderId },
  });
  expect(quote.status).toBe(201);
  const done = await api(
    `/v1/order_cancellations/${quote.body.data.id}/actions/confirm?access_token=${token}`,
    {
      method: 'POST',
    },
  );
  expect(done.status).toBe(200);
}

async function orderCookies(context: BrowserContext): Promise<string[]> {
  const tokens = (await context.cookies()).filter((c) => c.name.startsWith('order_ord_')).map((c) => c.value);
  for (const token of tokens) seenTokens.add(token);
  return tokens;
}

/** Fills the booking page for one adult and presses "Book and pay". */
async function bookOnPage(page: Page, lang: Locale, offer: Offer, email: string) {
  await gotoHydrated(page, `${site.url}/${lang}/flight/booking?offer=${encodeURIComponent(offer.id)}`);
  const label = (key: MessageKey) => page.getByLabel(m(lang, key), { exact: true });
  await label('booking.contact.fullName').fill('Aziz Karimov');
  await label('booking.contact.email').fill(email);
  await label('booking.contact.phoneCountry').selectOption('UZ');
  await label('booking.contact.phone').fill('90 123 45 67');
  await label('booking.passenger.givenName').fill('AZIZ');
  await label('booking.passenger.familyName').fill('KARIMOV');
  await label('booking.passenger.bornOn').fill('1990-04-01');
  await label('booking.passenger.gender').selectOption('male');
  await label('booking.passenger.citizenship').selectOption('UZ');
  await label('booking.passenger.documentNumber').fill('AA1234567');
  await label('booking.passenger.documentExpiresOn').fill(isoDay(3 * 365));
  await page.locator('input[name="agreement"]').check();
  await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();
}

function linkIn(mail: ReceivedEmail): { url: string; token: string } {
  const match = /https?:\/\/[^\s"<>]+\/orders\/ord_[A-Za-z0-9_-]+\?access_token=([A-Za-z0-9_-]+)/.exec(
    mail.text,
  );
  if (!match) throw new Error(`no order link in email: ${mail.text}`);
  seenTokens.add(match[1]!);
  return { url: match[0], token: match[1]! };
}

describe('seat hoarding', () => {
  test('six unpaid orders of 5 seats from one client no longer take a 30-seat business cabin', async () => {
    const offer = await findOffer({ cabin: 'business', adults: 5, capacity: (seats) => seats === 30 });
    expect(await seatsLeft(offer)).toBeUndefined(); // 10 or more left
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await bookViaApi(offer, 5, `hoarder-${i}@example.com`));
    expect(answers.map((a) => a.status)).toEqual([201, 422, 422, 422, 422, 422]);
    for (const refused of answers.slice(1)) {
      expect(refused.body.error.code).toBe('hold_limit_reached');
      // The first order holds 5 of the 9 seats this client may hold: another 5 do not fit.
      expect(refused.body.error.details).toMatchObject({ scope: 'ip', limit: 'seats', max_seats: 9 });
      expect(refused.body.error.details.order_id).toBe(answers[0]!.body.data.id);
    }
    // 25 business seats are still on sale (the offer shows no "seats left" count under 10).
    expect(await seatsLeft(offer)).toBeUndefined();

    // Cancelling the unpaid order releases its seats at once, and this client may book again.
    await cancelViaApi(answers[0]!.body.data.id, answers[0]!.body.data.access_token);
    const again = await bookViaApi(offer, 5, 'hoarder-again@example.com');
    expect(again.status).toBe(201);
    await cancelViaApi(again.body.data.id, again.body.data.access_token);
  });
});

describe('the traveller', () => {
  test('books on the page, cancels on the order page (with a confirmation) and the seats are on sale again', async () => {
    const lang: Locale = 'uz';
    // A small aircraft (regional or turboprop): under 10 business seats, so offers say how many are left.
    const offer = await findOffer({
      cabin: 'business',
      adults: 1,
      capacity: (seats) => seats < 10,
      routes: [
        ['IST', 'SJJ'],
        ['IST', 'DNK'],
      ],
    });
    const capacity = capacityOf(offer);
    expect(await seatsLeft(offer)).toBe(capacity);
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await bookOnPage(page, lang, offer, 'canceller@example.com');

    // The card page's address names the payment session only.
    await page.waitForURL(/\/v1\/sandbox-pay\//);
    const [token] = await orderCookies(context);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cardPath = new URL(page.url()).pathname;
    expect(cardPath).toMatch(/^\/v1\/sandbox-pay\/sbx_[A-Za-z0-9_-]{22}$/);
    expect(page.url()).not.toContain(token!);
    expect(await seatsLeft(offer)).toBe(capacity - 1);

    // Back to the order without paying, and cancel it.
    await page.getByRole('link', { name: m(lang, 'payment.sandbox.cancel') }).click();
    await page.waitForURL(/\/uz\/orders\/ord_[A-Za-z0-9_-]+$/);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: m(lang, 'order.cancel.button') }).click();
    const confirmation = page.getByRole('region', { name: m(lang, 'order.cancel.heading') });
    await confirmation.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('order-cancel-heading');
    await expectAxeClean(page);
    // Nothing happens before the confirmation.
    expect(await seatsLeft(offer)).toBe(capacity - 1);
    await confirmation.getByRole('button', { name: m(lang, 'order.cancel.confirm') }).click();
    await page.getByText(m(lang, 'order.cancelled')).waitFor();
    expect(await page.getByTestId('order-booking-status').textContent()).toBe(
      m(lang, 'orders.status.cancelled'),
    );
    expect(await page.getByRole('button', { name: m(lang, 'order.cancel.button') }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: m(lang, 'order.pay.heading') }).count()).toBe(0);
    expect(await seatsLeft(offer)).toBe(capacity);
    // The old card page takes no payment any more.
    expect((await fetch(`${site.url}${cardPath}`)).status).toBe(409);
    await context.close();
  });

  test('over the cap, the booking page says so in their language, with the way to the order they have', async () => {
    const lang: Locale = 'ru';
    const offer = await findOffer({ cabin: 'economy', adults: 1 });
    // Two unpaid orders of this visitor; the second one's emailed link was opened in this browser.
    const first = await bookViaApi(offer, 1, 'first@example.com');
    const second = await bookViaApi(offer, 1, 'second@example.com');
    expect([first.status, second.status]).toEqual([201, 201]);
    const mine = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await mine.newPage();
    await gotoHydrated(
      page,
      `${site.url}/ru/orders/${second.body.data.id}?access_token=${second.body.data.access_token}`,
    );

    await bookOnPage(page, lang, offer, 'third@example.com');
    const alert = page.getByTestId('booking-hold-limit');
    await alert.waitFor();
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await alert.textContent()).toContain(m(lang, 'booking.holdLimit.title'));
    expect(await alert.textContent()).toContain(m(lang, 'booking.holdLimit.limits', { seats: 9, orders: 2 }));
    await expectAxeClean(page);
    await alert.getByRole('link', { name: m(lang, 'booking.holdLimit.openOrder') }).click();
    await page.waitForURL(new RegExp(`/ru/orders/${second.body.data.id}$`));
    await page.getByRole('button', { name: m(lang, 'order.cancel.button') }).waitFor();

    // Another visitor behind the same address gets no link to someone else's order: the emailed link,
    // or "where is my ticket".
    const stranger = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const other = await stranger.newPage();
    await bookOnPage(other, lang, offer, 'stranger@example.com');
    const told = other.getByTestId('booking-hold-limit');
    await told.waitFor();
    expect(await told.textContent()).toContain(m(lang, 'booking.holdLimit.useEmail'));
    expect(await told.locator('a[href*="/orders/"]').count()).toBe(0);
    expect(
      await told.getByRole('link', { name: m(lang, 'booking.holdLimit.myTicket') }).getAttribute('href'),
    ).toBe('/ru/info/my-ticket');
    expect(await other.content()).not.toContain(second.body.data.id);
    await orderCookies(mine);
    await mine.close();
    await stranger.close();
    await cancelViaApi(first.body.data.id, first.body.data.access_token);
    await cancelViaApi(second.body.data.id, second.body.data.access_token);
  });
});

describe('order access tokens', () => {
  test('pay, get the link by email, ask for it again: the old link stops working; the old public key opens nothing', async () => {
    const lang: Locale = 'en';
    const email = 'payer@example.com';
    const offer = await findOffer({ cabin: 'economy', adults: 1 });
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await bookOnPage(page, lang, offer, email);
    await page.waitForURL(/\/v1\/sandbox-pay\//);
    await payOnSandboxCardPage(page, lang);
    await page.waitForURL(/\/en\/orders\/ord_[A-Za-z0-9_-]+\?payment=success$/);
    const orderId = /\/orders\/(ord_[A-Za-z0-9_-]+)/.exec(page.url())![1]!;
    const [cookieToken] = await orderCookies(context);
    await expect
      .poll(() => page.getByTestId('order-payment-status').textContent())
      .toBe(m(lang, 'orders.payment.paid'));
    const reference = (await page.getByTestId('order-reference').textContent())!.trim();
    // No page of the site hands its address to other sites.
    const pageAnswer = await fetch(page.url(), { headers: { cookie: `order_${orderId}=${cookieToken}` } });
    expect(pageAnswer.headers.get('referrer-policy')).toBe('same-origin');

    // The confirmation email carries a link of its own; the booking browser's token still works too.
    const confirmation = linkIn(await smtp.waitFor(email, 15_000));
    expect(confirmation.token).not.toBe(cookieToken);
    const read = (token: string) => api(`/v1/orders/${orderId}?access_token=${token}`).then((r) => r.status);
    expect(await read(confirmation.token)).toBe(200);
    expect(await read(cookieToken!)).toBe(200);

    // A token made the old way, from the public development key, opens nothing.
    const oldKey = createHmac('sha256', 'parvoz-development-offer-secret')
      .update('parvoz order access token v1')
      .digest();
    const forged = createHmac('sha256', oldKey).update(orderId).digest('base64url');
    expect(await read(forged)).toBe(404);
    expect(
      (await fetch(`${site.url}/en/orders/${orderId}?access_token=${forged}`, { redirect: 'manual' })).status,
    ).toBe(404);

    // "Where is my ticket": a new link; every earlier one stops working.
    const asked = await api('/v1/orders/lookup', {
      method: 'POST',
      body: { booking_reference: reference, email, lang },
    });
    expect(asked.status).toBe(202);
    const resent = linkIn(await smtp.waitFor(email, 15_000, 2));
    expect(resent.token).not.toBe(confirmation.token);
    expect(await read(resent.token)).toBe(200);
    expect(await read(confirmation.token)).toBe(404);
    expect(await read(cookieToken!)).toBe(404);
    expect((await fetch(confirmation.url, { redirect: 'manual' })).status).toBe(404);
    // The new link opens the order in a browser and leaves the address without its secret.
    const fresh = await browser.newContext();
    const opened = await fresh.newPage();
    await gotoHydrated(opened, resent.url);
    expect(opened.url()).toMatch(new RegExp(`/en/orders/${orderId}$`));
    await fresh.close();
    await context.close();
  });

  test('no token this file saw appears in any line of the site log', () => {
    expect(seenTokens.size).toBeGreaterThanOrEqual(8);
    const log = site.logs.join('\n');
    // The scan reads real request lines.
    expect(log).toContain('access_token=[redacted]');
    for (const token of seenTokens) expect(log).not.toContain(token);
  });
});
