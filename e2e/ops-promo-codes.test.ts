/**
 * The console's promo codes page in Chromium (docs/operations.md#promo-codes), on a started site with a real SMTP
 * server: the first admin (signed in by emailed code, past the second factor) creates a code, sees it listed with
 * its uses, saves a second version (kept in its history with the author), has a code already taken refused, and
 * retires it; a visitor gets the site's 404 for the page.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { gotoHydrated } from './support/browser.ts';
import { en } from './support/messages.ts';
import { siteDataDirWithAdmin, type RunningSite, stopSuite, startSiteWithMail } from './support/server.ts';
import { type TestSmtpServer } from './support/smtp.ts';
import { sessionToken } from './support/api.ts';
import { passSecondFactorByApi } from './support/second-factor.ts';

const ADMIN = 'promo-chief@agency.test';
let smtp: TestSmtpServer;
let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  const { dataDir } = siteDataDirWithAdmin(ADMIN);
  ({ smtp, site, browser } = await startSiteWithMail({ PARVOZ_DATA_DIR: dataDir }));
});

afterAll(() => stopSuite(site, browser, smtp));

type Key = Parameters<typeof en>[0];

test('an admin creates a code, saves a second version, is refused a taken code and retires it', async () => {
  const visitor = await browser.newPage();
  expect((await visitor.goto(`${site.url}/en/ops/promo-codes`))?.status()).toBe(404);
  await visitor.close();

  const token = await sessionToken(site.url, smtp, ADMIN);
  await passSecondFactorByApi(site.url, token, ADMIN);
  const context = await browser.newContext();
  await context.addCookies([{ name: 'token', value: token, url: site.url }]);
  const page = await context.newPage();
  await gotoHydrated(page, `${site.url}/en/ops`);
  await page
    .getByRole('navigation', { name: en('ops.nav.label') })
    .getByRole('link', { name: en('ops.nav.promoCodes'), exact: true })
    .click();
  await page.waitForURL(`${site.url}/en/ops/promo-codes`);
  await page.getByText(en('ops.promoCodes.none')).waitFor();

  const field = (scope: Locator, label: Key) => scope.getByLabel(en(label), { exact: true });
  const create = page.getByRole('region', { name: en('ops.promoCodes.new') });
  await field(create, 'ops.promoCodes.field.code').fill('spring5');
  await field(create, 'ops.priceRules.field.percent').fill('5');
  await field(create, 'ops.priceRules.field.origins').fill('tas');
  await create.getByRole('button', { name: en('ops.promoCodes.create') }).click();
  await page.getByText(en('ops.promoCodes.created'), { exact: true }).waitFor();

  const code = page.getByTestId('promo-code');
  await code.getByRole('heading', { level: 3 }).filter({ hasText: 'SPRING5' }).waitFor();
  await code
    .getByText(en('ops.promoCodes.uses', { used: 0, limit: 100, perTraveller: 1 }), { exact: true })
    .waitFor();

  // A second version: 200 uses in all.
  await code.locator('summary', { hasText: en('ops.priceRules.edit') }).click();
  const edit = code
    .locator('form')
    .filter({ has: page.getByRole('button', { name: en('ops.promoCodes.save') }) });
  await field(edit, 'ops.promoCodes.field.totalLimit').fill('200');
  await edit.getByRole('button', { name: en('ops.promoCodes.save') }).click();
  await page.getByText(en('ops.promoCodes.saved'), { exact: true }).waitFor();
  await code
    .getByText(en('ops.promoCodes.uses', { used: 0, limit: 200, perTraveller: 1 }), { exact: true })
    .waitFor();
  await code.locator('summary', { hasText: en('ops.priceRules.history', { count: 2 }) }).click();
  const history = code.getByTestId('promo-code-history').locator('li');
  expect(await history.count()).toBe(2);
  expect(await history.first().textContent()).toContain(`saved by ${ADMIN}`);

  // The same code again (in other letters' case) is refused.
  const again = page.getByRole('region', { name: en('ops.promoCodes.new') });
  await field(again, 'ops.promoCodes.field.code').fill('Spring5');
  await field(again, 'ops.priceRules.field.percent').fill('3');
  await again.getByRole('button', { name: en('ops.promoCodes.create') }).click();
  await page.getByText(en('ops.promoCodes.codeTaken'), { exact: true }).waitFor();

  await code.locator('summary', { hasText: en('ops.promoCodes.retire') }).click();
  await code.getByRole('button', { name: en('ops.priceRules.retireYes') }).click();
  await page.getByText(en('ops.promoCodes.retiredDone'), { exact: true }).waitFor();
  await code.getByText(en('ops.promoCodes.state.retired'), { exact: true }).waitFor();
  await context.close();
});
