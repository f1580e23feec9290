/**
 * After the sale, the travellers' side (docs/after-sale.md §1–§4), on a started site (real HTTP, Chromium, a
 * real SMTP server):
 *  - the fare rules are shown before booking; a traveller cancels a paid STANDARD-fare order from its page,
 *    sees the quote (all but the fee), confirms, sees the refund status become "Refunded" and gets the
 *    cancellation and refund emails;
 *  - a LIGHT fare's quote gives back only the taxes;
 *  - a payment that arrives after the order was cancelled is refunded automatically, shown on the page and
 *    emailed;
 *  - managing the booking from its page: the phone, the email by a code sent to the new address, the
 *    tickets again, the receipt PDF; without JavaScript a wrong phone is refused under its field.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAxeClean } from './support/axe.ts';
import { formatMoney } from '@parvoz/i18n/currency';
import { type MessageKey } from '@parvoz/i18n/messages';
import { sandboxWebhook } from '../apps/api/src/payments/sandbox.ts';
import { type RunningSite, stopSuite, startSiteWithMail } from './support/server.ts';
import { gotoHydrated } from './support/browser.ts';
import { fieldErrorOf } from './support/fields.ts';
import { type ReceivedEmail, type TestSmtpServer } from './support/smtp.ts';
import { en as m } from './support/messages.ts';
import { isoDay } from './support/dates.ts';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import type { SearchAnswer } from '@parvoz/contracts/offers';
import { payFromOrderPage } from './support/journeys.ts';

let site: RunningSite;
let browser: Browser;
let smtp: TestSmtpServer;

const ANONYMOUS = process.env.PARVOZ_ANONYMOUS_TOKEN ?? 'parvoz-public-anonymous';
/** The site's webhook key, known here so that this file can play the provider's late notice. */
const WEBHOOK_SECRET = 'e2e-after-sale-webhook-secret-0123456789';
/** US dollars a standard fare keeps per seated passenger on this site. */
const FEE = 20;
const usd = (amount: number) => formatMoney('en', amount, 'USD');
let keys = 0;

beforeAll(async () => {
  ({ smtp, site, browser } = await startSiteWithMail({
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    REFUND_FEE_STANDARD: String(FEE),
  }));
});

afterAll(() => stopSuite(site, browser, smtp));

type Offer = {
  id: string;
  fare_family: 'light' | 'standard';
  total_amount: string;
  price_breakdown: { tax_amount: string }[];
  fare_families: { fare_family: string; offer_id: string }[];
  slices: { transfers: number }[];
};
type Booked = { id: string; access_token: string; booking_reference: string; total_amount: string };

/** What this file reads of the API's answers. */
type ApiBody = { data: Offer & Booked & { offers: Offer[]; redirect_url: string } };

async function api(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: ApiBody }> {
  const response = await fetch(`${site.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${ANONYMOUS}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(path === '/v1/orders' ? { 'idempotency-key': `after-sale-e2e-${++keys}-${Date.now()}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** A nonstop offer for one adult in the fare family (the standard one by its `fare_families` id). */
async function offerIn(fare: 'light' | 'standard', days: number): Promise<Offer> {
  const found = await api('/v1/flights/search', {
    method: 'POST',
    body: {
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: isoDay(days) }],
      passengers: { adults: 1 },
      cabin_class: 'economy',
    },
  });
  expect(found.status).toBe(200);
  const first = expandSearchOffers(found.body.data as unknown as SearchAnswer).find((o) =>
    o.slices.every((s) => s.transfers === 0),
  )!;
  const id =
    fare === first.fare_family ? first.id : first.fare_families.find((f) => f.fare_family === fare)!.offer_id;
  const read = await api(`/v1/offers/${encodeURIComponent(id)}`);
  expect(read.status).toBe(200);
  return read.body.data;
}

