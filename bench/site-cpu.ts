/**
 * CPU of the site process per results page, with React's production build on the server (how every site and,
 * since session 25, every e2e site runs) against its development build (what e2e sites ran before: the runner's
 * NODE_ENV=test reached React), and with the contract checks of answers on (tests) and off (`npm start`). One site at a time,
 * pages fetched one after another in four languages, one way and round trip; the process's CPU time from
 * /proc, so a busy machine slows the figures less than it slows wall-clock ones. Prints figures; asserts nothing.
 * Run: node bench/site-cpu.ts (needs `npm run build`; Linux).
 */
import { readFileSync } from 'node:fs';
import { startSite } from '../e2e/support/server.ts';
import { ddmm, isoDay } from '../e2e/support/dates.ts';

const PAGES = Number(process.env.BENCH_PAGES ?? 80);
/** Rounds of all variants, alternating, so that a busy spell of the machine does not land on one variant only. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LOCALES = ['en', 'ru', 'uz', 'tr'];

/** User plus system CPU of a process so far, in milliseconds (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function resultsPath(i: number): string {
  const out = ddmm(isoDay(30 + (i % 40)));
  const back = i % 2 ? '' : ddmm(isoDay(37 + (i % 40)));
  return `/${LOCALES[i % LOCALES.length]}/flight/TAS${out}IST${back}1`;
}

const variants: [string, Record<string, string>][] = [
  // As e2e/support/server.ts starts a site now: NODE_ENV unset (server-env.ts makes it production), the runner's
  // `test` as the operator's.
  ['React production, contract checks on (e2e sites now)', { PARVOZ_OPERATOR_NODE_ENV: 'test' }],
  ['React production, contract checks off (npm start)', {}],
  // As it started them before: NODE_ENV=test, which React reads too.
  ['React development, contract checks on (e2e sites before)', { NODE_ENV: 'test' }],
];

const rows: Record<string, Record<string, string>> = {};
for (let round = 1; round <= ROUNDS; round++)
  for (const [label, env] of variants) {
    const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000', ...env }, { embedded: true });
    try {
      for (let i = 0; i < 10; i++) await (await fetch(`${site.url}${resultsPath(i + 100)}`)).text(); // warm-up
      const cpu = cpuMs(site.process.pid!);
      const began = performance.now();
      for (let i = 0; i < PAGES; i++) {
        const page = await fetch(`${site.url}${resultsPath(i)}`);
        if (page.status !== 200) throw new Error(`${resultsPath(i)} answered ${page.status}`);
        await page.text();
      }
      rows[label] ??= {};
      rows[label][`CPU ms/page, round ${round}`] = ((cpuMs(site.process.pid!) - cpu) / PAGES).toFixed(1);
      rows[label][`wall ms/page, round ${round}`] = ((performance.now() - began) / PAGES).toFixed(1);
    } finally {
      await site.stop();
    }
  }
console.table(rows);
