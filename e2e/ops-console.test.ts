/**
 * The agency's console in Chromium (issue 13 §5–§6): the first admin made by `npm run ops -- add-admin`,
 * signed in by emailed code, invites an operator (emailed over real SMTP), who signs in, finds an order by
 * its reference, notes it and cancels it on its quote; each action shows in the order's history and the
 * audit log. Anyone without a role — a visitor, a traveller — and an operator on the staff page get the 404.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Offer } from '@parvoz/core/search-types';
import { bookingBody } from '../apps/api/src/booking-testing.ts';
import { launchBrowser, gotoHydrated } from './support/browser.ts';
import { expectAxeClean } from './support/axe.ts';
import { isoDay } from './support/dates.ts';
import { en } from './support/messages.ts';
import { startSite, type RunningSite } from './support/server.ts';
import { codeOf, startSmtpServer, type TestSmtpServer } from './support/smtp.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ANONYMOUS = { authorization: 'Bearer parvoz-public-anonymous', 'content-type': 'application/json' };
const ADMIN = 'boss@agency.test';
const OPERATOR = 'desk@agency.test';
let smtp: TestSmtpServer;
let site: RunningSite;
let browser: Browser;
let order: { id: string; booking_reference: string };

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parvoz-ops-e2e-'));
  // The command a new agency runs once, before starting the site (the embedded database is one process's).
  const { DATABASE_URL: _runnerDatabase, ...inherited } = process.env;
  const made = spawnSync('npm', ['run', '--silent', 'ops', '--', 'add-admin', ADMIN], {
    cwd: ROOT,
    env: { ...inherited, PARVOZ_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(made.status, made.stderr).toBe(0);
  expect(made.stdout).toContain(`${ADMIN} is now an admin of the console`);

  smtp = await startSmtpServer();
  site = await startSite({ SMTP_URL: smtp.url, PARVOZ_DATA_DIR: dataDir });
  browser = await launchBrowser();

  const searched = await fetch(`${site.url}/v1/flights/search`, {
    method: 'POST',
    headers: ANONYMOUS,
    body: JSON.stringify({
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: isoDay(40) }],
      passengers: { adults: 1 },
    }),
  });
  const offer = ((await searched.json()) as { data: { offers: Offer[] } }).data.offers[0]!;
  const booked = await fetch(`${site.url}/v1/orders`, {
    method: 'POST',
    headers: { ...ANONYMOUS, 'idempotency-key': 'ops-console-e2e' },
    body: JSON.stringify(bookingBody(offer)),
  });
  expect(booked.status).toBe(201);
  order = ((await booked.json()) as { data: typeof order }).data;
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.stop();
});

async function signIn(page: Page, email: string, codes: number) {
  await gotoHydrated(page, `${site.url}/en/login`);
  await page.getByLabel(en('auth.email'), { exact: true }).fill(email);
  await page.getByRole('button', { name: en('auth.send') }).click();
  await page.getByText(en('auth.codeSent', { email })).waitFor();
  const mail = await smtp.waitFor(email, 15_000, codes);
  await page.getByLabel(en('auth.code'), { exact: true }).fill(codeOf(mail));
  await page.getByRole('button', { name: en('auth.verify') }).click();
  await page.waitForURL(`${site.url}/en/profile`);
}

const isNotFound = async (page: Page, url: string) => {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(404);
};

test('anyone without a role gets the 404 on every console page', async () => {
  const page = await browser.newPage();
  for (const url of ['/en/ops', '/en/ops/orders', `/en/ops/orders/${order.id}`, '/en/ops/staff'])
    await isNotFound(page, `${site.url}${url}`);
  await page.close();
});

test('the admin invites an operator, who finds an order, notes it and cancels it; all in the history and the audit log', async () => {
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, ADMIN, 1);
  await gotoHydrated(adminPage, `${site.url}/en/ops`);
  await adminPage.waitForURL(`${site.url}/en/ops/orders`);
  await adminPage.getByRole('link', { name: en('ops.nav.staff') }).click();
  await adminPage.getByLabel(en('ops.staff.email')).fill(OPERATOR);
  await adminPage.getByRole('button', { name: en('ops.staff.invite') }).click();
  await adminPage.getByText(en('ops.staff.invited')).waitFor();
  await adminPage.getByTestId('ops-staff').getByText(OPERATOR).waitFor();
  const invitation = await smtp.waitFor(OPERATOR, 15_000, 1);
  expect(invitation.subject).toBe(en('mail.staffInvite.subject'));
  expect(invitation.text).toContain(`${site.url}/en/ops`);

  const desk = await browser.newContext();
  const page = await desk.newPage();
  await signIn(page, OPERATOR, 2);
  // An operator sees no staff page (404), and no link to it.
  await isNotFound(page, `${site.url}/en/ops/staff`);
  await gotoHydrated(page, `${site.url}/en/ops/orders`);
  expect(await page.getByRole('link', { name: en('ops.nav.staff') }).count()).toBe(0);
  await page.getByLabel(en('ops.orders.q')).fill(order.booking_reference.toLowerCase());
  await page.getByRole('button', { name: en('ops.orders.search') }).click();
  await page.waitForURL(/\/en\/ops\/orders\?q=/);
  await page.getByText(en('ops.orders.count', { count: 1 })).waitFor();
  await expectAxeClean(page);
  await page.getByRole('link', { name: order.booking_reference }).click();
  await page
    .getByRole('heading', { name: en('ops.order.heading', { reference: order.booking_reference }) })
    .waitFor();

  await page.getByLabel(en('ops.order.note')).fill('Traveller asked to cancel by phone');
  await page.getByRole('button', { name: en('ops.order.addNote') }).click();
  await page.getByText(en('ops.order.noted')).waitFor();
  // Cancelling asks first: the quote, then the confirmation.
  await page.getByRole('button', { name: en('ops.order.cancel') }).click();
  await page.getByTestId('ops-cancel-quote').waitFor();
  await page.getByRole('button', { name: en('ops.order.confirmCancel') }).click();
  await page.getByText(en('ops.order.cancelledDone')).waitFor();
  const history = page.getByTestId('ops-timeline');
  await history.getByText('Traveller asked to cancel by phone').waitFor();
  await expect.poll(() => history.getByText(en('ops.event.cancelled')).count()).toBeGreaterThan(0);
  expect(await history.getByText(OPERATOR).count()).toBeGreaterThanOrEqual(2);
  await expectAxeClean(page);
  // The traveller is told (the cancellation email of the order).
  await smtp.waitFor('anna.karimova@example.com', 15_000, 1);

  // The admin's audit log names who did what.
  await gotoHydrated(adminPage, `${site.url}/en/ops/staff`);
  const audit = adminPage.getByTestId('ops-audit');
  await audit.getByText(`${OPERATOR} · order.cancelled · order ${order.id}`).waitFor();
  await audit.getByText(`${OPERATOR} · order.note · order ${order.id}`).waitFor();
  await audit.getByText(new RegExp(`${ADMIN.replace('.', '\\.')} · staff\\.granted`)).waitFor();
  await audit.getByText(/command-line · staff\.granted/).waitFor();
  await admin.close();
  await desk.close();
});
