import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { expectAxeClean } from './axe.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

// The helper every accessibility check goes through runs axe in legacy mode: it must still find what axe finds.
test('expectAxeClean names a serious finding, and with `every` a moderate one too', async () => {
  const page = await browser.newPage();
  // A kept tab waits on the site's SVG icon (tabs.ts), a document that setContent cannot rewrite.
  await page.goto('about:blank');
  await page.setContent('<html lang="en"><body><main><h1>Page</h1><img src="data:,"></main></body></html>');
  expect(await findings(expectAxeClean(page, '/broken'))).toMatch(/\/broken image-alt \(critical\)/);
  await page.setContent(
    '<html lang="en"><head><title>Page</title></head><body><main><h1>Page</h1></main><div>Outside every landmark</div></body></html>',
  );
  await expectAxeClean(page);
  expect(await findings(expectAxeClean(page, '', { every: true }))).toMatch(/region \(moderate\)/);
  await page.setContent(
    '<html lang="en"><head><title>Fine</title></head><body><main><h1>Page</h1></main></body></html>',
  );
  await expectAxeClean(page, '', { every: true });
  await page.close();
});

/** The findings a failed check lists (the assertion's actual value), or '' when it passed. */
async function findings(check: Promise<void>): Promise<string> {
  return check.then(
    () => '',
    (error: unknown) => String((error as { actual?: unknown }).actual),
  );
}
