import { chromium, type Browser, type Page } from 'playwright-core';
import { keepTabs } from './tabs.ts';
import { watchMissingMessages } from './missing-messages.ts';
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
 *
 * One Chromium serves every suite a test worker runs, one after another (vitest.config.ts): a launch and the
 * browser's first tabs cost Chromium seconds of CPU per suite (bench/RESULTS.md, "One browser per test worker"). A finished test's tab is kept for the next test, of this suite or a later one, that asks for a
 * context with the same options (`keepTabs`, e2e/support/tabs.ts): the sites of a run are all on 127.0.0.1, one
 * site to Chromium whatever their ports, so a kept tab goes on in its renderer. The suite's `browser.close()`
 * gives its contexts back (each reset, or closed for real if it cannot be); the browser ends with its worker.
 * `keepTabs: false` launches a browser of the suite's own, in which every context gets a new tab and
 * `close()` closes it.
 */
export async function launchBrowser({ keepTabs: keep = true } = {}): Promise<Browser> {
  if (!keep) {
    const browser = await launchChromium();
    const makeContext = movedClockContexts(browser);
    browser.newContext = makeContext;
    return browser;
  }
  if (!workerBrowser?.isConnected()) workerBrowser = await launchSharedChromium();
  return workerBrowser;
}

let workerBrowser: Browser | undefined;

async function launchSharedChromium(): Promise<Browser> {
  const browser = await launchChromium();
  const kept = keepTabs(browser, movedClockContexts(browser));
  browser.close = async () => {
    await kept.giveBackAll();
  };
  return browser;
}

async function launchChromium(): Promise<Browser> {
  const { LD_PRELOAD: _preload, FAKETIME: _faketime, ...env } = process.env;
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: BROWSER_FLAGS,
    env: env as Record<string, string>,
  });
}

/** The browser's own newContext, each new context started on the moved clock (if it is). */
function movedClockContexts(browser: Browser): Browser['newContext'] {
  const newContext = browser.newContext.bind(browser);
  // Browser.newPage makes its context through newContext, so both start on the moved clock.
  return async (options) => {
    const context = await newContext(options);
    watchMissingMessages(context);
    if (CLOCK_MOVED) await context.clock.install({ time: Date.now() });
    return context;
  };
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
