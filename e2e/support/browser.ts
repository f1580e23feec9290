import { chromium, type Browser, type Page } from 'playwright-core';
import { SCROLL_AFTER_NAVIGATION_MS } from '../../apps/web/app/lib/shell.client.ts';

/** Flags that keep Chromium off this machine's closed network and out of what a container lacks. */
export const BROWSER_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: BROWSER_FLAGS,
  });
}

/** Opens a page and waits until React has hydrated it (root sets html[data-hydrated]). */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

/**
 * Waits until a page shown by in-app navigation has had its delayed scroll to the top (spec §9: about
 * 100 ms after the route change). Clicking something below the fold before it fires races it: the page
 * scrolls away between Playwright's scroll into view and its click. Timers fire in order of their due
 * time, so one set now for longer than the page's own runs after it, however busy the machine.
 */
export async function afterScrollReset(page: Page) {
  await page.evaluate(
    (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    SCROLL_AFTER_NAVIGATION_MS + 50,
  );
}
