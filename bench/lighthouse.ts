/**
 * Lighthouse on the home and results pages, mobile and desktop, Debian's Chromium, median of RUNS runs:
 * `node bench/lighthouse.ts` (needs `npm run build`). Prints the four category scores and LCP/TBT/CLS;
 * a baseline from the same run: the plain settings page of the same server. Asserts nothing.
 */
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { formatSearchSegment } from '../packages/core/src/search-segment.ts';
import { startSite } from '../e2e/support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const departure = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const segment = formatSearchSegment({
  origin: 'TAS',
  destination: 'IST',
  departureDate: departure,
  returnDate: null,
  passengers: { adults: 1, children: 0, infants: 0 },
  cabin: 'economy',
});

const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' });
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
});
try {
  const pages = [
    ['baseline: settings page (no search, no form)', `${site.url}/en/settings`],
    ['home /en', `${site.url}/en`],
    ['home /uz', `${site.url}/uz`],
    [`results /en/flight/${segment}`, `${site.url}/en/flight/${segment}`],
  ] as const;
  console.log(`Lighthouse ${RUNS} runs each, median; Chromium at /usr/bin/chromium`);
  console.log(
    '| page | form factor | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, url] of pages) {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const scores: Record<string, number[]> = {};
      const lcp: number[] = [];
      const tbt: number[] = [];
      const cls: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        };
        const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
        if (!result) throw new Error(`no Lighthouse result for ${url}`);
        const { lhr } = result;
        for (const c of CATEGORIES)
          (scores[c] ??= []).push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
        cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
      }
      const row = CATEGORIES.map((c) => median(scores[c]!));
      console.log(
        `| ${name} | ${formFactor} | ${row.join(' | ')} | ${Math.round(median(lcp))} | ${Math.round(median(tbt))} | ${median(cls).toFixed(3)} |`,
      );
    }
  }
} finally {
  await chrome.kill();
  await site.stop();
}
