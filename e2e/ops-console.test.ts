/**
 * The agency's console in Chromium (docs/after-sale.md §5–§6), on a started site with a real SMTP server:
 *  - the first admin is made by `npm run ops -- add-admin`, signs in by emailed code and invites an operator
 *    (emailed), who signs in the same way on a 360 px phone;
 *  - the operator finds a PAID order by its reference, notes it and cancels it with its refund, each after a
 *    confirmation; the sandbox provider's signed refund webhook comes back and the order is refunded; the
 *    order's history and the admin's audit log name who did what;
 *  - every console page is the site's 404 for a visitor and for a signed-in traveller, and the staff page for
 *    an operator; the admin gets every page.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterScrollReset, gotoHydrated } from './support/browser.ts';
import { expectAxeClean } from './support/axe.ts';
import { en } from './support/messages.ts';
import { type RunningSite, stopSuite, startSiteWithMail } from './support/server.ts';
import { type TestSmtpServer } from './support/smtp.ts';
import { sessionToken } from './support/api.ts';
import { bookThroughApi, searchOffers, type BookedOrder } from './support/offers.ts';
import { payOrderAsTraveller, signInOnPage } from './support/journeys.ts';
import { passSecondFactorOnPage } from './support/second-factor.ts';

const ADMIN = 'boss@agency.test';
const OPERATOR = 'desk@agency.test';
const TRAVELLER = 'just-a-traveller@example.com';
let smtp: TestSmtpServer;
let site: RunningSite;
let browser: Browser;
let order: BookedOrder;
/** A second paid order, which the admin cancels refunding more than its fare rules give. */
let second: BookedOrder;

/** Every console page; `:id` is the paid order. */
const PAGES = ['/en/ops', '/en/ops/orders', '/en/ops/orders?q=ABC123', '/en/ops/orders/:id', '/en/ops/staff'];
const pageUrl = (p: string) => `${site.url}${p.replace(':id', order.id)}`;

beforeAll(async () => {
  // The command a new agency runs once, before starting the site.
  ({ smtp, site, browser } = await startSiteWithMail({}, { admin: ADMIN }));
  expect(site.adminOutput).toContain(`${ADMIN} is now an admin of the console`);

  const [offer] = await searchOffers(site.url, { days: 40 });
  const book = (key: string) => bookThroughApi(site.url, offer!, key);
  order = await book('ops-console-e2e-1');
  second = await book('ops-console-e2e-2');
});

afterAll(() => stopSuite(site, browser, smtp));

/** A signed-in traveller without a role, through the API (the browser sign-in is shown by the staff). */
async function travellerContext(): Promise<BrowserContext> {
  const token = await sessionToken(site.url, smtp, TRAVELLER);
  const context = await browser.newContext();
  await context.addCookies([{ name: 'token', value: token, url: site.url }]);
  return context;
}

async function expectNotFound(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(404);
  await page.getByText(en('error.notFound.message', { path: new URL(url).pathname })).waitFor();
}

test('a visitor and a signed-in traveller get the 404 on every console page', async () => {
  const visitor = await browser.newPage();
  for (const p of PAGES) await expectNotFound(visitor, pageUrl(p));
  await visitor.close();
  const traveller = await travellerContext();
  const page = await traveller.newPage();
  for (const p of PAGES) await expectNotFound(page, pageUrl(p));
  // The same page as any unknown address.
  await expectNotFound(page, `${site.url}/en/no-such-page`);
  await traveller.close();
});

