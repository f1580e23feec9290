/**
 * Interaction to Next Paint (docs/performance.md#speed-targets: ≤ 100 ms for typing in the place combobox and
 * applying a filter on a 4× slowed CPU): `node bench/inp.ts` (needs `npm run build`). Debian's Chromium at
 * 360 × 740 (a phone), its CPU slowed 4× through the DevTools protocol as Lighthouse's mobile profile does,
 * on a warm site over loopback. Each run opens a fresh context and records every interaction through the
 * browser's Event Timing API (the `event` entries with an `interactionId`; an interaction lasts as long as
 * its longest event, from the input to the next paint). A run's INP is its longest interaction (web-vitals
 * takes the 98th percentile only past 50 interactions; no run here has that many). Prints the median and
 * worst over the runs, and a baseline from the same run: a click on a plain link-less element of the same
 * page (the browser's own floor under that CPU). Asserts nothing. Options (environment): BENCH_RUNS=5,
 * BENCH_CPU_SLOWDOWN=4, BENCH_LANG=en.
 *
 * Scenarios:
 *  - typing: focus "From" on the home page, type "Samarqand" one key at a time (120 ms apart, a quick typist),
 *    then pick the first suggestion with ArrowDown and Enter;
 *  - filters: on a one-way results page, open the filters sheet, tick the first transfers option, tick the
 *    first airline, and close the sheet on its results;
 *  - booking form: on the booking page of a one-way offer, type the contact's name, email and phone one key at
 *    a time (the form's rules load on this first use, docs/performance.md), tick the first bag, and press
 *    "Book" with the passenger still empty (the rules refuse it in the browser: the error summary shows).
 */
import type { Browser, Page } from 'playwright-core';
import { m } from '../e2e/support/messages.ts';
import { startSite } from '../e2e/support/server.ts';
import { firstOfferOn } from '../e2e/support/offers.ts';
import { passengerGroup } from '../e2e/support/journeys.ts';
import { day, launchChromium, medianWorst, slowedPhone, tasIstSegment } from './results-timing.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const LANG = (process.env.BENCH_LANG ?? 'en') as 'en' | 'ru' | 'uz' | 'tr';

type Interaction = { name: string; duration: number };