async function book(offer: Offer, email: string) {
  const answer = await api('/v1/orders', {
    method: 'POST',
    body: {
      offer_id: offer.id,
      lang: 'en',
      contact: { full_name: 'Aziz Karimov', email, phone: '+998 90 123 45 67' },
      passengers: [
        {
          type: 'adult',
          given_name: 'Aziz',
          family_name: 'Karimov',
          born_on: '1988-05-17',
          gender: 'male',
          citizenship: 'UZ',
          document: { number: 'FA7654321', expires_on: isoDay(4 * 365) },
        },
      ],
      services: [],
      agreement: true,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

/** Reloads the order page until the refund status reads `status` (the provider's webhook is on its way). */
async function awaitRefundStatus(page: Page, status: MessageKey) {
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId('order-refund-status').textContent();
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(m(status));
}

const both = (mail: ReceivedEmail, text: string) => {
  expect(mail.text).toContain(text);
  expect(mail.html).toContain(text);
};

test('a paid standard fare: the rules before booking, the quote, the cancellation, the refund and its emails', async () => {
  const offer = await offerIn('standard', 30);
  // A traveller in Tashkent: the order page's instants in their own clock once the page runs (UTC+5 all year).
  const page = await (await browser.newContext({ timezoneId: 'Asia/Tashkent' })).newPage();
  try {
    // Before booking: the fare summary says what a cancellation gives back.
    await gotoHydrated(page, `${site.url}/en/flight/booking?offer=${encodeURIComponent(offer.id)}`);
    const rules = page.getByTestId('fare-rules');
    await rules.getByText(m('fare.rules.standard', { fee: usd(FEE) })).waitFor();
    await rules.getByText(m('fare.rules.afterDeparture')).waitFor();

    const email = 'standard-cancel@example.com';
    const order = await book(offer, email);
    await gotoHydrated(page, `${site.url}/en/orders/${order.id}?access_token=${order.access_token}`);
    await payFromOrderPage(page, 'en');
    await smtp.waitFor(email, 15_000); // the confirmation with the e-ticket
    await expect(page.getByTestId('order-refund-status').textContent()).resolves.toBe(
      m('orders.refund.none'),
    );
    await page
      .getByTestId('fare-rules')
      .getByText(m('fare.rules.standard', { fee: usd(FEE) }))
      .waitFor();

    // Cancel: the quote says what comes back to the card.
    const back = Number(order.total_amount) - FEE;
    await page.getByRole('button', { name: m('order.cancel.button') }).click();
    const quote = page.getByTestId('cancel-quote');
    await quote.waitFor();
    await expect(page.getByTestId('cancel-quote-amount').textContent()).resolves.toBe(usd(back));
    await quote.getByText(m('order.cancel.quote.fee', { fee: usd(FEE) })).waitFor();
    await quote.getByText(m('order.cancel.quote.valid', { minutes: 10 })).waitFor();
    await page.getByRole('heading', { name: m('order.cancel.heading') }).waitFor();
    await expectAxeClean(page);

    await page.getByRole('button', { name: m('order.cancel.confirm') }).click();
    await page
      .getByTestId('order-cancelled')
      .filter({ hasText: m('order.cancelledPaid') })
      .waitFor();
    await expect(page.getByTestId('order-booking-status').textContent()).resolves.toBe(
      m('orders.status.cancelled'),
    );
    await expect(page.getByTestId('order-payment-status').textContent()).resolves.toBe(
      m('orders.payment.paid'),
    );
    await awaitRefundStatus(page, 'orders.refund.refunded');
    await page.getByTestId('order-refunds').getByText(usd(back)).waitFor();
    // Written in UTC by the server, in the traveller's clock once hydrated.
    await expect.poll(() => page.getByTestId('order-refunds').textContent()).toMatch(/\sUTC\+5\b/);
    await page.getByText(m('order.passenger.ticketsVoid')).first().waitFor();
    // No e-ticket for a cancelled booking; nothing to cancel any more.
    expect(await page.getByRole('link', { name: m('order.eticket.download') }).count()).toBe(0);
    expect(await page.getByRole('button', { name: m('order.cancel.button') }).count()).toBe(0);
    await expectAxeClean(page);

    // The emails: the cancellation (with the amount) and the refund done.
    await smtp.waitFor(email, 15_000, 3);
    const subject = (key: MessageKey, values: Record<string, string>) =>
      smtp.to(email).find((mail) => mail.subject === m(key, values));
    const cancelled = subject('aftersale.mail.cancelled.subject', { reference: order.booking_reference });
    both(cancelled!, usd(back));
    const refunded = subject('aftersale.mail.refunded.subject', {
      reference: order.booking_reference,
      amount: usd(back),
    });
    both(refunded!, usd(back));
  } finally {
    await page.context().close();
  }
});

test('a light fare gives back only the taxes', async () => {
  const offer = await offerIn('light', 31);
  const taxes = offer.price_breakdown.reduce((sum, line) => sum + Number(line.tax_amount), 0);
  expect(taxes).toBeGreaterThan(0);
  expect(taxes).toBeLessThan(Number(offer.total_amount));
  const order = await book(offer, 'light-cancel@example.com');
  const page = await (await browser.newContext()).newPage();
  try {
    await gotoHydrated(page, `${site.url}/en/orders/${order.id}?access_token=${order.access_token}`);
    await payFromOrderPage(page, 'en');
    await page
      .getByTestId('fare-rules')
      .getByText(m('fare.rules.light', { taxes: usd(taxes) }))
      .waitFor();
    await page.getByRole('button', { name: m('order.cancel.button') }).click();
    await page.getByTestId('cancel-quote').getByText(m('order.cancel.quote.taxesOnly')).waitFor();
    await expect(page.getByTestId('cancel-quote-amount').textContent()).resolves.toBe(usd(taxes));
    await page.getByRole('button', { name: m('order.cancel.confirm') }).click();
    await page.getByTestId('order-cancelled').waitFor();
    await page.getByTestId('order-refunds').getByText(usd(taxes)).waitFor();
  } finally {
    await page.context().close();
  }
});

test('a payment that arrives after the order was cancelled is refunded automatically, shown and emailed', async () => {
  const offer = await offerIn('standard', 32);
  const email = 'late-payment@example.com';
  const order = await book(offer, email);
  // The traveller opened the card page, then cancelled the booking; the provider's success notice comes late.
  const started = await api(`/v1/orders/${order.id}/payments?access_token=${order.access_token}`, {
    method: 'POST',
    body: {},
  });
  expect(started.status).toBe(201);
  const session = /\/v1\/sandbox-pay\/(sbx_[A-Za-z0-9_-]+)/.exec(started.body.data.redirect_url)![1]!;
  const page = await (await browser.newContext()).newPage();
  try {
    await gotoHydrated(page, `${site.url}/en/orders/${order.id}?access_token=${order.access_token}`);
    await page.getByRole('button', { name: m('order.cancel.button') }).click();
    await page.getByTestId('cancel-quote').getByText(m('order.cancel.text')).waitFor();
    await page.getByRole('button', { name: m('order.cancel.confirm') }).click();
    await page
      .getByTestId('order-cancelled')
      .filter({ hasText: m('order.cancelled') })
      .waitFor();

    const amountMinor = Math.round(Number(order.total_amount) * 100);
    const late = sandboxWebhook(
      WEBHOOK_SECRET,
      { type: 'payment.succeeded', providerRef: session, amountMinor, currency: 'USD' },
      new Date(),
    );
    const delivered = await fetch(`${site.url}/v1/payments/webhooks/sandbox`, {
      method: 'POST',
      body: late.body,
      headers: late.headers,
    });
    expect(delivered.status).toBe(200);
    expect((await delivered.json()).data.effect).toBe('late_payment_refunded');

    await page.reload();
    await page.getByTestId('order-late-payment').waitFor();
    await awaitRefundStatus(page, 'orders.refund.refunded');
    await expect(page.getByTestId('order-booking-status').textContent()).resolves.toBe(
      m('orders.status.cancelled'),
    );
    await page
      .getByTestId('order-refunds')
      .getByText(usd(Number(order.total_amount)))
      .waitFor();

    // Emailed: the cancellation, the late payment being refunded in full, then the refund done.
    await smtp.waitFor(email, 15_000, 3);
    const notice = smtp
      .to(email)
      .find(
        (mail) => mail.subject === m('aftersale.mail.late.subject', { reference: order.booking_reference }),
      );
    expect(notice).toBeDefined();
    both(notice!, usd(Number(order.total_amount)));
  } finally {
    await page.context().close();
  }
});

test('managing a booking: the phone, the email by a code sent to the new address, the tickets again, the receipt', async () => {
  const offer = await offerIn('light', 33);
  const email = 'manage-old@example.com';
  const order = await book(offer, email);
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  try {
    await gotoHydrated(page, `${site.url}/en/orders/${order.id}?access_token=${order.access_token}`);
    await payFromOrderPage(page, 'en');
    await smtp.waitFor(email, 15_000);
    const manage = page.getByRole('region', { name: m('manage.heading') });

    await manage.getByLabel(m('manage.phone.label')).fill('+90 532 123 45 67');
    await manage.getByRole('button', { name: m('manage.phone.submit') }).click();
    await manage
      .getByRole('status')
      .filter({ hasText: m('manage.phone.done', { email }) })
      .waitFor();
    const phoneMail = await smtp.waitFor(email, 15_000, 2);
    both(phoneMail, '+905321234567');

    // The new address gets a code; a wrong code is refused in place, the right one changes the address.
    await manage.getByLabel(m('manage.email.label')).fill('manage-new@example.com');
    await manage.getByRole('button', { name: m('manage.email.submit') }).click();
    const newEmail = 'manage-new@example.com';
    await manage
      .getByRole('status')
      .filter({ hasText: m('manage.email.codeSent', { email: newEmail }) })
      .waitFor();
    const code = /\b(\d{6})\b/.exec((await smtp.waitFor(newEmail, 15_000)).text)![1]!;
    const codeField = manage.getByLabel(m('manage.email.codeLabel', { email: newEmail }));
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await manage.getByRole('button', { name: m('manage.email.confirm') }).click();
    await manage.getByText(m('manage.email.wrongCode', { attempts: 4 })).waitFor();
    await codeField.fill(code);
    await manage.getByRole('button', { name: m('manage.email.confirm') }).click();
    await manage
      .getByRole('status')
      .filter({ hasText: m('manage.email.done', { email: newEmail }) })
      .waitFor();
    await page.getByText(newEmail, { exact: true }).first().waitFor();
    // The old address is told where the emails go now; the new one gets the link.
    const told = await smtp.waitFor(email, 15_000, 3);
    both(told, newEmail);
    await smtp.waitFor(newEmail, 15_000, 2);

    await manage.getByRole('button', { name: m('manage.resend.button') }).click();
    await manage
      .getByRole('status')
      .filter({ hasText: m('manage.resend.done', { email: newEmail }) })
      .waitFor();
    const again = await smtp.waitFor(newEmail, 15_000, 3);
    expect(again.subject).toContain(order.booking_reference);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      manage.getByRole('link', { name: m('manage.receipt.download') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${order.booking_reference}.pdf`);
    const file = await download.path();
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    await expectAxeClean(page);

    // The replaced address undoes the change from the link it was told (docs/decisions/0022-email-change-undo.md):
    // opening the link changes nothing, its button puts the old address back and mails it a new link, and the
    // link cannot be used twice.
    const undoUrl = /https?:\/\/\S+\/undo-email-change\?[^\s"<>)\]]+/.exec(told.text)?.[0];
    expect(undoUrl, told.text).toContain(`/en/orders/${order.id}/undo-email-change?`);
    const undo = await page.context().newPage();
    await gotoHydrated(undo, undoUrl!);
    await undo.getByRole('heading', { level: 1, name: m('manage.undoEmail.heading') }).waitFor();
    expect(smtp.to(email)).toHaveLength(3);
    await expectAxeClean(undo);
    await undo.getByRole('button', { name: m('manage.undoEmail.submit') }).click();
    await undo
      .getByRole('status')
      .filter({ hasText: m('manage.undoEmail.done') })
      .waitFor();
    // Every earlier link stops working; the new one mailed to the old address shows it as the contact again.
    const stale = await gotoHydrated(
      page,
      `${site.url}/en/orders/${order.id}?access_token=${order.access_token}`,
    );
    expect(stale?.status()).toBe(404);
    const mailed = await smtp.waitFor(email, 15_000, 4);
    const orderUrl = new RegExp(`https?://\\S+/orders/${order.id}\\?[^\\s"<>)\\]]+`).exec(mailed.text)?.[0];
    expect(orderUrl, mailed.text).toBeDefined();
    await gotoHydrated(page, orderUrl!);
    await page.getByText(email, { exact: true }).first().waitFor();
    await gotoHydrated(undo, undoUrl!);
    await undo.getByRole('button', { name: m('manage.undoEmail.submit') }).click();
    await undo
      .getByRole('alert')
      .filter({ hasText: m('manage.undoEmail.invalid') })
      .waitFor();
  } finally {
    await page.context().close();
  }
});

test('without JavaScript a manage form shows a wrong field under it, keeps what was typed and changes nothing', async () => {
  const offer = await offerIn('light', 35);
  const email = 'manage-nojs@example.com';
  const order = await book(offer, email);
  const plain = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await plain.newPage();
    await page.goto(`${site.url}/en/orders/${order.id}?access_token=${order.access_token}`);
    const manage = page.getByRole('region', { name: m('manage.heading') });
    const phone = manage.getByLabel(m('manage.phone.label'), { exact: true });
    // Only the server checks (the page's forms carry `novalidate`): its answer is the contract schema's.
    await phone.fill('12');
    await manage.getByRole('button', { name: m('manage.phone.submit') }).click();
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    expect(await fieldErrorOf(phone)).toBe(m('booking.error.phone'));
    expect(await phone.inputValue()).toBe('12');
    const read = await api(`/v1/orders/${order.id}?access_token=${order.access_token}`);
    expect(read.body.data).toMatchObject({ contact: { email, phone: '+998901234567' } });

    await phone.fill('+90 532 123 45 67');
    await manage.getByRole('button', { name: m('manage.phone.submit') }).click();
    await manage
      .getByRole('status')
      .filter({ hasText: m('manage.phone.done', { email }) })
      .waitFor();
    expect(await fieldErrorOf(phone)).toBeNull();
    const changed = await api(`/v1/orders/${order.id}?access_token=${order.access_token}`);
    expect(changed.body.data).toMatchObject({ contact: { phone: '+905321234567' } });
  } finally {
    await plain.close();
  }
});

test('the order page refuses forged and malformed forms with a 4xx and changes nothing', async () => {
  const offer = await offerIn('light', 34);
  const order = await book(offer, 'forms@example.com');
  const other = await book(offer, 'forms-other@example.com');
  const post = async (fields: Record<string, string>, token: string = order.access_token) => {
    const response = await fetch(`${site.url}/en/orders/${order.id}`, {
      method: 'POST',
      headers: {
        origin: site.url,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `order_${order.id}=${token}`,
      },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    await response.body?.cancel();
    return response.status;
  };
  const otherQuote = await api(`/v1/order_cancellations?access_token=${other.access_token}`, {
    method: 'POST',
    body: { order_id: other.id },
  });
  const cases: Record<string, string>[] = [
    { intent: 'cancel-confirm', cancellation_id: `ocn_${'A'.repeat(24)}` },
    { intent: 'cancel-confirm', cancellation_id: otherQuote.body.data.id },
    { intent: 'cancel-confirm', cancellation_id: '../../v1/orders' },
    { intent: 'email-confirm', change_id: 'not-a-uuid', code: '123456' },
    { intent: 'email-confirm', change_id: '00000000-0000-4000-8000-000000000000', code: '123456' },
    { intent: 'email-change', email: 'not an email' },
    { intent: 'email-change', email: 'x'.repeat(300) },
    { intent: 'change-phone', phone: '12' },
    { intent: 'change-phone', phone: '9'.repeat(300) },
    { intent: 'resend' },
    { intent: 'nonsense' },
  ];
  for (const fields of cases) {
    const status = await post(fields);
    expect(status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
    expect(status, JSON.stringify(fields).slice(0, 80)).toBeLessThan(500);
  }
  // Another order's token opens nothing here.
  expect(await post({ intent: 'cancel' }, other.access_token)).toBe(404);
  const read = await api(`/v1/orders/${order.id}?access_token=${order.access_token}`);
  expect(read.body.data).toMatchObject({
    booking_status: 'new',
    contact: { email: 'forms@example.com', phone: '+998901234567' },
  });
  const theirs = await api(`/v1/orders/${other.id}?access_token=${other.access_token}`);
  expect(theirs.body.data).toMatchObject({ booking_status: 'new' });
});
