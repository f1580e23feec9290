/**
 * Chromium's CPU per page load, the e2e suite's main cost (issue 16: CI time). One site; for each set of
 * launch flags, pages loaded one after another in new contexts (as the suites do), and the CPU of every
 * Chromium process from /proc (user + system, reaped children included). Rounds alternate the variants so a
 * busy spell of the machine does not land on one only. Prints figures; asserts nothing.
 * Run: node bench/browser-cpu.ts (needs `npm run build`; Linux).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startSite } from '../e2e/support/server.ts';
import { ddmm, isoDay } from '../e2e/support/dates.ts';
import { BROWSER_FLAGS } from '../e2e/support/browser.ts';

const PAGES = Number(process.env.BENCH_PAGES ?? 24);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LOCALES = ['en', 'ru', 'uz', 'tr'];

type Stat = { ppid: number; cpu: number };
function stats(): Map<number, Stat> {
  const all = new Map<number, Stat>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const f = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
      all.set(Number(name), { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10 });
    } catch {
      // gone meanwhile
    }
  }
  return all;
}
/** CPU ms of the processes below `root`, without the subtree of `skip`. */
function treeCpu(root: number, skip: number): number {
  const all = stats();
  let total = 0;
  const walk = (pid: number) => {
    for (const [child, s] of all) if (s.ppid === pid && child !== skip) { total += s.cpu; walk(child); }
  };
  walk(root);
  return total;
}

const ONLY = process.env.BENCH_PATH;
const pagePath = (i: number) => {
  if (ONLY) return ONLY;
  const lang = LOCALES[i % 4];
  if (i % 3 === 0) return `/${lang}`;
  return `/${lang}/flight/TAS${ddmm(isoDay(30 + (i % 40)))}IST${i % 2 ? '' : ddmm(isoDay(37 + (i % 40)))}1`;
};

const variants: [string, string[]][] = [
  ['suite flags', BROWSER_FLAGS],
  ...(process.env.BENCH_FLAGS ?? '')
    .split(';')
    .filter(Boolean)
    .map((extra): [string, string[]] => [extra, [...BROWSER_FLAGS, ...extra.split(' ')]]),
];

const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' }, { embedded: true });
const rows: Record<string, Record<string, string>> = {};
try {
  for (let round = 1; round <= ROUNDS; round++)
    for (const [label, args] of variants) {
      const before = treeCpu(process.pid, site.process.pid!);
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args });
      const began = performance.now();
      const MODE = process.env.BENCH_MODE ?? 'context';
      const sharedContext =
        MODE === 'context' ? undefined : await browser.newContext({ viewport: { width: 360, height: 740 } });
      const shared = MODE === 'page' ? await sharedContext!.newPage() : undefined;
      for (let i = 0; i < PAGES; i++) {
        const context = sharedContext ?? (await browser.newContext({ viewport: { width: 360, height: 740 } }));
        const page = shared ?? (await context.newPage());
        await page.goto(`${site.url}${pagePath(i)}`);
        if (!ONLY) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        if (!ONLY && i % 3) await page.getByTestId('offer').first().waitFor();
        if (!sharedContext) await context.close();
        else if (!shared) await page.close();
      }
      const cpu = treeCpu(process.pid, site.process.pid!) - before;
      const wall = performance.now() - began;
      await browser.close();
      const after = treeCpu(process.pid, site.process.pid!) - before;
      rows[label] ??= {};
      rows[label][`Chromium CPU ms/page r${round}`] = (Math.max(cpu, after) / PAGES).toFixed(0);
      rows[label][`wall ms/page r${round}`] = (wall / PAGES).toFixed(0);
    }
} finally {
  await site.stop();
}
console.table(rows);
