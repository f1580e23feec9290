/**
 * Kept tabs (tabs.ts): the next test gets the tab a finished test gave back, as a new tab would be, and never
 * one that a test changed in a way that cannot be undone. A small page on loopback stands in for the site.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { keepTabs } from './tabs.ts';

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/favicon.svg') {
      response.writeHead(200, { 'content-type': 'image/svg+xml' });
      response.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'visited=1' });
    response.end('<!doctype html><title>page</title><p>page</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
});

test('a closed context comes back with its tab, without the cookies, storage and listeners of its test', async () => {
  const first = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await first.newPage();
  const seen: string[] = [];
  page.on('console', (message) => seen.push(message.text()));
  await page.goto(`${origin}/`);
  await page.evaluate(() => {
    localStorage.setItem('kept', 'yes');
    sessionStorage.setItem('kept', 'yes');
  });
  expect(await first.cookies()).toHaveLength(1);
  await first.close();

  // The same options (in another order of keys): the same context and tab, reset.
  const second = await browser.newContext({ viewport: { height: 780, width: 360 } });
  expect(second).toBe(first);
  const again = await second.newPage();
  expect(again).toBe(page);
  expect(again.url()).toBe(`${origin}/favicon.svg`);
  expect(await second.cookies()).toEqual([]);
  await again.goto(`${origin}/`);
  await again.evaluate(() => console.log('after'));
  expect(seen).toEqual([]);
  expect(await again.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  // Other options: another context.
  const other = await browser.newContext();
  expect(other).not.toBe(second);
  await other.close();
  await second.close();
});

test("browser.newPage's page closes into the pool with its context, and a changed one closes for real", async () => {
  const page = await browser.newPage({ viewport: { width: 300, height: 600 } });
  await page.goto(`${origin}/`);
  await page.close();
  const reused = await browser.newPage({ viewport: { width: 300, height: 600 } });
  expect(reused).toBe(page);
  expect(reused.isClosed()).toBe(false);

  // A route cannot be undone: closing the page closes it and its context for real (and once).
  await reused.route('**/*', (route) => route.continue());
  await reused.close();
  expect(reused.isClosed()).toBe(true);
  const fresh = await browser.newPage({ viewport: { width: 300, height: 600 } });
  expect(fresh).not.toBe(reused);
  await fresh.close();
});

test('a context browser.newPage made is lent again as any other: its next test may open a second tab', async () => {
  const options = { viewport: { width: 344, height: 677 } };
  const owned = await browser.newPage(options);
  await owned.goto(`${origin}/`);
  const context = owned.context();
  await owned.close();
  const again = await browser.newContext(options);
  expect(again).toBe(context);
  const first = await again.newPage();
  // Playwright refuses a second page of a context browser.newPage made ("Please use browser.newContext()").
  const second = await again.newPage();
  expect(second).not.toBe(first);
  await second.close();
  await again.close();
});

test('a CDP session or an init script on the context, or a second tab, is never handed on', async () => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  const second = await context.newPage();
  expect(second).not.toBe(page);
  await second.close();
  expect(second.isClosed()).toBe(true);
  await context.newCDPSession(page);
  await context.close();
  expect(page.isClosed()).toBe(true);
  const next = await browser.newContext({ viewport: { width: 320, height: 640 } });
  expect(next).not.toBe(context);
  await next.addInitScript(() => undefined);
  const tab = await next.newPage();
  await next.close();
  expect(tab.isClosed()).toBe(true);
});

test("the browser outlives its suite: close() gives the suite's contexts back, and the next suite gets them", async () => {
  const options = { viewport: { width: 333, height: 666 } };
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  // A suite's afterAll, with the test's context still open.
  await browser.close();
  expect(browser.isConnected()).toBe(true);
  expect(page.isClosed()).toBe(false);
  expect(page.url()).toBe(`${origin}/favicon.svg`);
  // The next suite of this worker.
  const next = await launchBrowser();
  expect(next).toBe(browser);
  const again = await next.newContext(options);
  expect(again).toBe(context);
  expect(await again.newPage()).toBe(page);
  await again.close();
});

test('past the most kept tabs (a dozen; two here) the oldest closes for real', async () => {
  const fresh = await launchBrowser({ keepTabs: false });
  try {
    keepTabs(fresh, fresh.newContext.bind(fresh), 2);
    const contexts = [];
    for (const width of [401, 402, 403]) {
      const context = await fresh.newContext({ viewport: { width, height: 700 } });
      await (await context.newPage()).goto(`${origin}/`);
      contexts.push(context);
    }
    for (const context of contexts) await context.close();
    expect(contexts.map((context) => context.pages().length)).toEqual([0, 1, 1]);
    expect(await fresh.newContext({ viewport: { width: 401, height: 700 } })).not.toBe(contexts[0]);
    expect(await fresh.newContext({ viewport: { width: 402, height: 700 } })).toBe(contexts[1]);
  } finally {
    await fresh.close();
  }
});

test("a tab that no longer answers (its test left a dialog open) closes for real at the suite's end, in time", async () => {
  const fresh = await launchBrowser({ keepTabs: false });
  try {
    const kept = keepTabs(fresh, fresh.newContext.bind(fresh), 2, 1_000);
    const context = await fresh.newContext({ viewport: { width: 404, height: 700 } });
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    // A listener that never answers the dialog: the page's scripts stop until it is, and so would its reset.
    const opened = new Promise((resolve) => page.once('dialog', resolve));
    void page.evaluate(() => alert('left open')).catch(() => undefined);
    await opened;
    const started = Date.now();
    await kept.giveBackAll();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(page.isClosed()).toBe(true);
    expect(await fresh.newContext({ viewport: { width: 404, height: 700 } })).not.toBe(context);
  } finally {
    await fresh.close();
  }
});

test('keepTabs: false gives every context a new tab', async () => {
  const fresh = await launchBrowser({ keepTabs: false });
  try {
    const context = await fresh.newContext();
    const page = await context.newPage();
    await context.close();
    expect(page.isClosed()).toBe(true);
    expect(await fresh.newContext()).not.toBe(context);
  } finally {
    await fresh.close();
  }
});
