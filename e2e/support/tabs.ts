import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/**
 * Tabs kept open between a suite's tests. A new tab costs Chromium about 2 s of CPU (a renderer process started,
 * an empty HTTP and code cache) against about 0.7 s for a page loaded in an open tab (bench/browser-cpu.ts,
 * bench/RESULTS.md), and the suites open one context per test: most of the e2e step's time on CI's two cores.
 *
 * `keepTabs(browser)` makes `browser.newContext` (and so `browser.newPage`) hand out a context with the same options
 * that a finished test gave back, with its one tab, reset as a new one would be:
 * - closing the test's page or context gives them back instead of closing them;
 * - on the way back the page loses every listener the test added (`removeAllListeners`), the storage of the
 *   origin it is on is emptied, it leaves for a static file of that origin (its scripts and timers stop there),
 *   and the context loses its cookies (again when it is handed out) and permissions. A context that still holds
 *   stored data of another origin afterwards (`storageState`) is closed for real;
 * - what cannot be undone is never reused: a context or page whose test routed requests, added init scripts,
 *   exposed functions, set headers, geolocation, offline mode, credentials, a viewport or media, or opened a
 *   CDP session, is closed for real when given back, and a second tab of a context is closed when its test
 *   closes it.
 * The HTTP cache is kept, as a returning visitor's is: emptying it (CDP `Network.clearBrowserCache`) cost as much
 * as it saved. A suite that measures what the browser downloads launches with `keepTabs: false`.
 */
export function keepTabs(
  browser: Browser,
  makeContext: Browser['newContext'],
  maxIdle = MAX_IDLE_TABS,
  giveBackMs = GIVE_BACK_MS,
): KeptTabs {
  const idle = new Map<string, BrowserContext[]>();
  // Given back, oldest first: past `maxIdle` the oldest closes for real (each is a renderer process).
  const idleOrder: BrowserContext[] = [];
  const lent = new Set<BrowserContext>();
  const realCloses = new Map<BrowserContext, BrowserContext['close']>();
  const keys = new Map<BrowserContext, string>();
  /** A context closed for real leaves every list. */
  const forget = (context: BrowserContext, key: string) => {
    lent.delete(context);
    realCloses.delete(context);
    keys.delete(context);
    const list = idle.get(key) ?? [];
    if (list.includes(context)) list.splice(list.indexOf(context), 1);
    if (idleOrder.includes(context)) idleOrder.splice(idleOrder.indexOf(context), 1);
  };
  browser.newContext = async (options: BrowserContextOptions = {}) => {
    const key = stableKey(options);
    const reused = idle.get(key)?.pop();
    if (reused) {
      idleOrder.splice(idleOrder.indexOf(reused), 1);
      lent.add(reused);
      // Made for browser.newPage, it still names that page its owner, and Playwright refuses an owner's context a
      // second tab ("Please use browser.newContext()"): lent as a context of its own, it owns no tab any more.
      disown(reused);
      // Again: a request of the last test still under way when it ended (the browser's own favicon request,
      // say) may have set a cookie since.
      await reused.clearCookies();
      return reused;
    }
    const context = await makeContext(options);
    lent.add(context);
    context.once('close', () => forget(context, key));
    const realClose = lend(context, async () => {
      const list = idle.get(key) ?? [];
      // Closed twice by its test: given back once.
      if (list.includes(context)) return;
      lent.delete(context);
      list.push(context);
      idle.set(key, list);
      idleOrder.push(context);
      if (idleOrder.length <= maxIdle) return;
      const oldest = idleOrder[0]!;
      const closeOldest = realCloses.get(oldest)!;
      forget(oldest, keys.get(oldest)!);
      await closeOldest().catch(() => undefined);
    });
    keys.set(context, key);
    realCloses.set(context, realClose);
    return context;
  };
  return {
    giveBackAll: async () => {
      for (const context of [...lent]) {
        // A reset that never ends (a tab that stopped answering) must not hold the suite's end: the context then
        // closes for real, and the next suite gets a new one.
        const reset = context.close().then(() => true);
        if (await Promise.race([reset, settlesAfter(giveBackMs, false)])) continue;
        console.warn(`keepTabs: a context was not given back within ${giveBackMs} ms; closing it for real`);
        const realClose = realCloses.get(context);
        forget(context, keys.get(context) ?? '');
        await Promise.race([realClose?.().catch(() => undefined), settlesAfter(giveBackMs, false)]);
      }
    },
  };
}

/** What `keepTabs` gives its browser's owner. */
export type KeptTabs = {
  /** Gives back every context still lent (a suite's end): each is reset into the pool, or closed for real. */
  giveBackAll: () => Promise<void>;
};

/**
 * Tabs kept at most, over all options: each is a renderer process of its own, and one worker's browser serves every
 * suite the worker runs (e2e/support/browser.ts), which ask for a dozen or so different options in all.
 */
const MAX_IDLE_TABS = 12;

