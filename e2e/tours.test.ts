/**
 * Last-minute tours and the agency programme in Chromium: the list with its filters, a tour's page, the
 * request form (with and without JavaScript), the agency application, field errors in the page's language,
 * the operator's emails through a real SMTP server, and what the database holds afterwards.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Locale } from '@parvoz/i18n/locales';
import type { MessageKey } from '@parvoz/i18n/messages';
import { createDatabase } from '@parvoz/db';
import { storedTourRequests } from '../apps/api/src/modules/tours/testing/tour-requests.ts';
import { siteDataDir, startSiteWithMail, type RunningSite, stopSuite } from './support/server.ts';
import { afterScrollReset, gotoHydrated } from './support/browser.ts';
import { type TestSmtpServer } from './support/smtp.ts';
import { expectAxeClean } from './support/axe.ts';
import { m } from './support/messages.ts';
import { fieldErrorOf, fillFields } from './support/fields.ts';
import { storedAgencyApplications } from '../apps/api/src/modules/ops/testing/ops.ts';

const OPERATOR = 'operator@parvoz-e2e.test';
let site: RunningSite;
let browser: Browser;
let smtp: TestSmtpServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = siteDataDir();
  ({ smtp, site, browser } = await startSiteWithMail({
    OPERATOR_EMAIL: OPERATOR,
    OPERATOR_LANG: 'en',
    PARVOZ_DATA_DIR: dataDir,
  }));
});

afterAll(async () => {
  await stopSuite(site, browser, smtp);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The operator's email with this subject, once the outbox has delivered it to the SMTP server. */
async function operatorEmail(subject: string) {
  await expect
    .poll(() => smtp.to(OPERATOR).some((mail) => mail.subject === subject), { timeout: 15_000 })
    .toBe(true);
  return smtp.to(OPERATOR).find((mail) => mail.subject === subject)!;
}

/** The error shown under the field of this label, or null. */
const fieldError = (page: Page, label: string) => fieldErrorOf(page.getByLabel(label, { exact: true }));

/** The errors under the fields labelled by these message keys are these (null: the field is not marked invalid). */
async function expectFieldErrors(
  page: Page,
  lang: Locale,
  expected: Partial<Record<MessageKey, string | null>>,
) {
  const labels = Object.keys(expected) as MessageKey[];
  const errors = await Promise.all(labels.map((label) => fieldError(page, m(lang, label))));
  expect(Object.fromEntries(labels.map((label, i) => [label, errors[i]]))).toEqual(expected);
}

/** Fills the form's fields (`fillFields`) and presses its button labelled by the message `submit`. */
async function submitForm(
  page: Page,
  lang: Locale,
  submit: MessageKey,
  fields: Parameters<typeof fillFields>[2],
) {
  await fillFields(page, lang, fields);
  await page.getByRole('button', { name: m(lang, submit) }).click();
}

