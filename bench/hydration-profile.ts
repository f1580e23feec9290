/**
 * Where a phone's CPU goes while a page starts (docs/performance.md, "Phones first"): Chromium's own
 * JavaScript profiler over a page load on a CPU slowed 4× (as Lighthouse's mobile profile slows it), from the
 * navigation until React has hydrated the page (`html[data-hydrated]`) and 500 ms after, for the pages
 * travellers open first: home, results and booking, in Uzbek; and a page with next to nothing on it
 * (`/uz/settings`) as the same run's baseline.
 *
 * Each sample's place in the built code is read back through the build's source maps, so the time is split
 * by chunk (the file the browser loaded) and by source module (a component of ours, or a package). Needs a
 * build with hidden source maps (maps written beside the chunks, not referenced by them, so the chunks are
 * byte for byte the shipped ones): `BUILD_SOURCEMAPS=1 npm run build`, then `node bench/hydration-profile.ts`.
 * Options (environment): BENCH_RUNS=3 (the median run per page is reported), BENCH_CPU_SLOWDOWN=4. Prints
 * Markdown tables; asserts nothing. Rebuild without BUILD_SOURCEMAPS afterwards: the site serves its client
 * folder as it is, maps included.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import type { Browser } from 'playwright-core';
import { startSite } from '../e2e/support/server.ts';
import { firstOfferOn } from '../e2e/support/offers.ts';
import { day, launchChromium, slowedPhone, tasIstSegment } from './results-timing.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const CLIENT = path.resolve(import.meta.dirname, '../apps/web/build/client');

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
/** Milliseconds of the page's main thread by a name (a chunk, a source module, a kind of work). */
type Split = Map<string, number>;
type Run = { total: number; hydratedAt: number; byChunk: Split; bySource: Split; byOurs: Split };

const maps = new Map<string, SourceMapConsumer | null>();
/** The source map of a built chunk, or null (an inline script, the browser's own work). */
function mapOf(url: string): SourceMapConsumer | null {
  if (maps.has(url)) return maps.get(url)!;
  let consumer: SourceMapConsumer | null = null;
  const file = url.startsWith('http') ? path.join(CLIENT, new URL(url).pathname) : '';
  if (file && existsSync(`${file}.map`))
    consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap);
  maps.set(url, consumer);
  return consumer;
}

/** A source path as a reader names it: a package by its name, our files from `app/`. */
function sourceName(source: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return `package ${inPackage[1]}`;
  const ours = /(app\/.*|packages\/.*)$/.exec(source);
  return ours ? ours[1]! : source;
}

/** The chunk a URL names, without its content hash. */
function chunkName(url: string): string {
  if (!url) return '(no script)';
  if (!url.startsWith('http')) return url;
  return new URL(url).pathname.replace(/-[\w-]{8}\.js$/, '.js');
}

/** The original source of a frame (through the chunk's source map), or null. */
function originalSource(frame: CallFrame): string | null {
  if (!frame.url) return null;
  const original = mapOf(frame.url)?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  return original?.source ? sourceName(original.source) : null;
}

/**
 * Self time of each sample, by chunk and by source module; and by the nearest module of ours on the sample's
 * stack (the component or helper of ours whose call it is part of: a formatter's work inside a price cell counts
 * to the cell), or "not under our code" (React reconciling, the router starting, scripts being compiled).
 */
function split(profile: Profile): { total: number; byChunk: Split; bySource: Split; byOurs: Split } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const oursOf = new Map<number, string>();
  const nearestOurs = (id: number): string => {
    const known = oursOf.get(id);
    if (known) return known;
    const source = originalSource(nodes.get(id)!);
    const up = parent.get(id);
    const found =
      source && !source.startsWith('package ')
        ? source
        : up === undefined
          ? 'not under our code'
          : nearestOurs(up);
    oursOf.set(id, found);
    return found;
  };
  const byChunk: Split = new Map();
  const bySource: Split = new Map();
  const byOurs: Split = new Map();
  const add = (into: Split, key: string, ms: number) => into.set(key, (into.get(key) ?? 0) + ms);
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)!;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    total += ms;
    add(byOurs, nearestOurs(id), ms);
    if (!frame.url) {
      // The engine's own work: the garbage collector, or compiling and parsing.
      add(byChunk, frame.functionName, ms);
      add(bySource, frame.functionName, ms);
      return;
    }
    add(byChunk, chunkName(frame.url), ms);
    add(bySource, originalSource(frame) ?? chunkName(frame.url), ms);
  });
  return { total, byChunk, bySource, byOurs };
}

async function profileLoad(browser: Browser, url: string): Promise<Run> {
  const { context, page, cdp } = await slowedPhone(browser, SLOWDOWN);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const hydratedAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(500);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await context.close();
  return { hydratedAt, ...split(profile) };
}

const medianRun = (runs: Run[]) => [...runs].sort((a, b) => a.total - b.total)[Math.floor(runs.length / 2)]!;
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;

function table(title: string, into: Split, total: number, rows = 12) {
  const sorted = [...into].sort((a, b) => b[1] - a[1]).slice(0, rows);
  console.log(`\n${title}\n\n| where | main thread | share |\n| --- | ---: | ---: |`);
  for (const [name, value] of sorted)
    console.log(`| \`${name}\` | ${ms(value)} | ${Math.round((value / total) * 100)} % |`);
}

const clientMaps = existsSync(CLIENT)
  ? (await import('node:fs')).readdirSync(path.join(CLIENT, 'assets')).filter((f) => f.endsWith('.map'))
  : [];
if (clientMaps.length === 0) {
  console.error(
    'No source maps in apps/web/build/client/assets: run `BUILD_SOURCEMAPS=1 npm run build` first.',
  );
  process.exit(1);
}

const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' });
const browser = await launchChromium();
try {
  const offer = await firstOfferOn(site.url, [30, 31, 32, 33]);
  const pages = [
    ['baseline: settings', '/uz/settings'],
    ['home', '/uz'],
    ['results, one way', `/uz/flight/${tasIstSegment(day(30))}`],
    ['booking', `/uz/flight/booking?offer=${encodeURIComponent(offer.id)}`],
  ] as const;
  // Warm the site: the first render of each page loads its modules and fills caches.
  for (const [, url] of pages) await fetch(site.url + url).then((r) => r.text());
  console.log(
    `Chromium ${browser.version()}, CPU slowed ${SLOWDOWN}×, 360 × 740 at 2×, median of ${RUNS} loads by main-thread time`,
  );
  console.log('\n| page | main thread, load to hydrated + 500 ms | hydrated at |\n| --- | ---: | ---: |');
  const medians: [string, Run][] = [];
  for (const [label, url] of pages) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await profileLoad(browser, site.url + url));
    const median = medianRun(runs);
    medians.push([label, median]);
    console.log(`| ${label} | ${ms(median.total)} | ${ms(median.hydratedAt)} |`);
  }
  for (const [label, run] of medians) {
    table(`**${label}**, by chunk:`, run.byChunk, run.total, 8);
    table(`**${label}**, by source module:`, run.bySource, run.total, 14);
    table(`**${label}**, by the nearest module of ours on the stack:`, run.byOurs, run.total, 12);
  }
} finally {
  await browser.close();
  await site.stop();
}
