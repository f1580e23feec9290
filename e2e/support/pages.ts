import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import type { Locale } from '@parvoz/i18n/locales';
import { m } from './messages.ts';
import { afterScrollReset } from './browser.ts';

/** The phone most suites lay pages out on. */
export const PHONE = { width: 360, height: 780 };

/**
 * A new browser context and a page in it, with the page's uncaught errors collected in `errors` (hydration
 * mismatches, server and browser formatting differently, surface there), each with the address it happened at.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.message} @ ${page.url()}`));
  return { context, page, errors };
}

/**
 * "Buy" on a results card whose details are open: the booking page it leads to, hydrated, with its heading
 * (the page is ready to fill).
 */
export async function buyFromCard(page: Page, card: Locator, lang: Locale): Promise<void> {
  await card.getByRole('button', { name: m(lang, 'search.offer.buy') }).click();
  await page.waitForURL(/\/flight\/booking\?/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('heading', { level: 1, name: m(lang, 'page.booking.heading') }).waitFor();
  // The booking page keeps the results page's place until its scroll to the top: wait for it.
  await afterScrollReset(page);
}

/** The results page sorted cheapest first by its sort buttons (read the first offer's `data-total` after). */
export async function sortCheapestFirst(page: Page, lang: Locale): Promise<void> {
  await page.getByTestId('offer').first().waitFor();
  await page
    .getByRole('group', { name: m(lang, 'search.sort.label') })
    .getByRole('button', { name: new RegExp(m(lang, 'search.sort.cheapest')) })
    .click();
  await page.waitForURL(/sort=cheapest/);
}
