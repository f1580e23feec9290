/**
 * Booking, card payment, tickets and orders in Chromium, in all four languages (the product spec §2–§4,
 * docs/design.md §4): an offer is booked for an adult, a child and an infant, the field errors the page shows
 * are fixed, the sandbox card page takes the success card, and the order page shows booked/paid with ticket
 * numbers; the e-ticket PDF downloads and the confirmation email arrives at a real SMTP server. The decline
 * card leaves an order unpaid with a clear message, and "where is my ticket" emails the link. One site, one
 * browser.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Locator } from 'playwright-core';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { DEFAULT_CURRENCY_BY_LOCALE, formatMoney } from '@parvoz/i18n/currency';
import { encodeOffer } from '@parvoz/core/offers';
import type { Offer } from '@parvoz/core/search-types';
import { type RunningSite, stopSuite, startSiteWithMail } from './support/server.ts';
import { gotoHydrated } from './support/browser.ts';
import { openPage, PHONE } from './support/pages.ts';
import { type ReceivedEmail, type TestSmtpServer } from './support/smtp.ts';
import { expectAxeClean } from './support/axe.ts';
import { m } from './support/messages.ts';
import { descriptionOf } from './support/fields.ts';
import { isoDay } from './support/dates.ts';
import { firstOfferOn } from './support/offers.ts';
import { fillContact, fillPassenger, passengerGroup, payOnSandboxCardPage } from './support/journeys.ts';
import { sessionToken } from './support/api.ts';

let site: RunningSite;
let browser: Browser;
let smtp: TestSmtpServer;

const ANONYMOUS = process.env.PARVOZ_ANONYMOUS_TOKEN ?? 'parvoz-public-anonymous';
/** The site's offer-id key, so that the test can make an offer that has already expired. */
const OFFER_SECRET = 'e2e-booking-offer-secret-0123456789';
/** This language goes through the real results page and its "buy"; the others open the booking page directly. */
const VIA_RESULTS_PAGE: Locale = 'tr';

/** Routes flown every day by the built-in schedule, one per language, so that runs do not share flights. */
const ROUTES: Record<Locale, [string, string]> = {
  en: ['TAS', 'IST'],
  ru: ['IST', 'TAS'],
  uz: ['TAS', 'MOW'],
  tr: ['IST', 'LON'],
};

/** A date as the page shows it (medium style). */
function dateOf(lang: Locale, iso: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** The same calendar day `years` earlier (YYYY-MM-DD). */
function yearsBefore(date: string, years: number, extraDays = 0): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - extraDays);
  return d.toISOString().slice(0, 10);
}

const SEARCH_DAYS = [30, 31, 32, 33];

