/**
 * Time to the first offer on the results page (docs/performance.md#speed-targets, the results page):
 * `node bench/results-page.ts` (needs `npm run build`). Debian's Chromium loads `/{lang}/flight/{search}`
 * RUNS times per trip (a fresh page each time, so every run searches) and records, from the navigation's
 * start: the first byte, the first paint (the page with its skeleton, streamed before the search ends), the
 * first offer in the DOM and the frame that paints it (the end of the first animation frame after it came: a
 * frame's callbacks run just before it is painted). Median and worst. Asserts nothing.
 */
import { startSite } from '../e2e/support/server.ts';
import { day, launchChromium, medianWorst as stat, pageTimings, tasIstSegment } from './results-timing.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const segment = (returnDate: string | null) => tasIstSegment(day(30), returnDate);

const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' });
const browser = await launchChromium();
try {
  console.log(`Results page, ${RUNS} loads each, loopback, ms from navigation start (median / worst)`);
  console.log('| page | first byte | first paint (skeleton) | first offer in the DOM | painted | offers |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name, path] of [
    ['one way', `/en/flight/${segment(null)}`],
    ['round trip', `/en/flight/${segment(day(37))}`],
  ] as const) {
    const timings = pageTimings();
    const painted: number[] = [];
    let count = 0;
    for (let run = 0; run < RUNS + 1; run++) {
      const page = await browser.newPage();
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelector('[data-testid=offer]')) {
            (window as { firstOffer?: number }).firstOffer = performance.now();
            observer.disconnect();
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => {
                (window as { offerPainted?: number }).offerPainted = performance.now();
              };
              channel.port2.postMessage(null);
            });
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(site.url + path);
      await page.waitForFunction(
        () =>
          (window as { offerPainted?: number }).offerPainted !== undefined &&
          performance.getEntriesByName('first-paint').length > 0,
      );
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const fp = performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN;
        return {
          ttfb: nav.responseStart,
          paint: fp,
          offer: (window as { firstOffer?: number }).firstOffer!,
          painted: (window as { offerPainted?: number }).offerPainted!,
          offers: document.querySelectorAll('[data-testid=offer]').length,
        };
      });
      await page.close();
      if (run === 0) continue; // warm-up: first use of the engine and the browser cache
      timings.add(timing);
      painted.push(timing.painted);
      count = timing.offers;
    }
    console.log(
      `| ${name} \`${path}\` | ${stat(timings.ttfb)} | ${stat(timings.paint)} | ${stat(timings.firstOffer)} | ${stat(painted)} | ${count} shown |`,
    );
  }
} finally {
  await browser.close();
  await site.stop();
}
