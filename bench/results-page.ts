/**
 * Time to the first offer on the results page (issue 4): `node bench/results-page.ts` (needs `npm run build`).
 * Debian's Chromium loads `/{lang}/flight/{search}` RUNS times per trip (a fresh page each time, so every run
 * searches) and records, from the navigation's start: the first byte, the first paint (the page with its
 * skeleton, streamed before the search ends) and the first offer in the DOM. Median and worst. Asserts nothing.
 */
import { startSite } from '../e2e/support/server.ts';
import { day, launchChromium, medianWorst as stat, pageTimings, tasIstSegment } from './results-timing.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const segment = (returnDate: string | null) => tasIstSegment(day(30), returnDate);

const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' });
const browser = await launchChromium();
try {
  console.log(`Results page, ${RUNS} loads each, loopback, ms from navigation start (median / worst)`);
  console.log('| page | first byte | first paint (skeleton) | first offer | offers |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, path] of [
    ['one way', `/en/flight/${segment(null)}`],
    ['round trip', `/en/flight/${segment(day(37))}`],
  ] as const) {
    const timings = pageTimings();
    let count = 0;
    for (let run = 0; run < RUNS + 1; run++) {
      const page = await browser.newPage();
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelector('[data-testid=offer]')) {
            (window as { firstOffer?: number }).firstOffer = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(site.url + path);
      await page.waitForFunction(() => (window as { firstOffer?: number }).firstOffer !== undefined);
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const fp = performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN;
        return {
          ttfb: nav.responseStart,
          paint: fp,
          offer: (window as { firstOffer?: number }).firstOffer!,
          offers: document.querySelectorAll('[data-testid=offer]').length,
        };
      });
      await page.close();
      if (run === 0) continue; // warm-up: first use of the engine and the browser cache
      timings.add(timing);
      count = timing.offers;
    }
    console.log(
      `| ${name} \`${path}\` | ${stat(timings.ttfb)} | ${stat(timings.paint)} | ${stat(timings.firstOffer)} | ${count} shown |`,
    );
  }
} finally {
  await browser.close();
  await site.stop();
}
