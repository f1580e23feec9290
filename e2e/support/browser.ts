import { chromium, type Browser, type Page } from 'playwright-core';
import { keepTabs } from './tabs.ts';
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

/**
 * Whether this run's clock is moved (`npm run test:dates`, docs/testing-dates.md): libfaketime moves the
 * clock of the test process and of every server it starts, and sets FAKETIME.
 */
export const CLOCK_MOVED = process.env.FAKETIME !== undefined;

/**
 * Debian's Chromium, never a downloaded browser. On a moved clock every page of the browser starts at the
 * test process's (moved) time and runs on from there, through Playwright's clock: Chromium itself is kept
 * out of libfaketime, whose preload is not meant for a browser's many processes.
 * A finished test's tab is kept for the next test that asks for a context with the same options (`keepTabs`,
 * e2e/support/tabs.ts); `keepTabs: false` gives every context a new tab.
 */
export async function launchBrowser({ keepTabs: keep = true } = {}): Promise<Browser> {
  const { LD_PRELOAD: _preload, FAKETIME: _faketime, ...env } = process.env;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: BROWSER_FLAGS,
    env: env as Record<string, string>,
  });
  const newContext = browser.newContext.bind(browser);
  // Browser.newPage makes its context through newContext, so both start on the moved clock.
  const makeContext: Browser['newContext'] = async (options) => {
    const context = await newContext(options);
    if (CLOCK_MOVED) await context.clock.install({ time: Date.now() });
    return context;
  };
  if (keep) keepTabs(browser, makeContext);
  else browser.newContext = makeContext;
  return browser;
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
