/**
 * First offer with a slow supplier (docs/duffel.md, several suppliers in one search):
 * `node bench/results-stream.ts` (needs `npm run build`). A site with Duffel configured at the Duffel test
 * server answering BENCH_DUFFEL_DELAY_MS late (3 s), and one without Duffel. Debian's Chromium, with a
 * browser's user agent (headless Chromium's own counts as a crawler, which gets every page whole), loads a
 * one-way results page RUNS times, each on another date (a merged answer is cached for 30 s), and records
 * from the navigation's start: the first byte, the first paint, the first offer shown and the first Duffel
 * offer shown. Median and worst. Asserts nothing.
 */
import { startSitesBesideLateDuffel } from './search-burst.ts';
import { day, launchChromium, medianWorst as stat, pageTimings, tasIstSegment } from './results-timing.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 8);
const DELAY_MS = Number(process.env.BENCH_DUFFEL_DELAY_MS ?? 3_000);
const sites = await startSitesBesideLateDuffel(DELAY_MS, { LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' });
const { withDuffel, plain } = sites;
const browser = await launchChromium();
const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;
try {
  console.log(
    `One-way results page, Duffel test server ${DELAY_MS} ms late, ${RUNS} loads, ms from navigation start (median / worst)`,
  );
  console.log('| site | first byte | first paint | first offer | first Duffel offer | offers |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name, site, offset] of [
    ['Duffel configured', withDuffel, 40],
    ['no Duffel', plain, 80],
  ] as const) {
    const timings = pageTimings();
    const duffelOffer: number[] = [];
    let count = 0;
    const context = await browser.newContext({ userAgent });
    for (let run = 0; run < RUNS + 1; run++) {
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as { firstOffer?: number; duffelOffer?: number };
        // Shown, not a streamed piece still hidden before React moves it into place.
        const shown = (selector: string) =>
          [...document.querySelectorAll(selector)].some((el) => !el.closest('[hidden]'));
        new MutationObserver((_, observer) => {
          if (w.firstOffer === undefined && shown('[data-testid=offer]')) w.firstOffer = performance.now();
          if (w.duffelOffer === undefined && shown('[data-testid=offer][data-carriers=QP]'))
            w.duffelOffer = performance.now();
          if (w.firstOffer !== undefined && w.duffelOffer !== undefined) observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(site.url + `/en/flight/${tasIstSegment(day(offset + run))}`, { waitUntil: 'commit' });
      await page.waitForFunction(
        () => {
          const w = window as { firstOffer?: number; duffelOffer?: number };
          return (
            w.firstOffer !== undefined && (w.duffelOffer !== undefined || document.readyState === 'complete')
          );
        },
        undefined,
        { timeout: 30_000 },
      );
      await page.waitForLoadState('load');
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const w = window as { firstOffer?: number; duffelOffer?: number };
        return {
          ttfb: nav.responseStart,
          paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
          offer: w.firstOffer!,
          duffel: w.duffelOffer,
          offers: document.querySelectorAll('[data-testid=offer]').length,
        };
      });
      await page.close();
      if (run === 0) continue; // warm-up: first use of the engine and the browser cache
      timings.add(timing);
      if (timing.duffel !== undefined) duffelOffer.push(timing.duffel);
      count = timing.offers;
    }
    await context.close();
    console.log(
      `| ${name} | ${stat(timings.ttfb)} | ${stat(timings.paint)} | ${stat(timings.firstOffer)} | ${stat(duffelOffer)} | ${count} shown |`,
    );
  }
} finally {
  await browser.close();
  await sites.stop();
}
