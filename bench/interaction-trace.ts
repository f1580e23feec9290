/**
 * Where an interaction's time goes (issue "Phones first": INP on the results page's filters and the booking
 * form, bench/inp.ts): a Chromium trace of one interaction on a CPU slowed 4× (360 × 740, as bench/inp.ts),
 * its main thread's time split by kind of work — script (event handlers, React), style, layout, paint and
 * compositing, other — each event counted by its own time (its children's taken out). `node bench/interaction-trace.ts`
 * (needs `npm run build`). Options (environment): BENCH_RUNS=3 (the median run by total is printed),
 * BENCH_CPU_SLOWDOWN=4, BENCH_LANG=en. Asserts nothing.
 *
 * Interactions: opening the filters sheet, ticking its first transfers option (results, one way); ticking the
 * first bag and pressing "Book" with the passenger empty (booking, contact typed before the trace).
 */
import type { Browser, Page } from 'playwright-core';
import { m } from '../e2e/support/messages.ts';
import { startSite } from '../e2e/support/server.ts';
import { firstOfferOn } from '../e2e/support/offers.ts';
import { passengerGroup } from '../e2e/support/journeys.ts';
import { day, launchChromium, slowedPhone, tasIstSegment } from './results-timing.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const LANG = (process.env.BENCH_LANG ?? 'en') as 'en' | 'ru' | 'uz' | 'tr';

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};
type Split = Record<'script' | 'style' | 'layout' | 'paint' | 'other', number>;

const KIND: Array<[keyof Split, RegExp]> = [
  [
    'script',
    /^(EventDispatch|FunctionCall|EvaluateScript|v8\.|V8\.|RunMicrotasks|TimerFire|FireAnimationFrame|MinorGC|MajorGC|BlinkGC|HandlePostMessage|v8\.callFunction|ProfileCall)/,
  ],
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation|ParseAuthorStyleSheet)/],
  ['layout', /^(Layout|UpdateLayout|IntersectionObserverController|ComputeIntersections)/],
  ['paint', /^(Paint|PrePaint|Layerize|Commit|UpdateLayer|CompositeLayers|RasterTask|PaintImage|Decode)/],
];

/** The renderer main thread's time inside [from, to] (µs), by kind, each event by its self time. */
function split(events: TraceEvent[], from: number, to: number): Split {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const spans = events
    .filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .filter((e) => e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const out: Split = { script: 0, style: 0, layout: 0, paint: 0, other: 0 };
  const stack: Array<{ end: number; self: number; kind: keyof Split }> = [];
  const pop = () => {
    const done = stack.pop()!;
    out[done.kind] += Math.max(0, done.self);
  };
  for (const e of spans) {
    while (stack.length && stack.at(-1)!.end <= e.ts) pop();
    const parent = stack.at(-1);
    if (parent) parent.self -= e.dur!;
    const kind = KIND.find(([, pattern]) => pattern.test(e.name))?.[0] ?? 'other';
    stack.push({ end: e.ts + e.dur!, self: e.dur!, kind });
  }
  while (stack.length) pop();
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Math.round(v / 1000)])) as Split;
}

async function openSlowed(
  browser: Browser,
  url: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await slowedPhone(browser, SLOWDOWN);
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return { page, close: () => context.close() };
}

/** Traces `act` (from just before it until `settled` and two frames after). */
async function traced(
  browser: Browser,
  page: Page,
  act: () => Promise<void>,
): Promise<Split & { total: number }> {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'],
  });
  await act();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;
  // The trace's clock is not the page's: start from the first input event at or after the action.
  const input = events.find(
    (e) =>
      e.name === 'EventDispatch' && /pointerdown|mousedown|click|keydown/.test(JSON.stringify(e.args ?? '')),
  );
  const from = input?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const parts = split(events, from, Number.POSITIVE_INFINITY);
  return { ...parts, total: parts.script + parts.style + parts.layout + parts.paint + parts.other };
}

const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' });
const browser = await launchChromium();
const results = `${site.url}/${LANG}/flight/${tasIstSegment(day(30))}`;
const offer = await firstOfferOn(site.url, [30, 31, 32, 33]);
const booking = `${site.url}/${LANG}/flight/booking?offer=${encodeURIComponent(offer.id)}`;

type Scenario = {
  name: string;
  url: string;
  before: (page: Page) => Promise<void>;
  act: (page: Page) => Promise<void>;
};
const sheet = (page: Page) => page.getByRole('dialog');
const transfers = (page: Page) =>
  sheet(page)
    .getByRole('group', { name: m(LANG, 'search.filters.transfers') })
    .getByRole('checkbox')
    .first();
const openFilters = async (page: Page) => {
  await page.getByRole('button', { name: m(LANG, 'search.filters.heading') }).click();
  await sheet(page).waitFor();
};
const typeContact = async (page: Page) => {
  for (const [key, text] of [
    ['booking.contact.fullName', 'Aziz Karimov'],
    ['booking.contact.email', 'aziz@example.com'],
    ['booking.contact.phone', '901234567'],
  ] as const)
    await page.getByLabel(m(LANG, key), { exact: true }).fill(text);
  // The form's rules load on its first use: let them arrive before the traced press.
  await page.waitForTimeout(1500);
};
const bag = (page: Page) => passengerGroup(page, LANG, 0, 'adult').getByRole('checkbox').first();
const scenarios: Scenario[] = [
  {
    name: 'open the filters sheet (results)',
    url: results,
    before: (p) => p.locator('[data-testid=offer]').first().waitFor(),
    act: openFilters,
  },
  {
    name: 'tick a transfers filter (results)',
    url: results,
    before: openFilters,
    act: async (page) => {
      await transfers(page).click();
      await page.waitForURL(/transfers\[0\]=/);
    },
  },
  { name: 'tick a bag (booking)', url: booking, before: typeContact, act: (page) => bag(page).check() },
  {
    name: 'press "Book" with the passenger empty (booking)',
    url: booking,
    before: typeContact,
    act: async (page) => {
      await page.getByRole('button', { name: m(LANG, 'booking.submit') }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: new RegExp(m(LANG, 'booking.errorSummary', { count: 7 }).replace('7', '\\d+')) })
        .first()
        .waitFor();
    },
  },
];
try {
  console.log(
    `Main thread per interaction, CPU slowed ${SLOWDOWN}×, 360 px, /${LANG}, median of ${RUNS} runs by total (ms)`,
  );
  console.log('| interaction | total | script | style | layout | paint | other |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const scenario of scenarios) {
    const runs: Array<Split & { total: number }> = [];
    for (let run = 0; run < RUNS; run++) {
      const { page, close } = await openSlowed(browser, scenario.url);
      await scenario.before(page);
      runs.push(await traced(browser, page, () => scenario.act(page)));
      await close();
    }
    const median = runs.sort((a, b) => a.total - b.total)[Math.floor(RUNS / 2)]!;
    console.log(
      `| ${scenario.name} | ${median.total} | ${median.script} | ${median.style} | ${median.layout} | ${median.paint} | ${median.other} |`,
    );
  }
} finally {
  await browser.close();
  await site.stop();
}
