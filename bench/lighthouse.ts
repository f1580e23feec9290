/**
 * Lighthouse on the home, results and booking pages in every language, mobile (and desktop), Debian's Chromium,
 * median of BENCH_RUNS runs (default 5): `node bench/lighthouse.ts` (needs `npm run build`). Prints the four
 * category scores and FCP/LCP/TBT/CLS; a baseline from the same run: the plain settings page of the same server.
 * Asserts nothing. Options (environment):
 *   BENCH_RUNS=5                 runs per page and form factor (median)
 *   BENCH_FORM_FACTORS=mobile,desktop
 *   BENCH_LANGS=en,ru,uz,tr      languages of the home, results and booking pages
 *   BENCH_PAGES=home,results,booking
 *   BENCH_REPORT_DIR=/tmp/lh     also write every run's full report there (JSON), to read its audits
 * Every URL is requested twice before its first run, so the figures are of a warm server (the first render
 * of a page after start loads its modules and fills caches; that is start-up cost, not page cost).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { LOCALES, type Locale } from '@parvoz/i18n/locales';
import { DEFAULT_CURRENCY_BY_LOCALE } from '@parvoz/i18n/currency';
import { expandSearchOffers } from '@parvoz/contracts/search-answer';
import type { SearchAnswer } from '@parvoz/contracts/offers';
import { formatSearchSegment } from '../packages/core/src/search-segment.ts';
import { startSite } from '../e2e/support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FORM_FACTORS = (process.env.BENCH_FORM_FACTORS ?? 'mobile,desktop').split(',') as Array<
  'mobile' | 'desktop'
>;
const LANGS = (process.env.BENCH_LANGS?.split(',') ?? LOCALES) as Locale[];
const PAGES = (process.env.BENCH_PAGES ?? 'home,results,booking').split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
const ANONYMOUS = process.env.PARVOZ_ANONYMOUS_TOKEN ?? 'parvoz-public-anonymous';

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

/** An offer id for the booking page, the way the results page's "buy" gets one. */
async function offerId(siteUrl: string, lang: Locale): Promise<string> {
  const response = await fetch(`${siteUrl}/v1/flights/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ANONYMOUS}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      slices: [{ origin: 'TAS', destination: 'IST', departure_date: departure }],
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin_class: 'economy',
      currency: DEFAULT_CURRENCY_BY_LOCALE[lang],
    }),
  });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  const offers = expandSearchOffers(((await response.json()) as { data: SearchAnswer }).data);
  if (!offers[0]) throw new Error('no offer TAS-IST');
  return offers[0].id;
}

let retried = 0;
/** One run; a run whose trace Lighthouse could not record (NO_NAVSTART, now and then) is run again. */
async function runLighthouse(url: string, flags: Flags, formFactor: 'mobile' | 'desktop') {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === 3)
      throw new Error(`Lighthouse failed 3 times on ${url}: ${result.lhr.runtimeError.code}`);
    retried++;
  }
}

const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' });
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
});
try {
  const pages: Array<[string, string]> = [['baseline: /en/settings', `${site.url}/en/settings`]];
  for (const lang of LANGS) {
    if (PAGES.includes('home')) pages.push([`home /${lang}`, `${site.url}/${lang}`]);
    if (PAGES.includes('results'))
      pages.push([`results /${lang}/flight/${segment}`, `${site.url}/${lang}/flight/${segment}`]);
    if (PAGES.includes('booking')) {
      const id = await offerId(site.url, lang);
      pages.push([`booking /${lang}`, `${site.url}/${lang}/flight/booking?offer=${encodeURIComponent(id)}`]);
    }
  }
  console.log(`Lighthouse ${RUNS} runs each, median; Chromium at /usr/bin/chromium`);
  console.log(
    '| page | form factor | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, url] of pages) {
    for (let i = 0; i < 2; i++) await (await fetch(url)).text(); // warm-up
    for (const formFactor of FORM_FACTORS) {
      const scores: Record<string, number[]> = {};
      const metrics: Record<string, number[]> = { fcp: [], lcp: [], tbt: [], cls: [] };
      for (let run = 0; run < RUNS; run++) {
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        };
        const lhr = await runLighthouse(url, flags, formFactor);
        if (REPORT_DIR) {
          mkdirSync(REPORT_DIR, { recursive: true });
          const file = `${name.replace(/[^a-z0-9]+/gi, '-')}-${formFactor}-${run}.json`;
          writeFileSync(path.join(REPORT_DIR, file), JSON.stringify(lhr));
        }
        for (const c of CATEGORIES)
          (scores[c] ??= []).push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
        metrics.fcp!.push(lhr.audits['first-contentful-paint']?.numericValue ?? NaN);
        metrics.lcp!.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        metrics.tbt!.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
        metrics.cls!.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
      }
      const row = CATEGORIES.map((c) => median(scores[c]!));
      console.log(
        `| ${name} | ${formFactor} | ${row.join(' | ')} | ${Math.round(median(metrics.fcp!))} | ${Math.round(median(metrics.lcp!))} | ${Math.round(median(metrics.tbt!))} | ${median(metrics.cls!).toFixed(3)} |`,
      );
    }
  }
  if (retried > 0) console.log(`(${retried} runs retried after a Lighthouse error)`);
} finally {
  await chrome.kill();
  await site.stop();
}