test('the first admin invites an operator, who finds a paid order, notes it and cancels it with its refund; all in the history and the audit log', async () => {
  await payOrderAsTraveller(browser, site.url, order);
  await smtp.waitFor(order.contact.email, 15_000, 1); // the confirmation with the e-ticket

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInOnPage(adminPage, site.url, smtp, ADMIN, 1);
  // An admin passes the second factor first (docs/decisions/0023-console-second-factor.md): an authenticator app, enrolled now.
  await passSecondFactorOnPage(adminPage, site.url, ADMIN);
  for (const p of PAGES) {
    const response = await adminPage.goto(pageUrl(p));
    expect(response?.status(), p).toBe(200);
  }
  // The console opens on its overview (docs/after-sale.md §8).
  await gotoHydrated(adminPage, `${site.url}/en/ops`);
  await adminPage.getByRole('heading', { level: 1, name: en('ops.overview.heading') }).waitFor();
  await adminPage.getByRole('link', { name: en('ops.nav.staff') }).click();
  // A wrong address is refused next to its field (checked in the browser with the endpoint's schema).
  await adminPage.getByLabel(en('ops.staff.email')).fill('not-an-address');
  await adminPage.getByRole('button', { name: en('ops.staff.invite') }).click();
  await adminPage.getByText(en('ops.form.error.email')).waitFor();
  expect(await adminPage.getByLabel(en('ops.staff.email')).getAttribute('aria-invalid')).toBe('true');
  await adminPage.getByLabel(en('ops.staff.email')).fill(OPERATOR);
  await adminPage.getByRole('button', { name: en('ops.staff.invite') }).click();
  await adminPage.getByText(en('ops.staff.invited')).waitFor();
  await adminPage.getByTestId('ops-staff').getByText(OPERATOR).waitFor();
  const invitation = await smtp.waitFor(OPERATOR, 15_000, 1);
  expect(invitation.subject).toBe(en('mail.staffInvite.subject'));
  expect(invitation.text).toContain(`${site.url}/en/ops`);

  // The operator, on a phone.
  const desk = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await desk.newPage();
  await signInOnPage(page, site.url, smtp, OPERATOR, 2);
  await expectNotFound(page, `${site.url}/en/ops/staff`);
  await gotoHydrated(page, `${site.url}/en/ops/orders`);
  expect(await page.getByRole('link', { name: en('ops.nav.staff') }).count()).toBe(0);
  await page.getByLabel(en('ops.orders.q')).fill(order.booking_reference.toLowerCase());
  await page.getByRole('button', { name: en('ops.orders.search') }).click();
  await page.waitForURL(/\/en\/ops\/orders\?q=/);
  await page.getByText(en('ops.orders.count', { count: 1 })).waitFor();
  await expectAxeClean(page, 'search');
  await page.getByRole('link', { name: order.booking_reference }).click();
  await page
    .getByRole('heading', { name: en('ops.order.heading', { reference: order.booking_reference }) })
    .waitFor();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await afterScrollReset(page);

  // Refused input: an empty note is refused next to its field (by the browser once the form's schema has
  // loaded, by the action before: the same words either way); a contact correction the action refuses
  // (sent without the browser's check) comes back with each error under its field, nothing changed.
  await page.getByRole('button', { name: en('ops.order.addNote') }).click();
  await page.locator('#ops-note-text-error').getByText(en('ops.order.noteInvalid')).waitFor();
  expect(await page.getByLabel(en('ops.order.note')).getAttribute('aria-invalid')).toBe('true');
  // The correction form starts from the order's contact.
  for (const [label, value] of [
    ['ops.order.contact.fullName', order.contact.full_name],
    ['ops.order.contact.email', order.contact.email],
    ['ops.order.contact.phone', order.contact.phone],
  ] as const)
    expect(await page.getByLabel(en(label), { exact: true }).inputValue()).toBe(value);
  const refused = await page.request.post(page.url(), {
    headers: { origin: site.url },
    form: { intent: 'contact', full_name: 'A B', email: 'nobody', phone: '12', reason: 'x' },
  });
  expect(refused.status()).toBe(400);
  const refusedHtml = await refused.text();
  for (const [field, key] of [
    ['email', 'ops.form.error.email'],
    ['phone', 'ops.form.error.phone'],
    ['reason', 'ops.form.error.reason'],
  ] as const)
    expect(refusedHtml).toContain(
      `<p id="ops-contact-${field}-error" class="text-sm font-medium text-red-700">${en(key)}</p>`,
    );
  expect(refusedHtml).not.toContain('id="ops-contact-full_name-error"');
  // What was typed stays in the fields, not the order's contact.
  expect(/<input[^>]*name="email"[^>]*>/.exec(refusedHtml)?.[0]).toContain('value="nobody"');
  await page.reload();
  expect(await page.getByTestId('ops-order-contact').textContent()).toContain(order.contact.email);

  // A note: asked first, then added (by keyboard).
  const note = 'Traveller asked to cancel by phone';
  await page.getByLabel(en('ops.order.note')).fill(note);
  await page.getByRole('button', { name: en('ops.order.addNote') }).press('Enter');
  const question = page.getByText(en('ops.order.confirmNote', { text: note }));
  await question.waitFor();
  await expect.poll(() => question.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.getByRole('button', { name: en('ops.order.yesNote') }).click();
  await page.getByText(en('ops.order.noted')).waitFor();

  // Cancelling asks first with the quote of the fare rules, then cancels and refunds.
  await page.getByRole('button', { name: en('ops.order.cancel') }).click();
  await page.getByTestId('ops-cancel-quote').waitFor();
  await expectAxeClean(page, 'quote');
  await page.getByRole('button', { name: en('ops.order.confirmCancel') }).click();
  await page.getByText(en('ops.order.cancelledDone')).waitFor();
  // The sandbox provider's signed refund webhook comes back on its own: the history shows the refund done.
  const history = page.getByTestId('ops-timeline');
  await expect
    .poll(
      async () => {
        await page.reload();
        return history.getByText(en('ops.event.refundSucceeded')).count();
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBeGreaterThan(0);
  await history.getByText(en('ops.event.webhook')).first().waitFor();
  await history.getByText(note).waitFor();
  expect(await history.getByText(en('ops.event.cancelled')).count()).toBeGreaterThan(0);
  expect(await history.getByText(OPERATOR).count()).toBeGreaterThanOrEqual(2);
  await expectAxeClean(page, 'order');
  // The traveller is told: the cancellation and the refund.
  await smtp.waitFor(order.contact.email, 15_000, 3);

  // The admin's audit log names who did what.
  await gotoHydrated(adminPage, `${site.url}/en/ops/staff`);
  const audit = adminPage.getByTestId('ops-audit');
  // As sentences, an order's named by its booking reference and linked to its page, a person named by their email.
  const cancelled = audit.getByRole('link', {
    name: en('ops.auditLog.orderCancelled', { actor: OPERATOR, target: order.booking_reference }),
  });
  expect(await cancelled.getAttribute('href')).toBe(`/en/ops/orders/${order.id}`);
  await audit
    .getByRole('link', {
      name: en('ops.auditLog.orderNote', { actor: OPERATOR, target: order.booking_reference }),
    })
    .waitFor();
  await audit.getByText(en('ops.auditLog.staffGranted', { actor: ADMIN, target: OPERATOR })).waitFor();
  await audit.getByText(en('ops.auditLog.staffGranted', { actor: 'command-line', target: ADMIN })).waitFor();

  // An admin may refund another amount than the fare rules give, with a reason (asked first as well).
  await payOrderAsTraveller(browser, site.url, second);
  await gotoHydrated(adminPage, `${site.url}/en/ops/orders/${second.id}`);
  await adminPage.getByRole('button', { name: en('ops.order.cancel') }).click();
  await adminPage.getByTestId('ops-cancel-quote').waitFor();
  await adminPage.getByLabel(en('ops.order.override.reason')).fill('Airline changed the schedule');
  await adminPage.getByRole('button', { name: en('ops.order.override.submit') }).click();
  await adminPage.getByTestId('ops-confirm-override').getByText('Airline changed the schedule').waitFor();
  await adminPage.getByRole('button', { name: /^Yes, cancel and refund / }).click();
  await adminPage.getByText(en('ops.order.cancelledDone')).waitFor();
  const secondHistory = adminPage.getByTestId('ops-timeline');
  await secondHistory.getByText(en('ops.event.cancelledOverride')).waitFor();
  await secondHistory.getByText(/reason: Airline changed the schedule/).waitFor();
  await admin.close();
  await desk.close();
});