/** The offer as the booking page sees it (GET /v1/offers/{id} in the page's currency). */
async function getOffer(id: string, currency: string): Promise<Offer> {
  const response = await fetch(`${site.url}/v1/offers/${encodeURIComponent(id)}?currency=${currency}`, {
    headers: { authorization: `Bearer ${ANONYMOUS}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Offer }).data;
}

/** An offer from the API, the way the results page's "buy" gets one: on this language's route, in its currency. */
function findOffer(lang: Locale, passengers: { adults: number; children: number; infants: number }) {
  const [origin, destination] = ROUTES[lang];
  return firstOfferOn(site.url, SEARCH_DAYS, {
    origin,
    destination,
    passengers,
    currency: DEFAULT_CURRENCY_BY_LOCALE[lang],
  });
}

/**
 * The booking page of an offer for `adults` adults in this language, in a new context of its own: a phone, or
 * (`javaScript: false`) a browser without JavaScript; signed in with `token` when given.
 */
async function openBookingPage(
  lang: Locale,
  { adults = 1, token, javaScript = true }: { adults?: number; token?: string; javaScript?: boolean } = {},
) {
  const offer = await findOffer(lang, { adults, children: 0, infants: 0 });
  const opened = await openPage(browser, javaScript ? { viewport: PHONE } : { javaScriptEnabled: false });
  if (token)
    await opened.context.addCookies([{ name: 'token', value: token, url: site.url, httpOnly: true }]);
  const url = `${site.url}/${lang}/flight/booking?offer=${encodeURIComponent(offer.id)}`;
  await (javaScript ? gotoHydrated(opened.page, url) : opened.page.goto(url));
  return { ...opened, offer };
}

beforeAll(async () => {
  ({ smtp, site, browser } = await startSiteWithMail({ OFFER_SECRET }));
});

afterAll(() => stopSuite(site, browser, smtp));

/** A traveller of the profile (an Uzbek citizen whose document is valid for four more years). */
type SavedTraveller = {
  given_name: string;
  family_name: string;
  born_on: string;
  gender: 'male' | 'female';
  document_number: string;
};

/** Two travellers a profile may hold (Uzbek passports valid for four more years). */
const AZIZ: SavedTraveller = {
  given_name: 'Aziz',
  family_name: 'Karimov',
  born_on: '1990-04-01',
  gender: 'male',
  document_number: 'AA1234567',
};
const NODIRA: SavedTraveller = {
  given_name: 'Nodira',
  family_name: 'Karimova',
  born_on: '1992-09-30',
  gender: 'female',
  document_number: 'AA7654321',
};

/** A session for `email`, signed in by the emailed code, whose profile holds `traveller`: its token. */
async function accountWithTraveller(email: string, lang: Locale, traveller: SavedTraveller): Promise<string> {
  const token = await sessionToken(site.url, smtp, email, { lang });
  const saved = await fetch(`${site.url}/v1/user/travellers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...traveller, citizenship: 'UZ', document_expires_on: isoDay(4 * 365) }),
  });
  expect(saved.status, await saved.clone().text()).toBe(201);
  return token;
}

/** Pages write dates with no-break spaces (Node and Chromium differ in spaces otherwise); compare words. */
const words = (text: string) => text.replace(/\s+/g, ' ');

async function expectFieldError(control: Locator, message: string) {
  await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
  expect(words(await descriptionOf(control))).toContain(words(message));
}

function linkIn(mail: ReceivedEmail): string {
  const match = /https?:\/\/[^\s"<>]+\/orders\/ord_[A-Za-z0-9_-]+\?access_token=[A-Za-z0-9_-]+/.exec(
    mail.text,
  );
  if (!match) throw new Error(`no order link in email: ${mail.text}`);
  return match[0];
}

