/**
 * The console's promo codes page in Chromium (docs/operations.md#promo-codes), on a started site with a real SMTP
 * server: the first admin (signed in by emailed code, past the second factor) creates a code, sees it listed with
 * its uses, saves a second version (kept in its history with the author), has a code already taken refused, and
 * retires it; a visitor gets the site's 404 for the page.
 */
import { expect, test } from 'vitest';
import type { Locator } from 'playwright-core';
import { en } from './support/messages.ts';
import { adminSession, openConsolePage, useConsoleSite } from './support/console.ts';

const ADMIN = 'promo-chief@agency.test';
const suite = useConsoleSite(ADMIN);

type Key = Parameters<typeof en>[0];

test('an admin creates a code, saves a second version, is refused a taken code and retires it', async () => {
  const { site, browser } = suite;
  const visitor = await browser.newPage();
  expect((await visitor.goto(`${site.url}/en/ops/promo-codes`))?.status()).toBe(404);
  await visitor.close();

  const token = await adminSession(suite, ADMIN);
  const { context, page } = await openConsolePage(suite, token, 'ops.nav.promoCodes', '/en/ops/promo-codes');
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
