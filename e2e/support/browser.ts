import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, never a downloaded browser; flags keep it off this machine's closed network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Opens a page and waits until React has hydrated it (root sets html[data-hydrated]). */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}