describe.each(LOCALES)('booking and paying in %s', (lang) => {
  test('adult, child and infant: fix the errors, pay, see the tickets, download the e-ticket, get the email', async () => {
    const currency = DEFAULT_CURRENCY_BY_LOCALE[lang];
    const email = `booker-${lang}@example.com`;
    const {
      context,
      page,
      errors: pageErrors,
    } = await openPage(browser, { viewport: PHONE, acceptDownloads: true });
    const viaResults = lang === VIA_RESULTS_PAGE;

    let offer: Offer;
    if (viaResults) {
      // The real results page: open the first offer's details, add luggage, buy.
      const [origin, destination] = ROUTES[lang];
      const day = isoDay(SEARCH_DAYS[0]!);
      await gotoHydrated(
        page,
        `${site.url}/${lang}/flight/${origin}${day.slice(8, 10)}${day.slice(5, 7)}${destination}111`,
      );
      const card = page.getByRole('article').first();
      // A button once its part of the page hydrated (a tap on the native toggle while it hydrates is lost).
      await card.getByRole('button', { name: m(lang, 'search.offer.showDetails') }).click();
      await card
        .getByRole('group', { name: m(lang, 'search.luggage.label') })
        .getByRole('checkbox')
        .first()
        .check();
      await card.getByRole('button', { name: m(lang, 'search.offer.buy') }).click();
      await page.waitForURL(/\/flight\/booking\?/);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      offer = await getOffer(new URL(page.url()).searchParams.get('offer')!, currency);
    } else {
      offer = await findOffer(lang, { adults: 1, children: 1, infants: 1 });
      await gotoHydrated(page, `${site.url}/${lang}/flight/booking?offer=${encodeURIComponent(offer.id)}`);
    }
    const segments = offer.slices.flatMap((s) => s.segments);
    const lastFlight = segments[segments.length - 1]!.departing_at.slice(0, 10);
    const tripEnd = segments[segments.length - 1]!.arriving_at.slice(0, 10);
    await page.getByRole('heading', { level: 1, name: m(lang, 'page.booking.heading') }).waitFor();

    const adult = passengerGroup(page, lang, 0, 'adult');
    const child = passengerGroup(page, lang, 1, 'child');
    const infant = passengerGroup(page, lang, 2, 'infant');
    const submit = page.getByRole('button', { name: m(lang, 'booking.submit') });

    // First try: a bad email, a name in Cyrillic, no agreement — refused by the form's own schema.
    await fillContact(page, lang, 'not-an-email');
    await fillPassenger(adult, lang, {
      given: 'Азиз',
      family: 'Karimov',
      born: '1990-04-01',
      gender: 'male',
      citizenship: 'UZ',
      document: 'AA1234567',
      expires: isoDay(3 * 365),
    });
    // A child who is an adult on the date of the last flight, an infant whose passport ends mid-trip.
    await fillPassenger(child, lang, {
      given: 'Malika',
      family: 'Karimova',
      born: '2000-01-01',
      gender: 'female',
      citizenship: 'UZ',
      document: 'AB7654321',
      expires: isoDay(3 * 365),
    });
    await fillPassenger(infant, lang, {
      given: 'Timur',
      family: 'Karimov',
      born: yearsBefore(lastFlight, 1),
      gender: 'male',
      citizenship: 'UZ',
      document: 'AC1112223',
      expires: yearsBefore(tripEnd, 0, 1),
    });
    // Luggage (chosen on the results page for every passenger it suits, or ticked here): the total follows.
    const total = page.getByTestId('booking-total');
    const bag = offer.available_services[0]!;
    const plusBags = (n: number) =>
      Math.round((Number(offer.total_amount) + n * Number(bag.amount)) * 100) / 100;
    if (viaResults) {
      expect(await adult.getByRole('checkbox').first().isChecked()).toBe(true);
      expect(await child.getByRole('checkbox').first().isChecked()).toBe(true);
      expect(await total.textContent()).toBe(formatMoney(lang, plusBags(2), currency));
      await child.getByRole('checkbox').first().uncheck();
    } else {
      expect(await total.textContent()).toBe(formatMoney(lang, plusBags(0), currency));
      await adult.getByRole('checkbox').first().check();
    }
    await expect.poll(() => total.textContent()).toBe(formatMoney(lang, plusBags(1), currency));
    await submit.click();

    const summary = page
      .getByRole('alert')
      .filter({ hasText: m(lang, 'booking.errorSummary', { count: 3 }) });
    await summary.waitFor();
    // Refused in the browser by the form's schema: the summary takes the focus.
    await expect.poll(() => summary.evaluate((el) => el.parentElement === document.activeElement)).toBe(true);
    await expectFieldError(
      page.getByLabel(m(lang, 'booking.contact.email'), { exact: true }),
      m(lang, 'booking.error.email'),
    );
    await expectFieldError(
      adult.getByLabel(m(lang, 'booking.passenger.givenName'), { exact: true }),
      m(lang, 'booking.error.givenName'),
    );
    await expectFieldError(page.locator('input[name="agreement"]'), m(lang, 'booking.error.agreement'));
    expect(await adult.getByRole('checkbox').first().isChecked()).toBe(true);
    await expectAxeClean(page);

    // Second try: the API's rules — the child's age band and the infant's document — next to their fields.
    await page.getByLabel(m(lang, 'booking.contact.email'), { exact: true }).fill(email);
    // The Cyrillic name is offered in document Latin as typed; one tap puts it in the field.
    await adult.getByText(m(lang, 'booking.passenger.ticketName', { name: 'AZIZ' })).waitFor();
    const useTicketName = adult.getByRole('button', { name: m(lang, 'booking.passenger.useTicketName') });
    await useTicketName.click();
    await expect
      .poll(() => adult.getByLabel(m(lang, 'booking.passenger.givenName'), { exact: true }).inputValue())
      .toBe('AZIZ');
    // The tap writes the field at once; the suggestion goes only when React renders the new name.
    await useTicketName.waitFor({ state: 'detached' });
    await page.locator('input[name="agreement"]').check();
    await submit.click();
    const apiSummary = page
      .getByRole('alert')
      .filter({ hasText: m(lang, 'booking.errorSummary', { count: 2 }) });
    await apiSummary.waitFor();
    // Refused by the API's rules after the round trip: the summary takes the focus too.
    await expect
      .poll(() => apiSummary.evaluate((el) => el.parentElement === document.activeElement))
      .toBe(true);
    await expectFieldError(
      child.getByLabel(m(lang, 'booking.passenger.bornOn'), { exact: true }),
      m(lang, 'booking.error.bornOnChild', { date: dateOf(lang, lastFlight) }),
    );
    await expectFieldError(
      infant.getByLabel(m(lang, 'booking.passenger.documentExpiresOn'), { exact: true }),
      m(lang, 'booking.error.documentExpired', { date: dateOf(lang, tripEnd) }),
    );

    // Fixed: on to the provider's card page, which sends the browser back to the order.
    await child
      .getByLabel(m(lang, 'booking.passenger.bornOn'), { exact: true })
      .fill(yearsBefore(lastFlight, 6));
    await infant
      .getByLabel(m(lang, 'booking.passenger.documentExpiresOn'), { exact: true })
      .fill(yearsBefore(tripEnd, -4));
    await submit.click();
    await payOnSandboxCardPage(page, lang, { card: '4242424242424242' });
    await page.waitForURL(new RegExp(`/${lang}/orders/ord_[A-Za-z0-9_-]+\\?payment=success$`));
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(page.url()).not.toContain('access_token');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name.startsWith('order_ord_'))?.httpOnly).toBe(true);

    await expect
      .poll(() => page.getByTestId('order-payment-status').textContent())
      .toBe(m(lang, 'orders.payment.paid'));
    expect(await page.getByTestId('order-booking-status').textContent()).toBe(
      m(lang, 'orders.status.booked'),
    );
    const tickets = await page.getByTestId('ticket-number').allTextContents();
    expect(tickets).toHaveLength(3 * segments.length);
    for (const ticket of tickets) expect(ticket).toMatch(/^\d{13}$/);
    expect(await page.getByTestId('order-passenger').count()).toBe(3);
    const reference = (await page.getByTestId('order-reference').textContent())!.trim();
    expect(reference).toMatch(/^[A-Z0-9]{6}$/);
    await expectAxeClean(page);

    // The e-ticket downloads as a PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: m(lang, 'order.eticket.download') }).click(),
    ]);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The confirmation email, with the order's link.
    const mail = await smtp.waitFor(email, 15_000);
    expect(mail.subject).toBe(m(lang, 'booking.mail.confirmation.subject', { reference }));
    expect(linkIn(mail)).toContain(`/orders/`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

test('a changed price is shown old and new and accepted; the decline card leaves the order unpaid', async () => {
  const lang: Locale = 'en';
  const { context, page, offer } = await openBookingPage(lang);
  await fillContact(page, lang, 'decline@example.com');
  await fillPassenger(passengerGroup(page, lang, 0, 'adult'), lang, {
    given: 'Dilnoza',
    family: "O'Neil",
    born: '1985-07-15',
    gender: 'female',
    citizenship: 'TR',
    document: 'U12345678',
    expires: isoDay(2 * 365),
  });
  await page.locator('input[name="agreement"]').check();
  // As if the page had been showing an older, lower price: the API refuses and the page asks.
  await page.locator('input[name="offer_total"]').evaluate((el: HTMLInputElement) => {
    el.value = '1.00';
  });
  await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();
  const newPrice = formatMoney(lang, Number(offer.total_amount), 'USD');
  await page
    .getByRole('alert')
    .filter({
      hasText: m(lang, 'booking.priceChanged.text', { old: formatMoney(lang, 1, 'USD'), new: newPrice }),
    })
    .waitFor();
  await page
    .getByRole('button', { name: m(lang, 'booking.priceChanged.accept', { price: newPrice }) })
    .click();

  await payOnSandboxCardPage(page, lang, { card: '4000000000000002' });
  await page.waitForURL(/\/en\/orders\/ord_[A-Za-z0-9_-]+\?payment=declined$/);
  await page
    .getByRole('alert')
    .filter({ hasText: m(lang, 'order.payment.declined.title') })
    .waitFor();
  expect(await page.getByTestId('order-payment-status').textContent()).toBe(
    m(lang, 'orders.payment.notPaid'),
  );
  expect(await page.getByTestId('order-booking-status').textContent()).toBe(m(lang, 'orders.status.new'));
  expect(await page.getByTestId('ticket-number').count()).toBe(0);
  expect(await page.getByRole('link', { name: m(lang, 'order.eticket.download') }).count()).toBe(0);
  const pay = page.getByRole('button', { name: m(lang, 'order.pay.button', { price: newPrice }) });
  await pay.waitFor();
  await expectAxeClean(page);
  // The e-ticket of an unpaid order does not exist.
  const orderPath = new URL(page.url()).pathname;
  const pdf = await page.request.get(`${site.url}${orderPath}/ticket.pdf`);
  expect(pdf.status()).toBe(404);
  // "Pay" goes to the card page again.
  await pay.click();
  await page.waitForURL(/\/v1\/sandbox-pay\//);
  await context.close();
});

test('the same booking form sent twice at once books one order', async () => {
  const offer = await findOffer('en', { adults: 1, children: 0, infants: 0 });
  const form = new URLSearchParams({
    offer_id: offer.id,
    offer_total: offer.total_amount,
    currency: 'USD',
    idempotency_key: `e2e-double-submit-${Date.now()}`,
    'contact.full_name': 'Twice Clicked',
    'contact.email': 'twice@example.com',
    'contact.phone_country': 'UZ',
    'contact.phone': '901234567',
    'passengers[0].type': 'adult',
    'passengers[0].given_name': 'Twice',
    'passengers[0].family_name': 'Clicked',
    'passengers[0].born_on': '1980-01-01',
    'passengers[0].gender': 'male',
    'passengers[0].citizenship': 'UZ',
    'passengers[0].document.number': 'AA0000001',
    'passengers[0].document.expires_on': isoDay(3 * 365),
    agreement: 'on',
  });
  const send = () =>
    fetch(`${site.url}/en/flight/booking?offer=${encodeURIComponent(offer.id)}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const answers = await Promise.all([send(), send()]);
  for (const answer of answers) expect(answer.status).toBe(302);
  const orderCookie = (answer: Response) =>
    answer.headers
      .getSetCookie()
      .find((c) => c.startsWith('order_ord_'))
      ?.split('=')[0];
  expect(orderCookie(answers[0]!)).toMatch(/^order_ord_/);
  expect(orderCookie(answers[1]!)).toBe(orderCookie(answers[0]!));
  expect(answers[1]!.headers.get('location')).toBe(answers[0]!.headers.get('location'));
});

test('"where is my ticket" emails the link for a matching pair and answers the same otherwise', async () => {
  const lang: Locale = 'ru';
  const booked = smtp.to('booker-ru@example.com')[0] ?? (await smtp.waitFor('booker-ru@example.com', 15_000));
  const reference = /\b([A-Z0-9]{6})\b/.exec(booked.subject)?.[1];
  expect(reference).toBeDefined();
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await gotoHydrated(page, `${site.url}/${lang}/info/my-ticket`);
  const referenceField = page.getByLabel(m(lang, 'myTicket.reference'), { exact: true });
  const emailField = page.getByLabel(m(lang, 'myTicket.email'), { exact: true });
  const send = page.getByRole('button', { name: m(lang, 'myTicket.submit') });

  // A malformed reference is refused at its field.
  await referenceField.fill('AB');
  await emailField.fill('booker-ru@example.com');
  await send.click();
  await expectFieldError(referenceField, m(lang, 'booking.error.bookingReference'));
  await expectAxeClean(page);

  // A pair that matches nothing gets the same answer as one that does.
  const answer = m(lang, 'myTicket.sent', { email: 'booker-ru@example.com' });
  await referenceField.fill('QQQQQQ');
  await send.click();
  await page.getByRole('status').filter({ hasText: answer }).waitFor();
  await referenceField.fill(reference!.toLowerCase());
  await send.click();
  await page.getByRole('status').filter({ hasText: answer }).waitFor();
  const mail = await smtp.waitFor('booker-ru@example.com', 15_000, 2);
  expect(mail.subject).toBe(m(lang, 'booking.mail.access.subject', { reference: reference! }));
  expect(smtp.to('booker-ru@example.com')).toHaveLength(2);

  // The emailed link opens the order and leaves the address without its secret.
  await gotoHydrated(page, linkIn(mail));
  expect(page.url()).toMatch(/\/ru\/orders\/ord_[A-Za-z0-9_-]+$/);
  expect((await page.getByTestId('order-reference').textContent())?.trim()).toBe(reference);
  // Without the access cookie or a session, nobody else sees it; a wrong token neither.
  expect((await fetch(page.url())).status).toBe(404);
  expect((await fetch(`${page.url()}?access_token=${'A'.repeat(43)}`, { redirect: 'manual' })).status).toBe(
    404,
  );
  expect((await fetch(`${page.url()}/ticket.pdf`)).status).toBe(404);
  // A stranger (or the traveller on another device) who opens the bare address is told how to reach the order.
  const orderUrl = page.url();
  await context.close();
  const elsewhere = await browser.newContext();
  const bare = await elsewhere.newPage();
  expect((await bare.goto(orderUrl))?.status()).toBe(404);
  const hint = bare.getByTestId('order-not-found');
  await expect.poll(() => hint.textContent()).toContain(m(lang, 'error.notFound.order'));
  await hint.getByRole('link', { name: m(lang, 'error.notFound.orderLookup'), exact: true }).click();
  await bare.waitForURL(`${site.url}/${lang}/info/my-ticket`);
  await elsewhere.close();

  // Without JavaScript the server's answer (the same schema) shows the error at its field and keeps what was
  // typed, and a well-formed pair gets the same answer.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(`${site.url}/${lang}/info/my-ticket`);
  const plainReference = noScript.getByLabel(m(lang, 'myTicket.reference'), { exact: true });
  const plainEmail = noScript.getByLabel(m(lang, 'myTicket.email'), { exact: true });
  await plainReference.fill('AB');
  await plainEmail.fill('booker-ru@example.com');
  await noScript.getByRole('button', { name: m(lang, 'myTicket.submit') }).click();
  await expectFieldError(plainReference, m(lang, 'booking.error.bookingReference'));
  expect(await plainEmail.inputValue()).toBe('booker-ru@example.com');
  await plainReference.fill('QQQQQQ');
  await noScript.getByRole('button', { name: m(lang, 'myTicket.submit') }).click();
  await noScript.getByRole('status').filter({ hasText: answer }).waitFor();
  await plain.close();
});

test('signed in: a passenger comes from the saved travellers, and the new one is saved', async () => {
  const lang: Locale = 'uz';
  const email = 'saver@example.com';
  const token = await accountWithTraveller(email, lang, AZIZ);

  const { context, page, errors: pageErrors } = await openBookingPage(lang, { adults: 2, token });
  // The contact email comes from the account.
  expect(await page.getByLabel(m(lang, 'booking.contact.email'), { exact: true }).inputValue()).toBe(email);
  const first = passengerGroup(page, lang, 0, 'adult');
  await first
    .getByLabel(m(lang, 'booking.saved.label'), { exact: true })
    .selectOption({ label: `Aziz Karimov · ${dateOf(lang, '1990-04-01')}` });
  expect(await first.getByLabel(m(lang, 'booking.passenger.givenName'), { exact: true }).inputValue()).toBe(
    'Aziz',
  );
  expect(await first.getByLabel(m(lang, 'booking.passenger.citizenship'), { exact: true }).inputValue()).toBe(
    'UZ',
  );
  await fillPassenger(passengerGroup(page, lang, 1, 'adult'), lang, {
    given: 'Nodira',
    family: 'Karimova',
    born: '1992-09-30',
    gender: 'female',
    citizenship: 'UZ',
    document: 'AA7654321',
    expires: isoDay(4 * 365),
  });
  await page.getByLabel(m(lang, 'booking.contact.fullName'), { exact: true }).fill('Aziz Karimov');
  await page.getByLabel(m(lang, 'booking.contact.phone'), { exact: true }).fill('+998 90 123 45 67');
  await page.getByLabel(m(lang, 'booking.saved.save'), { exact: true }).check();
  await page.locator('input[name="agreement"]').check();
  await expectAxeClean(page);
  // Enter in a field books, although the form's first submit button is a "fill" button.
  await page.getByLabel(m(lang, 'booking.contact.phone'), { exact: true }).press('Enter');
  await page.waitForURL(/\/v1\/sandbox-pay\//);
  const travellers = await fetch(`${site.url}/v1/user/travellers`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const list = (await travellers.json()) as {
    data: { given_name: string }[];
  };
  expect(pageErrors).toEqual([]);
  expect(list.data.map((t) => t.given_name).sort()).toEqual(['Aziz', 'Nodira']);
  await context.close();
});

test('without JavaScript the booking form shows its errors after the round trip and keeps what was typed', async () => {
  const lang: Locale = 'ru';
  const { context, page } = await openBookingPage(lang, { javaScript: false });
  const given = passengerGroup(page, lang, 0, 'adult').getByLabel(m(lang, 'booking.passenger.givenName'), {
    exact: true,
  });
  await given.fill('Азиз');
  await page.getByLabel(m(lang, 'booking.contact.email'), { exact: true }).fill('nojs@example.com');
  await page.getByRole('button', { name: m(lang, 'booking.submit') }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: m(lang, 'booking.errorSummary', { count: 10 }) })
    .waitFor();
  await expectFieldError(given, m(lang, 'booking.error.givenName'));
  expect(await given.inputValue()).toBe('Азиз');
  expect(await page.getByLabel(m(lang, 'booking.contact.email'), { exact: true }).inputValue()).toBe(
    'nojs@example.com',
  );
  await context.close();
});

test('without JavaScript "fill" puts a saved traveller into a passenger; an unknown bag is refused at its passenger', async () => {
  const lang: Locale = 'en';
  const email = 'nojs-saver@example.com';
  const token = await accountWithTraveller(email, lang, NODIRA);

  const { context, page, offer } = await openBookingPage(lang, { token, javaScript: false });
  const passenger = passengerGroup(page, lang, 0, 'adult');
  await page.getByLabel(m(lang, 'booking.contact.phone'), { exact: true }).fill('90 123 45 67');
  await passenger
    .getByLabel(m(lang, 'booking.saved.label'), { exact: true })
    .selectOption({ label: `Nodira Karimova · ${dateOf(lang, '1992-09-30')}` });
  await passenger.getByRole('button', { name: m(lang, 'booking.saved.fill') }).click();
  // The action filled the passenger and kept what else was typed; no errors yet.
  const given = passenger.getByLabel(m(lang, 'booking.passenger.givenName'), { exact: true });
  await expect.poll(() => given.inputValue()).toBe('Nodira');
  expect(
    await passenger.getByLabel(m(lang, 'booking.passenger.documentNumber'), { exact: true }).inputValue(),
  ).toBe('AA7654321');
  expect(
    await passenger.getByLabel(m(lang, 'booking.passenger.citizenship'), { exact: true }).inputValue(),
  ).toBe('UZ');
  expect(await page.getByLabel(m(lang, 'booking.contact.phone'), { exact: true }).inputValue()).toBe(
    '90 123 45 67',
  );
  expect(await page.getByRole('alert').count()).toBe(0);
  await context.close();

  // A bag the offer does not have (a form not this page's): the API's refusal is shown at that passenger's
  // luggage, and nothing is booked.
  const form = new URLSearchParams({
    offer_id: offer.id,
    offer_total: offer.total_amount,
    currency: 'USD',
    idempotency_key: `e2e-unknown-bag-${Date.now()}`,
    'contact.full_name': 'Bag Less',
    'contact.email': 'bagless@example.com',
    'contact.phone_country': 'UZ',
    'contact.phone': '901234567',
    'passengers[0].type': 'adult',
    'passengers[0].given_name': 'Bag',
    'passengers[0].family_name': 'Less',
    'passengers[0].born_on': '1980-01-01',
    'passengers[0].gender': 'male',
    'passengers[0].citizenship': 'UZ',
    'passengers[0].document.number': 'AA0000002',
    'passengers[0].document.expires_on': isoDay(3 * 365),
    'passengers[0].luggage': 'lug_9',
    agreement: 'on',
  });
  const answer = await fetch(`${site.url}/en/flight/booking?offer=${encodeURIComponent(offer.id)}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect([400, 422]).toContain(answer.status);
  expect(answer.headers.getSetCookie().some((c) => c.startsWith('order_ord_'))).toBe(false);
  const html = await answer.text();
  expect(html).toContain(m(lang, 'booking.error.serviceUnknown'));
  // Under the passenger's luggage boxes when the offer sells bags for an adult (else in the summary only).
  if (offer.available_services.some((s) => s.passenger_types.includes('adult'))) {
    expect(html).toContain('id="booking-passengers[0].luggage-error"');
  }
});

test('an expired offer shows the spec message and a one-click new search; a forged one is not found', async () => {
  const offer = await findOffer('en', { adults: 1, children: 0, infants: 0 });
  const now = Date.now();
  const expired = encodeOffer(
    {
      slices: offer.slices.map((s) => s.segments.map((g) => g.flight_key)),
      cabin: 'economy',
      passengers: { adults: 1, children: 0, infants: 0 },
      fareFamily: 'light',
      searchedAt: now - 30 * 60_000,
      expiresAt: now - 10 * 60_000,
      currency: 'USD',
    },
    OFFER_SECRET,
  );
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const response = await page.goto(`${site.url}/tr/flight/booking?offer=${expired}&search=TAS0101IST1`);
  expect(response?.status()).toBe(410);
  await page
    .getByRole('alert')
    .filter({ hasText: m('tr', 'booking.expired') })
    .waitFor();
  const again = page.getByRole('link', { name: m('tr', 'booking.newSearch') });
  expect(await again.getAttribute('href')).toBe('/tr/flight/TAS0101IST1');
  await expectAxeClean(page);

  // Read once hydrated: the offer clock runs only for a real offer, so these pages never turn into "expired".
  const forged = await gotoHydrated(page, `${site.url}/tr/flight/booking?offer=not-a-real-offer`);
  expect(forged?.status()).toBe(404);
  await page
    .getByRole('alert')
    .filter({ hasText: m('tr', 'booking.error.offer') })
    .waitFor();
  expect(await page.getByText(m('tr', 'booking.expired')).count()).toBe(0);
  expect(await page.getByRole('link', { name: m('tr', 'booking.newSearch') }).getAttribute('href')).toBe(
    '/tr',
  );
  const none = await gotoHydrated(page, `${site.url}/tr/flight/booking`);
  expect(none?.status()).toBe(200);
  await page
    .getByRole('status')
    .filter({ hasText: m('tr', 'booking.noOffer') })
    .waitFor();
  expect(await page.getByText(m('tr', 'booking.expired')).count()).toBe(0);
  await context.close();
});
