/** Steps of a traveller's or operator's journey that several suites take the same way, in Chromium. */
import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Locale } from '@parvoz/i18n/locales';
import { m } from './messages.ts';
import { codeOf, type TestSmtpServer } from './smtp.ts';
import { gotoHydrated } from './browser.ts';
import { isoDay } from './dates.ts';
import { fillFields } from './fields.ts';

/**
 * On the sandbox provider's card page (waits for it): a card number, a future expiry, a CVC and the holder,
 * then pays. The card decides the outcome (e.g. 4000000000000002 is declined).
 */
export async function payOnSandboxCardPage(
  page: Page,
  lang: Locale,
  { card = '4242424242424242', holder = 'AZIZ KARIMOV' }: { card?: string; holder?: string } = {},
): Promise<void> {
  await page.waitForURL(/\/v1\/sandbox-pay\//);
  await page.getByLabel(m(lang, 'payment.sandbox.cardNumber'), { exact: true }).fill(card);
  await page.getByLabel(m(lang, 'payment.sandbox.expiry'), { exact: true }).fill('12/35');
  await page.getByLabel(m(lang, 'payment.sandbox.cvc'), { exact: true }).fill('123');
  await page.getByLabel(m(lang, 'payment.sandbox.holder'), { exact: true }).fill(holder);
  await page.getByRole('button', { name: /./ }).first().click();
}

/**
 * Signs in on the English sign-in page with the emailed code and lands on the profile. `codes`: how many
 * codes this address will have been sent with this one.
 */
export async function signInOnPage(
  page: Page,
  siteUrl: string,
  smtp: TestSmtpServer,
  email: string,
  codes = 1,
): Promise<void> {
  await gotoHydrated(page, `${siteUrl}/en/login`);
  await page.getByLabel(m('en', 'auth.email'), { exact: true }).fill(email);
  await page.getByRole('button', { name: m('en', 'auth.send') }).click();
  await page.getByText(m('en', 'auth.codeSent', { email })).waitFor();
  const mail = await smtp.waitFor(email, 15_000, codes);
  await page.getByLabel(m('en', 'auth.code'), { exact: true }).fill(codeOf(mail));
  await page.getByRole('button', { name: m('en', 'auth.verify') }).click();
  await page.waitForURL(`${siteUrl}/en/profile`);
}

/** From an unpaid order's page: "Pay", the sandbox card page, back on the order page shown paid. */
export async function payFromOrderPage(page: Page, lang: Locale, holder?: string): Promise<void> {
  // "Pay {price}": the words before the price.
  const pay = m(lang, 'order.pay.button', { price: '\u0000' }).split('\u0000')[0]!;
  const escaped = pay.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('button', { name: new RegExp(`^${escaped}`) }).click();
  await payOnSandboxCardPage(page, lang, holder ? { holder } : {});
  await page.waitForURL(new RegExp(`/${lang}/orders/ord_[A-Za-z0-9_-]+\\?payment=success$`));
  await page
    .getByTestId('order-payment-status')
    .filter({ hasText: m(lang, 'orders.payment.paid') })
    .waitFor();
}

/** The traveller of `order` pays it in a browser of their own, through the link with its access token. */
export async function payOrderAsTraveller(
  browser: Browser,
  siteUrl: string,
  order: { id: string; access_token: string },
): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, `${siteUrl}/en/orders/${order.id}?access_token=${order.access_token}`);
  await payFromOrderPage(page, 'en', 'ANNA KARIMOVA');
  await context.close();
}

/** A traveller as the booking form asks for one: names, birth date, gender, citizenship and passport. */
export type PassengerData = {
  given: string;
  family: string;
  born: string;
  gender: 'male' | 'female';
  citizenship: string;
  document: string;
  expires: string;
};

/** The booking form's fieldset of the `index`-th passenger (from 0), of that type. */
export function passengerGroup(page: Page, lang: Locale, index: number, type: 'adult' | 'child' | 'infant') {
  return page.getByRole('group', {
    name: m(lang, 'booking.passenger.legend', {
      number: index + 1,
      type: m(lang, `booking.passengerType.${type}`),
    }),
  });
}

/** One passenger's fieldset of the booking form filled in. */
export async function fillPassenger(group: Locator, lang: Locale, p: PassengerData): Promise<void> {
  await fillFields(group, lang, {
    'booking.passenger.givenName': p.given,
    'booking.passenger.familyName': p.family,
    'booking.passenger.bornOn': p.born,
    'booking.passenger.gender': p.gender,
    'booking.passenger.citizenship': p.citizenship,
    'booking.passenger.documentNumber': p.document,
    'booking.passenger.documentExpiresOn': p.expires,
  });
}

/** The booking form's contact filled in: Aziz Karimov, an Uzbek mobile number, `email` his address. */
export async function fillContact(page: Page, lang: Locale, email: string): Promise<void> {
  await fillFields(page, lang, {
    'booking.contact.fullName': 'Aziz Karimov',
    'booking.contact.email': email,
    'booking.contact.phoneCountry': 'UZ',
    'booking.contact.phone': '90 123 45 67',
  });
}

/**
 * On the booking page of a one-adult offer: the contact and the adult (Aziz Karimov, Uzbek passport) filled in,
 * `email` the contact's address. Leaves the agreement and the submit to the caller.
 */
export async function fillOneAdultBooking(page: Page, lang: Locale, email: string): Promise<void> {
  await fillContact(page, lang, email);
  await fillPassenger(passengerGroup(page, lang, 0, 'adult'), lang, {
    given: 'AZIZ',
    family: 'KARIMOV',
    born: '1990-04-01',
    gender: 'male',
    citizenship: 'UZ',
    document: 'AA1234567',
    expires: isoDay(3 * 365),
  });
}

/**
 * The order page (`page`, in `lang`) once it shows the order paid, then booked: a supplier's order is booked only
 * once the airline has ticketed it, and the page refreshes itself meanwhile.
 */
export async function expectPaidThenBooked(page: Page, lang: Locale): Promise<void> {
  await expect
    .poll(() => page.getByTestId('order-payment-status').textContent(), { timeout: 15_000 })
    .toBe(m(lang, 'orders.payment.paid'));
  await expect
    .poll(() => page.getByTestId('order-booking-status').textContent(), { timeout: 15_000 })
    .toBe(m(lang, 'orders.status.booked'));
}
