/**
 * The console's pricing rules page in Chromium (docs/operations.md#pricing-rules), on a started site with a real
 * SMTP server:
 *  - an operator, a visitor and the admin's console differ as on the staff page: the page is the site's 404 for
 *    the first two, and only admins have its link;
 *  - the first admin (signed in by emailed code, past the second factor) on a 360 px phone previews a 5 % markup
 *    for Tashkent departures (a search from Tashkent was made: its sampled offers would change) and creates it,
 *    sees it listed, edits it (a second version in its history), has a bad value refused at
 *    its field (by the form, and by the API: so'm have no decimals), and retires it; the page is axe-clean and
 *    fits the phone; in Russian, Uzbek and Turkish its words, and no hydration error from Intl.
 */
import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { gotoHydrated } from './support/browser.ts';
import { expectAxeClean } from './support/axe.ts';
import { en, m } from './support/messages.ts';
import { fieldErrorOf } from './support/fields.ts';
import { ANONYMOUS, sessionToken } from './support/api.ts';
import { isoDay } from './support/dates.ts';
import { adminSession, localizedPage, openConsolePage, PHONE, useConsoleSite } from './support/console.ts';

const ADMIN = 'pricing-chief@agency.test';
const OPERATOR = 'pricing-desk@agency.test';
const suite = useConsoleSite(ADMIN);
/** The admin's session, past the second factor. */
let adminToken: string;

type Key = Parameters<typeof en>[0];

/** Opens a disclosure by its summary (once: a second click would close it). */
async function open(scope: Locator, summary: Key, values?: Record<string, string | number>) {
  const toggle = scope.locator('summary', { hasText: en(summary, values) });
  const details = toggle.locator('xpath=..');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await toggle.click();
}

async function notice(page: Page, key: Key) {
  await page.getByText(en(key), { exact: true }).waitFor();
}

test('an operator and a visitor get the 404 for the page, and no link to it', async () => {
  const { site, smtp, browser } = suite;
  // The admin signs in by emailed code and passes the second factor (an authenticator app, enrolled now),
  // then invites an operator.
  adminToken = await adminSession(suite, ADMIN);
  const invited = await fetch(`${site.url}/v1/ops/staff`, {
    method: 'POST',
    headers: { ...ANONYMOUS, authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ email: OPERATOR, lang: 'en' }),
  });
  expect(invited.status).toBe(201);
  await smtp.waitFor(OPERATOR, 15_000, 1); // the invitation
  const operatorToken = await sessionToken(site.url, smtp, OPERATOR, { codes: 2 });

  const desk = await browser.newContext();
  await desk.addCookies([{ name: 'token', value: operatorToken, url: site.url }]);
  const page = await desk.newPage();
  const answer = await page.goto(`${site.url}/en/ops/price-rules`);
  expect(answer?.status()).toBe(404);
  await page.getByText(en('error.notFound.message', { path: '/en/ops/price-rules' })).waitFor();
  await gotoHydrated(page, `${site.url}/en/ops`);
  const nav = page.getByRole('navigation', { name: en('ops.nav.label') });
  await nav.getByRole('link', { name: en('ops.nav.orders'), exact: true }).waitFor();
  expect(await nav.getByRole('link', { name: en('ops.nav.priceRules') }).count()).toBe(0);
  // Its posts too: the operator's form reaches no rule.
  const posted = await page.request.post(`${site.url}/en/ops/price-rules`, {
    form: { intent: 'create', key: 'ops-00000000-0000-0000-0000-000000000000', kind: 'markup' },
    headers: { origin: site.url },
  });
  expect(posted.status()).toBe(404);
  await desk.close();

  const visitor = await browser.newPage();
  expect((await visitor.goto(`${site.url}/en/ops/price-rules`))?.status()).toBe(404);
  await visitor.close();
});

