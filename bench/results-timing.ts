/**
 * What the results-page benchmarks (results-page.ts, results-stream.ts) share: Debian's Chromium, the TAS → IST
 * search they load, the timings they keep per load and how they print them.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { formatSearchSegment } from '../packages/core/src/search-segment.ts';

export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });

/**
 * A phone as the browser benchmarks lay pages out (360 × 740 at 2×, touch), its CPU slowed `slowdown`× through
 * the DevTools protocol as Lighthouse's mobile profile slows it; `beforeScripts` runs in each page before its own.
 */
export async function slowedPhone(
  browser: Browser,
  slowdown: number,
  beforeScripts?: () => void,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  if (beforeScripts) await page.addInitScript(beforeScripts);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  return { context, page, cdp };
}

/** The date `offset` days from today (YYYY-MM-DD). */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The search URL segment of TAS → IST for one adult in economy. */
export const tasIstSegment = (departureDate: string, returnDate: string | null = null) =>
  formatSearchSegment({
    origin: 'TAS',
    destination: 'IST',
    departureDate,
    returnDate,
    passengers: { adults: 1, children: 0, infants: 0 },
    cabin: 'economy',
  });

/** "median / worst" in whole ms; – when nothing was measured. */
export const medianWorst = (values: number[]) => {
  if (values.length === 0) return '–';
  const sorted = values.slice().sort((a, b) => a - b);
  return `${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} / ${sorted.at(-1)!.toFixed(0)}`;
};

/** The first byte, first paint and first offer of each measured load, ms from the navigation's start. */
export function pageTimings() {
  const ttfb: number[] = [];
  const paint: number[] = [];
  const firstOffer: number[] = [];
  return {
    ttfb,
    paint,
    firstOffer,
    add(timing: { ttfb: number; paint: number; offer: number }) {
      ttfb.push(timing.ttfb);
      paint.push(timing.paint);
      firstOffer.push(timing.offer);
    },
  };
}
