/**
 * Chromium's CPU per page load, the e2e suite's main cost (CI time:
 * docs/performance.md#the-test-run-cis-15-minutes). One site (PGlite); one Chromium per row, pages loaded one
 * after another, and the CPU of every Chromium process from /proc (user + system, reaped children included,
 * the launch too, read before it closes), so a busy machine inflates the figures less than wall-clock ones.
 * Rows: how the suites open pages (a new context per page, a new tab per page in one context, one tab that
 * navigates), the same pages without JavaScript, and a JSON answer (`/health`) as the floor of a load. Rounds
 * alternate the rows so a busy spell of the machine does not land on one only. BENCH_FLAGS="--a;--b --c" adds
 * rows with extra launch flags (`;` between rows). Prints figures; asserts nothing.
 * Run: node bench/browser-cpu.ts (needs `npm run build`; Linux).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startSite } from '../e2e/support/server.ts';
import { ddmm, isoDay } from '../e2e/support/dates.ts';
import { BROWSER_FLAGS } from '../e2e/support/browser.ts';
import { resetTab } from '../e2e/support/tabs.ts';

const PAGES = Number(process.env.BENCH_PAGES ?? 24);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LOCALES = ['en', 'ru', 'uz', 'tr'];
const PHONE = { viewport: { width: 360, height: 740 } };

const statFields = (pid: number | 'self') =>
  readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').map(Number);

/**
 * CPU ms of Chromium so far: the running processes below this one (with their reaped children), leaving out the
 * site's, plus what this process reaped (a closed Chromium's browser process and all it had reaped).
 */
function chromiumCpu(site: number): number {
  const all: { pid: number; ppid: number; cpu: number }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const f = statFields(Number(name));
      all.push({ pid: Number(name), ppid: f[1]!, cpu: (f[11]! + f[12]! + f[13]! + f[14]!) * 10 });
    } catch {
      // The process ended meanwhile.
    }
  }
  const below = (pid: number): number =>
    all.filter((p) => p.ppid === pid && p.pid !== site).reduce((sum, p) => sum + p.cpu + below(p.pid), 0);
  const self = statFields('self');
  return below(process.pid) + (self[13]! + self[14]!) * 10;
}

/** Home every third page, otherwise a results page (one way or round trip), in the four languages in turn. */
const sitePage = (i: number) => {
  const lang = LOCALES[i % 4];
  if (i % 3 === 0) return { path: `/${lang}`, results: false };
  const back = i % 2 ? '' : ddmm(isoDay(37 + (i % 40)));
  return { path: `/${lang}/flight/TAS${ddmm(isoDay(30 + (i % 40)))}IST${back}1`, results: true };
};

type Opening = 'context' | 'tab' | 'navigate' | 'reset';
type Row = { label: string; opening: Opening; js?: boolean; health?: boolean; flags?: string[] };
const rows: Row[] = [
  { label: 'new context per page (most suites)', opening: 'context' },
  { label: 'new tab per page, one context', opening: 'tab' },
  { label: 'one tab navigating', opening: 'navigate' },
  { label: 'one tab, reset between pages (e2e/support/tabs.ts)', opening: 'reset' },
  { label: 'one tab navigating, no JavaScript', opening: 'navigate', js: false },
  { label: '/health, new context per load', opening: 'context', health: true },
  { label: '/health, one tab navigating', opening: 'navigate', health: true },
  ...(process.env.BENCH_FLAGS ?? '')
    .split(';')
    .filter(Boolean)
    .map((extra): Row => ({
      label: `new context per page, ${extra}`,
      opening: 'context',
      flags: extra.split(' '),
    })),
];

const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
if (only) rows.splice(0, rows.length, ...rows.filter((row) => only.test(row.label)));

async function loadPages(browser: Browser, row: Row, url: string) {
  const options = { ...PHONE, javaScriptEnabled: row.js ?? true };
  const shared: BrowserContext | undefined =
    row.opening === 'context' ? undefined : await browser.newContext(options);
  const tab: Page | undefined =
    row.opening === 'navigate' || row.opening === 'reset' ? await shared!.newPage() : undefined;
  for (let i = 0; i < PAGES; i++) {
    const context = shared ?? (await browser.newContext(options));
    const page = tab ?? (await context.newPage());
    const { path, results } = row.health ? { path: '/health', results: false } : sitePage(i);
    await page.goto(`${url}${path}`);
    if (!row.health && row.js !== false) {
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      if (results) await page.getByTestId('offer').first().waitFor();
    }
    if (row.opening === 'reset') await resetTab(context, page);
    if (!shared) await context.close();
    else if (!tab) await page.close();
  }
}

const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' }, { embedded: true });
const table: Record<string, Record<string, string>> = {};
try {
  for (let round = 1; round <= ROUNDS; round++)
    for (const row of rows) {
      const before = chromiumCpu(site.process.pid!);
      const began = performance.now();
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: [...BROWSER_FLAGS, ...(row.flags ?? [])],
      });
      await loadPages(browser, row, site.url);
      // Read before closing: on close the renderers' processes may end after their parent and go uncounted.
      const cpu = chromiumCpu(site.process.pid!) - before;
      await browser.close();
      table[row.label] ??= {};
      table[row.label]![`CPU ms/page, round ${round}`] = (cpu / PAGES).toFixed(0);
      table[row.label]![`wall ms/page, round ${round}`] = ((performance.now() - began) / PAGES).toFixed(0);
    }
} finally {
  await site.stop();
}
console.log(
  `${PAGES} pages a row; Chromium's launch included; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
console.table(table);