test('an admin creates a 5 % markup for Tashkent departures, edits it, is refused at a field and retires it', async () => {
  const { site } = suite;
  // The admin's session of the first test, past the second factor (docs/decisions/0023-console-second-factor.md).
  const { context: phone, page } = await openConsolePage(
    suite,
    adminToken,
    'ops.nav.priceRules',
    '/en/ops/price-rules',
    PHONE,
  );
  await page.getByRole('heading', { level: 1, name: en('ops.priceRules.heading') }).waitFor();
  await page.getByText(en('ops.priceRules.none')).waitFor();

  // A new rule: a markup of 5 % per passenger on departures from Tashkent.
  const create = page.getByRole('region', { name: en('ops.priceRules.new') });
  const field = (scope: Locator, label: Key) => scope.getByLabel(en(label), { exact: true });
  expect(await field(create, 'ops.priceRules.field.kind').inputValue()).toBe('markup');
  // The form checks its fields before anything is sent: a percentage above 100 is refused at its field.
  await field(create, 'ops.priceRules.field.percent').fill('105');
  await create.getByRole('button', { name: en('ops.priceRules.create') }).click();
  await expect
    .poll(() => fieldErrorOf(field(create, 'ops.priceRules.field.percent')))
    .toBe(en('ops.priceRules.error.percent'));
  await field(create, 'ops.priceRules.field.percent').fill('5');
  await field(create, 'ops.priceRules.field.origins').fill('tas');
  // Previewed before it is saved: a search from Tashkent was made, its three cheapest offers sampled; no order.
  const searched = await fetch(`${site.url}/v1/flights/search`, {
    method: 'POST',
    headers: ANONYMOUS,
    body: JSON.stringify({
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: isoDay(30) }],
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin_class: 'economy',
    }),
  });
  expect(searched.status).toBe(200);
  await create.getByRole('button', { name: en('ops.priceRules.previewButton') }).click();
  const preview = create.getByTestId('price-rule-preview');
  await preview.getByText(en('ops.priceRules.previewSearchesCount', { changed: 3, offers: 3 })).waitFor();
  await preview.getByText(en('ops.priceRules.previewNone')).waitFor();
  expect(await preview.getByTestId('price-rule-preview-margin').first().textContent()).toMatch(
    /^Margin in USD: \$0\.00 → \$[1-9][\d,]*\.\d\d; on average \$0\.00 → \$/,
  );
  expect(await page.getByTestId('price-rule').count()).toBe(0);
  expect(await field(create, 'ops.priceRules.field.origins').inputValue()).toBe('tas');
  await create.getByRole('button', { name: en('ops.priceRules.create') }).click();
  await notice(page, 'ops.priceRules.created');

  const rule = page.getByTestId('price-rule');
  await rule.first().waitFor();
  expect(await rule.count()).toBe(1);
  await rule
    .getByRole('heading', { level: 3 })
    .filter({
      hasText: `${en('ops.priceRules.kind.markup')} · ${en('ops.priceRules.per.passenger', { amount: '5%' })}`,
    })
    .waitFor();
  // A new version applies 30 seconds after it is saved at the soonest: scheduled until then.
  await rule.getByText(en('ops.priceRules.state.scheduled'), { exact: true }).waitFor();
  await rule.getByText(en('ops.priceRules.scope.from', { list: 'TAS' }), { exact: true }).waitFor();
  await rule
    .getByText(new RegExp(`saved by ${ADMIN.replace(/\./g, '\\.')} at`))
    .first()
    .waitFor();

  // The edit: 7 % instead, a new version in the rule's history.
  await open(rule, 'ops.priceRules.edit');
  const edit = rule
    .locator('form')
    .filter({ has: page.getByRole('button', { name: en('ops.priceRules.save') }) });
  expect(await field(edit, 'ops.priceRules.field.origins').inputValue()).toBe('TAS');
  await field(edit, 'ops.priceRules.field.percent').fill('7');
  await edit.getByRole('button', { name: en('ops.priceRules.save') }).click();
  await notice(page, 'ops.priceRules.saved');
  await open(rule, 'ops.priceRules.history', { count: 2 });
  const history = rule.getByTestId('price-rule-history').locator('> li');
  expect(await history.count()).toBe(2);
  expect(await history.nth(0).textContent()).toContain(en('ops.priceRules.per.passenger', { amount: '7%' }));
  expect(await history.nth(1).textContent()).toContain(en('ops.priceRules.per.passenger', { amount: '5%' }));

  // A value only the API can judge: so'm have no decimals. Its refusal is shown at the field, nothing saved.
  await open(rule, 'ops.priceRules.edit');
  await field(edit, 'ops.priceRules.field.fixedAmount').fill('10.50');
  await field(edit, 'ops.priceRules.field.fixedCurrency').selectOption('UZS');
  await edit.getByRole('button', { name: en('ops.priceRules.save') }).click();
  await notice(page, 'ops.priceRules.invalid');
  expect(await fieldErrorOf(field(edit, 'ops.priceRules.field.fixedAmount'))).toBe(
    en('ops.priceRules.error.amountCurrency'),
  );
  // The typed values stay for the correction.
  expect(await field(edit, 'ops.priceRules.field.fixedAmount').inputValue()).toBe('10.50');
  await expectAxeClean(page, 'price rules at 360 px, with a refused field');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.reload();
  await open(rule, 'ops.priceRules.history', { count: 2 });

  // Retired after its confirmation: from 30 seconds on, then shown retired.
  await open(rule, 'ops.priceRules.retire');
  await rule.getByRole('button', { name: en('ops.priceRules.retireYes') }).click();
  await notice(page, 'ops.priceRules.retiredDone');
  await rule.getByText(/^Retired from .+ \(version 3\)$/).waitFor();
  await expect
    .poll(
      async () => {
        await page.reload();
        return rule.getByText(en('ops.priceRules.state.retired'), { exact: true }).count();
      },
      { timeout: 45_000, interval: 3_000 },
    )
    .toBe(1);
  await open(rule, 'ops.priceRules.history', { count: 3 });
  await rule.getByText(en('ops.priceRules.retiredVersion')).waitFor();
  // A retired rule has nothing left to retire.
  expect(await rule.locator('summary', { hasText: en('ops.priceRules.retire') }).count()).toBe(0);
  await expectAxeClean(page, 'price rules at 360 px, retired');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // In every language: the words, the percentages and times by Intl, the same on the server and after hydration.
  for (const lang of ['ru', 'uz', 'tr'] as const) {
    const { page: localized, errors } = await localizedPage(
      phone,
      `${site.url}/${lang}/ops/price-rules`,
      lang,
    );
    await localized.getByRole('heading', { level: 1, name: m(lang, 'ops.priceRules.heading') }).waitFor();
    await localized.getByText(m(lang, 'ops.priceRules.state.retired'), { exact: true }).waitFor();
    await localized.getByRole('region', { name: m(lang, 'ops.priceRules.new') }).waitFor();
    expect(errors).toEqual([]);
    await localized.close();
  }
  await phone.close();
}, 180_000);