/** How long a context's reset may take when given back (a page load of a static file, a few calls). */
const GIVE_BACK_MS = 20_000;

const settlesAfter = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms).unref());

/** What a test may change on a context or a page alike, and nothing here undoes. */
const CHANGES = [
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'setExtraHTTPHeaders',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
];
const CONTEXT_CHANGES = [
  ...CHANGES,
  // A CDP session changes the browser in ways nothing here undoes (a virtual authenticator, say).
  'newCDPSession',
  'setGeolocation',
  'setOffline',
  'setHTTPCredentials',
];
const PAGE_CHANGES = [...CHANGES, 'setViewportSize', 'emulateMedia'];

const CLOCK_CHANGES = [
  'install',
  'setFixedTime',
  'setSystemTime',
  'pauseAt',
  'fastForward',
  'runFor',
  'resume',
];

/** Undoes what browser.newPage marks on the context it made and its tab (Playwright's private fields). */
function disown(context: BrowserContext): void {
  (context as unknown as { _ownerPage?: Page })._ownerPage = undefined;
  for (const page of context.pages())
    (page as unknown as { _ownedContext?: BrowserContext })._ownedContext = undefined;
}

/** Marks the object spoilt (not to be lent again) as soon as a test calls one of `methods` on it. */
function watch(target: object, methods: readonly string[], spoil: () => void): void {
  const record = target as Record<string, unknown>;
  for (const name of methods) {
    const original = record[name] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof original !== 'function') continue;
    record[name] = (...args: unknown[]) => {
      spoil();
      return original.apply(target, args);
    };
  }
}

/** Lends `context` (closing gives it back through `giveBack`); returns its real close. */
function lend(context: BrowserContext, giveBack: () => Promise<void>): BrowserContext['close'] {
  const realClose = context.close.bind(context);
  const realNewPage = context.newPage.bind(context);
  let spoilt = false;
  let kept: { page: Page; inUse: boolean; spoilt: boolean; close: Page['close'] } | undefined;
  watch(context, CONTEXT_CHANGES, () => (spoilt = true));
  // Chromium's clock (page.clock) cannot be uninstalled: a test that sets it spoils the context.
  // (A moved clock's own install, launchBrowser's, is done before the context is lent.)
  watch(context.clock, CLOCK_CHANGES, () => (spoilt = true));

  /** The kept tab back from its test: reset, or closed for real if it cannot be. */
  const takeBack = async () => {
    if (!kept?.inUse) return;
    const tab = kept;
    if (tab.spoilt || spoilt || tab.page.isClosed()) {
      // The context goes with its tab: a tab of browser.newPage closes its context anyway (through the
      // context's close, which must then close for real), and a context without its tab saves nothing.
      spoilt = true;
      kept = undefined;
      await tab.close();
      return;
    }
    await resetPage(tab.page);
    tab.inUse = false;
  };

  context.newPage = async () => {
    if (kept?.page.isClosed()) kept = undefined;
    if (kept && !kept.inUse) {
      kept.inUse = true;
      return kept.page;
    }
    const page = await realNewPage();
    // A second tab of the context is closed for real by its test.
    if (kept) return page;
    const tab = { page, inUse: true, spoilt: false, close: page.close.bind(page) };
    kept = tab;
    watch(page, PAGE_CHANGES, () => (tab.spoilt = true));
    page.close = async (options) => {
      // browser.newPage's page closes its context with it, as Playwright's own close does.
      if ((page as unknown as { _ownedContext?: BrowserContext })._ownedContext)
        return context.close(options);
      if (kept === tab) await takeBack();
      else await tab.close(options);
    };
    return page;
  };

  context.close = async (options) => {
    if (spoilt) return realClose(options);
    for (const page of context.pages()) if (page !== kept?.page) await page.close();
    await takeBack();
    // A tab that could not be reset took the context with it.
    if (spoilt) return realClose(options);
    await context.clearCookies();
    await context.clearPermissions();
    const left = await context.storageState();
    if (left.origins.length > 0) return realClose(options);
    await giveBack();
  };
  return realClose;
}

/** The page as a new tab is: no listeners of the test's, nothing stored by its origin, on about:blank. */
async function resetPage(page: Page): Promise<void> {
  page.removeAllListeners();
  if (/^https?:/.test(page.url())) {
    await page
      .evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      })
      .catch(() => undefined);
  }
  // A static file of the same origin, not about:blank: Chromium starts a new renderer process for about:blank and
  // again for the next page, which costs about as much as a new tab (bench/browser-cpu.ts).
  if (/^https?:/.test(page.url())) await page.goto(new URL('/favicon.svg', page.url()).href);
}

/** The same options give the same key, whatever the order their keys were written in. */
function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** For the bench: reset one tab as `keepTabs` does between tests. */
export async function resetTab(context: BrowserContext, page: Page): Promise<void> {
  await resetPage(page);
  await context.clearCookies();
}