describe('last-minute tours', () => {
  test('list → filter → tour → invalid request → request sent → operator email (ru, 360 px, JavaScript)', async () => {
    const lang = 'ru';
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    // Kept to explain a failure: once in ~15 CI runs the tour link's click did not navigate within 30 s.
    const seen: string[] = [];
    page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') seen.push(`console: ${message.text()}`);
    });
    page.on('requestfailed', (request) =>
      seen.push(`requestfailed: ${request.url()} ${request.failure()?.errorText}`),
    );
    const response = await gotoHydrated(page, `${site.url}/${lang}/tours`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      m(lang, 'page.tours.heading'),
    );
    const cards = page.getByTestId('tour-card');
    await expect.poll(() => cards.count()).toBe(7);
    await expectAxeClean(page);

    await page.getByLabel(m(lang, 'tours.filter.origin')).selectOption({ label: 'Алматы' });
    await page.getByRole('button', { name: m(lang, 'tours.filter.apply') }).click();
    await page.waitForURL(/from=ALA/);
    await expect.poll(() => cards.count()).toBe(2);
    await page.getByText(m(lang, 'tours.found', { count: 2 }), { exact: true }).waitFor();
    // The card's link is below the fold of the phone: let the filtered page's scroll to the top happen first.
    await afterScrollReset(page);

    await cards.first().getByRole('link').click();
    await page.waitForURL(/\/ru\/tours\/tbilisi-old-town-from-almaty$/).catch((error: Error) => {
      throw new Error(`${error.message}\nstill at ${page.url()}; the page saw: ${JSON.stringify(seen)}`);
    });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Тбилиси: 4 ночи в Старом городе из Алматы');
    await page.getByText(m(lang, 'tours.includes.excursions'), { exact: true }).waitFor();
    await expectAxeClean(page);

    // Invalid: errors next to the fields, in Russian; nothing is sent.
    await submitForm(page, lang, 'tours.form.submit', {
      'requestForm.fullName': 'Я',
      'requestForm.phone': '12345',
      'requestForm.email': 'olga@',
    });
    await page.getByTestId('form-problem').waitFor();
    await expect(page.getByTestId('form-problem').textContent()).resolves.toBe(
      m(lang, 'requestForm.error.summary'),
    );
    await expectFieldErrors(page, lang, {
      'requestForm.fullName': m(lang, 'requestForm.error.name'),
      'requestForm.phone': m(lang, 'requestForm.error.phone'),
      'requestForm.email': m(lang, 'requestForm.error.email'),
    });
    await expectAxeClean(page);

    // Valid: a number typed the local way, two adults and a child.
    await fillFields(page, lang, {
      'requestForm.fullName': 'Ольга Ким',
      'requestForm.phone': '90 123 45 67',
      'requestForm.email': 'Olga.Kim@example.com',
    });
    await page.getByLabel(m(lang, 'tours.form.children')).selectOption('1');
    await page.getByLabel(m(lang, 'requestForm.message')).fill('Номер с видом на горы');
    await page.getByRole('button', { name: m(lang, 'tours.form.submit') }).click();
    await page.getByTestId('form-sent').waitFor();
    await expect(page.getByTestId('form-sent').textContent()).resolves.toBe(m(lang, 'tours.form.sent'));

    const mail = await operatorEmail(
      m('en', 'mail.tourRequest.subject', {
        tour: 'Tbilisi: 4 nights in the Old Town from Almaty',
        name: 'Ольга Ким',
      }),
    );
    expect(mail.text).toContain('+998901234567');
    expect(mail.text).toContain('olga.kim@example.com');
    expect(mail.text).toContain('2 adults, 1 child');
    expect(mail.text).toContain('Номер с видом на горы');
    await context.close();
  });

  test('the request form works without JavaScript (en)', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/en/tours?month=&from=IST`);
    await page.getByRole('link', { name: 'Bodrum: 5 nights half board from Istanbul' }).click();
    await page.waitForURL(/\/en\/tours\/bodrum-from-istanbul$/);
    await page.getByLabel('Full name', { exact: true }).fill('Mehmet Yılmaz');
    await page.getByLabel('Phone number', { exact: true }).fill('+90 532 123 45 67');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByTestId('form-problem').waitFor();
    expect(await fieldError(page, 'Email')).toBe(m('en', 'requestForm.error.email'));
    // What was typed is still there.
    await expect(page.getByLabel('Full name', { exact: true }).inputValue()).resolves.toBe('Mehmet Yılmaz');

    await page.getByLabel('Email', { exact: true }).fill('mehmet@example.com.tr');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL(/\?sent=1/);
    await page.getByTestId('form-sent').waitFor();
    const mail = await operatorEmail(
      'Tour request: Bodrum: 5 nights half board from Istanbul — Mehmet Yılmaz',
    );
    expect(mail.text).toContain('+905321234567');
    await context.close();
  });

  test('/uz dates and prices in sum read the same after hydration as the server rendered them', async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'currency', value: 'UZS', url: site.url }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const served = await (
      await fetch(`${site.url}/uz/tours/antalya-lara-from-tashkent`, { headers: { cookie: 'currency=UZS' } })
    ).text();
    await gotoHydrated(page, `${site.url}/uz/tours/antalya-lara-from-tashkent`);
    const price = (await page.getByText(/soʻm/).first().textContent()) ?? '';
    expect(price).toMatch(/^8\s750\s300\ssoʻm/);
    expect(served).toContain(price);
    expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
    await context.close();
  });

  test('an unknown tour is a 404 page', async () => {
    const response = await fetch(`${site.url}/uz/tours/no-such-tour`);
    expect(response.status).toBe(404);
  });
});

describe('agencies', () => {
  test('the programme and the application, invalid then valid (uz, JavaScript)', async () => {
    const lang = 'uz';
    const context = await browser.newContext();
    const page = await context.newPage();
    await gotoHydrated(page, `${site.url}/${lang}/agencies`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      m(lang, 'page.agencies.heading'),
    );
    await page.getByText(m(lang, 'content.agencies.lead')).waitFor();
    await expectAxeClean(page);

    await submitForm(page, lang, 'agencies.form.submit', {
      'agencies.form.company': 'Buxoro Sayohat',
      'agencies.form.taxId': '12',
      'agencies.form.website': 'ftp://buxoro.uz',
    });
    await page.getByTestId('form-problem').waitFor();
    await expectFieldErrors(page, lang, {
      'agencies.form.taxId': m(lang, 'agencies.form.error.taxId'),
      'agencies.form.country': m(lang, 'agencies.form.error.country'),
      'agencies.form.website': m(lang, 'agencies.form.error.website'),
      'agencies.form.contact': m(lang, 'requestForm.error.name'),
      'agencies.form.company': null,
    });
    await expectAxeClean(page);

    await submitForm(page, lang, 'agencies.form.submit', {
      'agencies.form.taxId': '301 234 567',
      'agencies.form.country': 'UZ',
      'agencies.form.website': 'https://buxoro.uz',
      'agencies.form.contact': 'Sardor Aliyev',
      'requestForm.email': 'info@buxoro.uz',
      'requestForm.phone': '65 221 11 22',
    });
    await page.getByTestId('form-sent').waitFor();
    await expect(page.getByTestId('form-sent').textContent()).resolves.toBe(m(lang, 'agencies.form.sent'));

    const mail = await operatorEmail(m('en', 'mail.agency.subject', { company: 'Buxoro Sayohat' }));
    expect(mail.text).toContain('Uzbekistan (UZ)');
    expect(mail.text).toContain('+998652211122');
    await context.close();
  });
});

test('the database holds exactly the valid submissions', async () => {
  await site.stop();
  const database = await createDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const requests = await storedTourRequests(database.db);
    expect(requests).toEqual([
      {
        slug: 'tbilisi-old-town-from-almaty',
        full_name: 'Ольга Ким',
        email: 'olga.kim@example.com',
        phone: '+998901234567',
        adults: 2,
        children: 1,
        lang: 'ru',
      },
      {
        slug: 'bodrum-from-istanbul',
        full_name: 'Mehmet Yılmaz',
        email: 'mehmet@example.com.tr',
        phone: '+905321234567',
        adults: 2,
        children: 0,
        lang: 'en',
      },
    ]);
    const applications = (await storedAgencyApplications(database.db)).map((a) => ({
      company_name: a.companyName,
      tax_id: a.taxId,
      country_code: a.countryCode,
      contact_name: a.contactName,
      phone: a.phone,
      website: a.website,
      lang: a.lang,
    }));
    expect(applications).toEqual([
      {
        company_name: 'Buxoro Sayohat',
        tax_id: '301 234 567',
        country_code: 'UZ',
        contact_name: 'Sardor Aliyev',
        phone: '+998652211122',
        website: 'https://buxoro.uz',
        lang: 'uz',
      },
    ]);
  } finally {
    await database.close();
  }
});
