/**
 * Tours and inboxes in the console, in Chromium (docs/after-sale.md §7), on a started site with a real SMTP
 * server:
 *  - an operator (invited by the first admin) creates a tour, uploads its picture and publishes it, all with
 *    JavaScript turned off (plain form posts); bad values (the form's schema's and the API's) come back under
 *    their fields with what was typed, and nothing is saved; a wrong file is refused with a clear message;
 *  - a traveller then sees the tour with its picture on /en/tours and asks about it;
 *  - the operator handles the request in the inbox (status and note);
 *  - each action is in the tour's history and in the admin's audit log, naming the operator.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { gotoHydrated } from './support/browser.ts';
import { expectAxeClean } from './support/axe.ts';
import { isoDay } from './support/dates.ts';
import { en } from './support/messages.ts';
import { fieldErrorOf } from './support/fields.ts';
import { type RunningSite, stopSuite, startSiteWithMail } from './support/server.ts';
import { type TestSmtpServer } from './support/smtp.ts';
import { ANONYMOUS, sessionToken } from './support/api.ts';
import { passSecondFactorByApi } from './support/second-factor.ts';

const ADMIN = 'chief@agency.test';
const OPERATOR = 'tours-desk@agency.test';
const TITLE = 'Khiva and Bukhara: 4 nights from Tashkent';
const SLUG = 'khiva-bukhara-4-nights';
/** A real 8×8 PNG (red), which Chromium draws. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);
let smtp: TestSmtpServer;
let site: RunningSite;
let browser: Browser;
let files: string;

beforeAll(async () => {
  ({ smtp, site, browser } = await startSiteWithMail({ PARVOZ_DEMO_TOURS: '0' }, { admin: ADMIN }));
  files = mkdtempSync(path.join(tmpdir(), 'parvoz-ops-tours-files-'));
  writeFileSync(path.join(files, 'khiva.png'), PNG);
  // A GIF named like a PNG: refused by its bytes, whatever its name says.
  writeFileSync(path.join(files, 'fake.png'), Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
});

afterAll(() => stopSuite(site, browser, smtp));

const post = (url: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${site.url}${url}`, {
    method: 'POST',
    headers: { ...ANONYMOUS, ...headers },
    body: JSON.stringify(body),
  });

async function signedIn(
  token: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: 'token', value: token, url: site.url }]);
  return context;
}

test('an operator creates, illustrates and publishes a tour, a traveller sees it, the operator handles the request; all in the audit log', async () => {
  const adminToken = await sessionToken(site.url, smtp, ADMIN);
  // An admin's session passes the second factor first (docs/decisions/0023-console-second-factor.md): an authenticator app, enrolled now.
  await passSecondFactorByApi(site.url, adminToken, ADMIN);
  const invited = await post(
    '/v1/ops/staff',
    { email: OPERATOR, lang: 'en' },
    { authorization: `Bearer ${adminToken}` },
  );
  expect(invited.status).toBe(201);
  await smtp.waitFor(OPERATOR, 15_000, 1); // the invitation
  const operatorToken = await sessionToken(site.url, smtp, OPERATOR, { codes: 2 });

  // The operator, without JavaScript: every form is a plain post.
  const desk = await signedIn(operatorToken, { javaScriptEnabled: false });
  const page = await desk.newPage();
  const consoleNav = () => page.getByRole('navigation', { name: en('ops.nav.label') });
  await page.goto(`${site.url}/en/ops/orders`);
  await consoleNav()
    .getByRole('link', { name: en('ops.nav.tours'), exact: true })
    .click();
  await page.waitForURL(`${site.url}/en/ops/tours`);
  await page.getByText(en('ops.tours.none')).waitFor();
  await page.getByRole('link', { name: en('ops.tours.new') }).click();
  await page.waitForURL(`${site.url}/en/ops/tours/new`);

  // The page's own fields (the header has a currency too).
  const field = (label: Parameters<typeof en>[0]) =>
    page.getByRole('main').getByLabel(en(label), { exact: true });
  await field('ops.tours.field.slug').fill(SLUG);
  const titles = page.getByRole('group', { name: en('ops.tours.field.title') });
  const englishTitle = titles.getByLabel(en('ops.tours.lang.en'), { exact: true });
  await titles.getByLabel(en('ops.tours.lang.ru'), { exact: true }).fill('Хива и Бухара: 4 ночи из Ташкента');
  await page
    .getByRole('group', { name: en('ops.tours.field.summary') })
    .getByLabel(en('ops.tours.lang.en'), { exact: true })
    .fill('Two old cities of the Silk Road with a guide.');
  await field('ops.tours.field.origin').fill('TAS');
  await field('ops.tours.field.destination').fill('UGC');
  await field('ops.tours.field.country').fill('UZ');
  await field('ops.tours.field.departsOn').fill(isoDay(30));
  await field('ops.tours.field.nights').fill('4');
  await field('ops.tours.field.seatsLeft').fill('12');
  // No English title and a negative price first: refused by the form's schema, each error under its field,
  // nothing made, the form keeps what was typed.
  await field('ops.tours.field.price').fill('-5');
  await page.getByRole('button', { name: en('ops.tours.create') }).click();
  await page.getByText(en('ops.tours.invalid')).waitFor();
  expect(await fieldErrorOf(field('ops.tours.field.price'))).toBe(en('ops.tours.fieldInvalid'));
  expect(await fieldErrorOf(englishTitle)).toBe(en('ops.tours.fieldInvalid'));
  expect(await fieldErrorOf(field('ops.tours.field.slug'))).toBeNull();
  expect(await field('ops.tours.field.slug').inputValue()).toBe(SLUG);
  expect(await field('ops.tours.field.destination').inputValue()).toBe('UGC');
  expect(await field('ops.tours.field.price').inputValue()).toBe('-5');
  await englishTitle.fill(TITLE);
  // A price in sum with tiyin: the form's schema lets it through, the API refuses it at `/price` (UZS has no
  // minor units), and its detail comes back under the price field.
  await field('ops.tours.field.currency').selectOption('UZS');
  await field('ops.tours.field.price').fill('459.5');
  await page.getByRole('button', { name: en('ops.tours.create') }).click();
  await page.getByText(en('ops.tours.invalid')).waitFor();
  expect(await fieldErrorOf(field('ops.tours.field.price'))).toBe(en('ops.tours.fieldInvalid'));
  expect(await fieldErrorOf(englishTitle)).toBeNull();
  expect(await englishTitle.inputValue()).toBe(TITLE);
  expect(await field('ops.tours.field.currency').inputValue()).toBe('UZS');
  const tours = await fetch(`${site.url}/v1/ops/tours`, {
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(((await tours.json()) as { data: unknown[] }).data).toEqual([]);
  await field('ops.tours.field.currency').selectOption('USD');
  await field('ops.tours.field.price').fill('459');
  await page.getByRole('button', { name: en('ops.tours.create') }).click();
  await page.waitForURL(/\/en\/ops\/tours\/[0-9a-f-]{36}\?done=created$/);
  await page.getByText(en('ops.tours.created')).waitFor();
  const tourId = /tours\/([0-9a-f-]{36})/.exec(page.url())![1]!;

  // Not published yet: travellers do not see it.
  const notYet = await fetch(`${site.url}/en/tours/${SLUG}`);
  expect(notYet.status).toBe(404);

  // A wrong file is refused by its bytes; the real picture is taken.
  await page.getByLabel(en('ops.tours.image.choose')).setInputFiles(path.join(files, 'fake.png'));
  await page.getByRole('button', { name: en('ops.tours.image.upload') }).click();
  await page.getByText(en('ops.tours.image.type')).waitFor();
  await page.getByLabel(en('ops.tours.image.choose')).setInputFiles(path.join(files, 'khiva.png'));
  await page.getByRole('button', { name: en('ops.tours.image.upload') }).click();
  await page.getByText(en('ops.tours.image.uploaded')).waitFor();
  await page.getByTestId('ops-tour-image').waitFor();

  await page.getByRole('button', { name: en('ops.tours.publish') }).click();
  await page.getByText(en('ops.tours.publishedDone')).waitFor();
  const history = page.getByTestId('ops-tour-history');
  for (const action of ['ops.audit.tourCreated', 'ops.audit.tourImage', 'ops.audit.tourPublished'] as const)
    await history.getByText(new RegExp(`${OPERATOR.replace(/\./g, '\\.')} · ${en(action)}$`)).waitFor();

  // A traveller sees it on /en/tours, with its picture, and asks about it.
  const traveller = await browser.newContext();
  const public_ = await traveller.newPage();
  await gotoHydrated(public_, `${site.url}/en/tours`);
  await public_.getByRole('link', { name: TITLE }).click();
  await public_.waitForURL(`${site.url}/en/tours/${SLUG}`);
  await public_.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  const picture = public_.locator('main img[src^="/tour-images/"]').first();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(8);
  await traveller.close();
  const asked = await post(`/v1/tours/${SLUG}/requests`, {
    full_name: 'Nodira Saidova',
    email: 'nodira@example.com',
    phone: '+998901112233',
    adults: 2,
    children: 0,
    message: 'Can we add a day in Samarkand?',
    lang: 'en',
  });
  expect(asked.status, await asked.clone().text()).toBe(201);

  // The operator handles it in the inbox.
  await consoleNav()
    .getByRole('link', { name: en('ops.nav.requests'), exact: true })
    .click();
  await page
    .getByRole('navigation', { name: en('ops.inbox.filter') })
    .getByRole('link', { name: en('ops.inbox.status.new'), exact: true })
    .click();
  await page.waitForURL(`${site.url}/en/ops/requests?status=new`);
  const item = page.getByRole('article', { name: 'Nodira Saidova' });
  await item.getByText('Can we add a day in Samarkand?').waitFor();
  await item.getByLabel(en('ops.inbox.statusLabel')).selectOption('in_progress');
  await item.getByLabel(en('ops.inbox.note')).fill('Offered an extra night in Samarkand, waiting for reply');
  await item.getByRole('button', { name: en('ops.inbox.saveLabel', { name: 'Nodira Saidova' }) }).click();
  await page.getByText(en('ops.inbox.saved')).waitFor();
  await page.goto(`${site.url}/en/ops/requests?status=new`);
  await page.getByText(en('ops.inbox.none')).waitFor();
  await page.goto(`${site.url}/en/ops/requests?status=in_progress`);
  await page.getByRole('article', { name: 'Nodira Saidova' }).waitFor();
  expect(await page.getByLabel(en('ops.inbox.note')).inputValue()).toBe(
    'Offered an extra night in Samarkand, waiting for reply',
  );
  // A change the update schema refuses (sent without the browser's check) comes back with each error under
  // its field; nothing changed.
  const itemId = await page.locator('article input[name="id"]').first().inputValue();
  const refused = await page.request.post(page.url(), {
    headers: { origin: site.url },
    form: { id: itemId, status: 'archived', note: 'x'.repeat(2001) },
  });
  expect(refused.status()).toBe(400);
  const refusedHtml = await refused.text();
  for (const [field, key] of [
    ['status', 'ops.form.error.status'],
    ['note', 'ops.form.error.note'],
  ] as const)
    expect(refusedHtml).toContain(
      `<p id="inbox-${itemId}-${field}-error" class="text-sm font-medium text-red-700">${en(key)}</p>`,
    );
  await page.reload();
  expect(await page.getByLabel(en('ops.inbox.note')).inputValue()).toBe(
    'Offered an extra night in Samarkand, waiting for reply',
  );
  await desk.close();

  // With JavaScript, on a phone: the pages are accessible and fit.
  const phone = await signedIn(operatorToken, { viewport: { width: 360, height: 780 } });
  const small = await phone.newPage();
  for (const url of [
    `/en/ops/tours`,
    `/en/ops/tours/${tourId}`,
    `/en/ops/requests`,
    `/en/ops/applications`,
  ]) {
    await gotoHydrated(small, `${site.url}${url}`);
    await expectAxeClean(small, url);
    // Nothing wider than the phone (a wide table scrolls in its own box).
    expect(await small.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(360);
  }
  // With JavaScript (the browser checks with the action's schema): an emptied English title is refused under
  // its field, and the tour keeps its title.
  await gotoHydrated(small, `${site.url}/en/ops/tours/${tourId}`);
  const phoneTitle = small
    .getByRole('group', { name: en('ops.tours.field.title') })
    .getByLabel(en('ops.tours.lang.en'), { exact: true });
  expect(await phoneTitle.inputValue()).toBe(TITLE);
  await phoneTitle.fill('');
  await small.getByRole('button', { name: en('ops.tours.save') }).click();
  await expect.poll(() => fieldErrorOf(phoneTitle)).toBe(en('ops.tours.fieldInvalid'));
  await gotoHydrated(small, `${site.url}/en/ops/tours/${tourId}`);
  expect(await phoneTitle.inputValue()).toBe(TITLE);
  await phone.close();

  // The admin's audit log: a sentence per action naming the operator and the tour by its title, linked to it.
  const boss = await signedIn(adminToken);
  const adminPage = await boss.newPage();
  await gotoHydrated(adminPage, `${site.url}/en/ops/staff`);
  const audit = adminPage.getByTestId('ops-audit');
  const tour = en('ops.auditLog.tourTarget', { tour: TITLE });
  for (const key of [
    'ops.auditLog.tourCreated',
    'ops.auditLog.tourImageUploaded',
    'ops.auditLog.tourPublished',
  ] as const)
    await audit.getByRole('link', { name: en(key, { actor: OPERATOR, target: tour }) }).waitFor();
  // The request by who asked and about which tour.
  const request = en('ops.auditLog.requestTarget', { name: 'Nodira Saidova', tour: TITLE });
  await audit
    .getByText(en('ops.auditLog.tourRequestUpdated', { actor: OPERATOR, target: request }), { exact: true })
    .waitFor();
  await boss.close();
}, 120_000); // many pages in two browsers: over the 60 s default on a busy 2-core machine

test('the console pages of tours and inboxes are the site’s 404 for a visitor', async () => {
  const visitor = await browser.newPage();
  for (const url of ['/en/ops/tours', '/en/ops/tours/new', '/en/ops/requests', '/en/ops/applications']) {
    const response = await visitor.goto(`${site.url}${url}`);
    expect(response?.status(), url).toBe(404);
  }
  await visitor.close();
});
