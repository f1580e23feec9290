/**
 * The development mailbox's email previews (ADR 0019): linked from /{lang}/dev/mailbox, every email sample in
 * every language rendered on demand, as sent (HTML with the policy its inline styles need, or text); all of
 * it a 404 wherever the mailbox is off (as in production, which refuses the mailbox).
 */
import { MESSAGES } from '@parvoz/i18n/messages';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSite, type RunningSite } from './support/server.ts';
import { gotoHydrated, launchBrowser } from './support/browser.ts';

let on: RunningSite;
let off: RunningSite;
let browser: Browser;

beforeAll(async () => {
  [on, off] = await Promise.all([
    startSite({ PARVOZ_DEV_MAILBOX: '1' }),
    startSite({ PARVOZ_DEV_MAILBOX: '0' }),
  ]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([on?.stop(), off?.stop()]);
});

test('the mailbox links to the previews; each opens as the email itself, in the language chosen', async () => {
  const page = await browser.newPage();
  await gotoHydrated(page, `${on.url}/ru/dev/mailbox`);
  await page.getByRole('link', { name: MESSAGES.ru['mailbox.previews.link'] }).click();
  await page.getByRole('heading', { level: 1, name: MESSAGES.ru['mailbox.previews.heading'] }).waitFor();
  const table = page.getByTestId('email-previews');
  expect(await table.getByRole('rowheader').allTextContents()).toEqual(
    expect.arrayContaining(['auth-code', 'order-confirmation', 'price-alert-drop']),
  );
  // The Uzbek sign-in code email, as HTML.
  await table.locator('a[href="/ru/dev/mailbox/previews/auth-code/uz"]').click();
  await page.waitForURL(`${on.url}/ru/dev/mailbox/previews/auth-code/uz`);
  expect(await page.locator('body').textContent()).toContain('482913');
  await page.close();

  const html = await fetch(`${on.url}/en/dev/mailbox/previews/order-confirmation/tr`);
  expect(html.status).toBe(200);
  expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(html.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(await html.text()).toMatch(/^<!DOCTYPE html/i);
  const text = await fetch(`${on.url}/en/dev/mailbox/previews/auth-code/ru?part=text`);
  expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(await text.text()).toMatch(/^Subject: .*482913/);
});

test('an unknown email or language is the 404 page, never a 500', async () => {
  for (const path of ['/en/dev/mailbox/previews/no-such-email/en', '/en/dev/mailbox/previews/auth-code/de']) {
    expect((await fetch(`${on.url}${path}`)).status, path).toBe(404);
  }
});

test('wherever the mailbox is off, the previews do not exist', async () => {
  for (const path of [
    '/en/dev/mailbox',
    '/en/dev/mailbox/previews',
    '/en/dev/mailbox/previews/auth-code/en',
    '/v1/dev/email-previews',
    '/v1/dev/email-previews/auth-code?lang=en',
  ]) {
    expect((await fetch(`${off.url}${path}`)).status, path).toBe(404);
  }
});
