/**
 * The console's suites (ops-*.test.ts): a site whose first admin is made as a new agency does (`npm run ops --
 * add-admin`, on the site's database: the run's PostgreSQL server when it has one), with a real SMTP server and
 * Chromium, and the admin's way into a console page.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { MessageKey } from '@parvoz/i18n/messages';
import { gotoHydrated } from './browser.ts';
import { en } from './messages.ts';
import type { Database } from '@parvoz/db';
import { type RunningSite, stopSuite, startSiteWithMail } from './server.ts';
import type { TestSmtpServer } from './smtp.ts';
import { sessionToken } from './api.ts';
import { passSecondFactorByApi } from './second-factor.ts';

export type ConsoleSite = { smtp: TestSmtpServer; site: RunningSite; browser: Browser };

/** A 360 px phone, the narrowest screen the console is checked on. */
export const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 780 } };

/**
 * Starts the site (with `env`, after `prepare` if given) before the suite's tests and stops it after; `admin` is
 * its console's first admin.
 * The pieces are set once the suite's `beforeAll` has run.
 */
export function useConsoleSite(
  admin: string,
  env: Record<string, string> = {},
  /** Writes into the site's database before it starts. */
  prepare?: (db: Database) => Promise<unknown>,
): ConsoleSite {
  const suite = {} as Partial<ConsoleSite>;
  beforeAll(async () => {
    Object.assign(suite, await startSiteWithMail(env, { admin, prepare }));
  });
  afterAll(() => stopSuite(suite.site, suite.browser, suite.smtp));
  return suite as ConsoleSite;
}

/**
 * An admin's session: signed in by emailed code, then past the second factor (an authenticator app, enrolled on
 * first use; docs/decisions/0023-console-second-factor.md).
 */
export async function adminSession({ site, smtp }: ConsoleSite, admin: string): Promise<string> {
  const token = await sessionToken(site.url, smtp, admin);
  await passSecondFactorByApi(site.url, token, admin);
  return token;
}

/**
 * Opens the console as the holder of `token` in a new browser context and follows the console menu's link
 * `link` to `path`, as a member of staff would.
 */
export async function openConsolePage(
  { site, browser }: ConsoleSite,
  token: string,
  link: MessageKey,
  path: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: 'token', value: token, url: site.url }]);
  const page = await context.newPage();
  await gotoHydrated(page, `${site.url}/en/ops`);
  await page
    .getByRole('navigation', { name: en('ops.nav.label') })
    .getByRole('link', { name: en(link), exact: true })
    .click();
  await page.waitForURL(`${site.url}${path}`);
  return { context, page };
}

/**
 * A new page of `context` at `url`, hydrated, that notes in `errors` its uncaught errors and console errors (a
 * hydration mismatch is one), each headed by `lang`: the console's pages in every language.
 */
export async function localizedPage(
  context: BrowserContext,
  url: string,
  lang: string,
): Promise<{ page: Page; errors: string[] }> {
  const errors: string[] = [];
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${lang}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${lang}: ${message.text()}`);
  });
  await gotoHydrated(page, url);
  return { page, errors };
}