/** Runs in the page before its scripts: keeps each interaction's longest event. */
function recordInteractions() {
  const seen = new Map<number, { name: string; duration: number }>();
  (window as { interactions?: typeof seen }).interactions = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (!entry.interactionId) continue;
      const known = seen.get(entry.interactionId);
      if (!known || entry.duration > known.duration)
        seen.set(entry.interactionId, { name: entry.name, duration: entry.duration });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

async function openSlowed(
  browser: Browser,
  url: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await slowedPhone(browser, SLOWDOWN, recordInteractions);
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return { page, close: () => context.close() };
}

/** The interactions recorded so far (Event Timing reports an entry after its paint: give it a frame). */
async function interactions(page: Page): Promise<Interaction[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
  return page.evaluate(() => [
    ...(window as unknown as { interactions: Map<number, Interaction> }).interactions.values(),
  ]);
}

/** A click on the page's main heading: an interaction that changes nothing. */
async function baseline(page: Page): Promise<Interaction[]> {
  for (let i = 0; i < 3; i++) await page.locator('h1').first().click();
  return interactions(page);
}

async function typing(page: Page): Promise<Interaction[]> {
  const from = page.getByRole('combobox', { name: m(LANG, 'search.form.from'), exact: true });
  await from.click();
  await from.fill('');
  await from.pressSequentially('Samarqand', { delay: 120 });
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await from.press('ArrowDown');
  await from.press('Enter');
  await page.getByRole('listbox').getByRole('option').first().waitFor({ state: 'detached' });
  return interactions(page);
}

async function filters(page: Page): Promise<Interaction[]> {
  await page.locator('[data-testid=offer]').first().waitFor();
  await page.getByRole('button', { name: m(LANG, 'search.filters.heading') }).click();
  const sheet = page.getByRole('dialog');
  const transfers = sheet
    .getByRole('group', { name: m(LANG, 'search.filters.transfers') })
    .getByRole('checkbox');
  await transfers.first().click(); // controlled: it shows checked once the URL has changed
  await page.waitForURL(/transfers\[0\]=/);
  const airline = sheet
    .getByRole('group', { name: m(LANG, 'search.filters.airlines') })
    .getByRole('checkbox');
  await airline.first().click();
  await page.waitForURL(/airlines\[0\]=/);
  await sheet.getByRole('button', { name: /\d/ }).last().click();
  await sheet.waitFor({ state: 'hidden' });
  return interactions(page);
}

async function bookingForm(page: Page): Promise<Interaction[]> {
  const field = (key: Parameters<typeof m>[1]) => page.getByLabel(m(LANG, key), { exact: true });
  for (const [key, text] of [
    ['booking.contact.fullName', 'Aziz Karimov'],
    ['booking.contact.email', 'aziz@example.com'],
    ['booking.contact.phone', '901234567'],
  ] as const) {
    await field(key).click();
    await field(key).pressSequentially(text, { delay: 120 });
  }
  // An offer that sells bags has a box per passenger (not every fare does).
  if ((await passengerBag(page).count()) > 0) await passengerBag(page).check();
  await page.getByRole('button', { name: m(LANG, 'booking.submit') }).click();
  // Refused in the browser: the summary names the passenger's empty fields ("Please correct 7 errors").
  const summary = new RegExp(m(LANG, 'booking.errorSummary', { count: 7 }).replace('7', '\\d+'));
  await page.getByRole('alert').filter({ hasText: summary }).first().waitFor();
  return interactions(page);
}

/** The first passenger's first bag on the booking page. */
const passengerBag = (page: Page) => passengerGroup(page, LANG, 0, 'adult').getByRole('checkbox').first();

const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' });
const browser = await launchChromium();
const results = `/${LANG}/flight/${tasIstSegment(day(30))}`;
const offer = await firstOfferOn(site.url, [30, 31, 32, 33]);
const booking = `/${LANG}/flight/booking?offer=${encodeURIComponent(offer.id)}`;
const scenarios = [
  ['baseline: clicks on the home heading', `/${LANG}`, baseline],
  ['typing in "From" (home)', `/${LANG}`, typing],
  ['baseline: clicks on the results heading', results, baseline],
  ['filters (results, one way)', results, filters],
  ['baseline: clicks on the booking heading', booking, baseline],
  ['booking form: contact typed, a bag, "Book"', booking, bookingForm],
] as const;
try {
  // Warm the site: the first render of each page loads its modules and fills caches.
  for (const [, url] of scenarios) await fetch(site.url + url).then((r) => r.text());
  console.log(
    `INP, ${RUNS} runs each, 360 px, CPU slowed ${SLOWDOWN}×, /${LANG}: ms, median / worst over the runs`,
  );
  console.log('| scenario | INP | interactions ≥ 16 ms per run | those of the median run, in order (ms) |');
  console.log('| --- | --- | --- | --- |');
  for (const [name, url, scenario] of scenarios) {
    const inp: number[] = [];
    const runs: Interaction[][] = [];
    for (let run = 0; run < RUNS; run++) {
      const { page, close } = await openSlowed(browser, site.url + url);
      const recorded = await scenario(page);
      await close();
      runs.push(recorded);
      inp.push(Math.max(0, ...recorded.map((i) => i.duration)));
    }
    const middle = runs[inp.indexOf(inp.slice().sort((a, b) => a - b)[Math.floor(RUNS / 2)]!)]!;
    console.log(
      `| ${name} | ${medianWorst(inp)} | ${Math.round(runs.reduce((n, r) => n + r.length, 0) / RUNS)} | ${middle.map((i) => `${i.name} ${i.duration}`).join(', ') || '–'} |`,
    );
  }
} finally {
  await browser.close();
  await site.stop();
}
