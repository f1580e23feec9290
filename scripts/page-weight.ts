/**
 * The JavaScript each page makes a phone download, from the build's manifest (docs/performance.md, "Page weight"):
 * per route, the gzip bytes of the entry and the route's chain (root, layouts, the page) with their static imports,
 * per language the shell's messages file every page loads, and per language and route the file of that route's
 * own words (`messages:<locale>:<route>`). The sizes kept in `scripts/page-weight.json` are the
 * guard's record: e2e/page-weight.test.ts fails when a route or a messages file grows past its record by more than
 * PAGE_WEIGHT_TOLERANCE, or when a route has no record. A deliberate growth is recorded on purpose:
 *
 *   npm run build && node scripts/page-weight.ts --record
 *
 * Without `--record` it prints each figure beside its record.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT = path.join(ROOT, 'apps/web/build/client');
export const PAGE_WEIGHT_RECORD = path.join(import.meta.dirname, 'page-weight.json');
/** How much a page may grow past its record before the guard fails: 5 %. */
export const PAGE_WEIGHT_TOLERANCE = 0.05;

type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
};

/** Gzip bytes of the files each page loads: `route:<id>` for a route's chain, `messages:<locale>` for a language. */
export type PageWeights = Record<string, number>;

function readManifest(): Manifest {
  const assets = path.join(CLIENT, 'assets');
  const file = readdirSync(assets).find((f) => f.startsWith('manifest-') && f.endsWith('.js'));
  if (!file) throw new Error('no build manifest: run npm run build');
  const text = readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Manifest;
}

const gzipBytes = (file: string) => gzipSync(readFileSync(path.join(CLIENT, file))).length;

/** The files of each route's chain (entry, root, layouts, the route) with their static imports. */
export function routeFiles(): Array<{ route: string; files: string[] }> {
  const manifest = readManifest();
  return Object.values(manifest.routes)
    .filter((r) => r.id !== 'root')
    .map((route) => {
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (
        let r: typeof route | undefined = route;
        r;
        r = r.parentId ? manifest.routes[r.parentId] : undefined
      )
        for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
      return { route: route.id, files: [...files] };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** The weights of the current build. */
export function measurePageWeights(): PageWeights {
  const weights: PageWeights = {};
  for (const { route, files } of routeFiles())
    weights[`route:${route}`] = files.reduce((sum, f) => sum + gzipBytes(f), 0);
  for (const f of readdirSync(path.join(CLIENT, 'assets')).sort()) {
    const locale = /^messages-([a-z]{2})-[0-9a-f]+\.js$/.exec(f)?.[1];
    if (locale) weights[`messages:${locale}`] = gzipBytes(`assets/${f}`);
    // A route's own words (app/lib/shell-messages.server.ts `pageMessagesFile`).
    const page = /^page-messages-([a-z]{2})-(.+)-[0-9a-f]{12}\.js$/.exec(f);
    if (page) weights[`messages:${page[1]}:${page[2]}`] = gzipBytes(`assets/${f}`);
  }
  return weights;
}

/** What breaks the record: a page past it by more than the tolerance, or a page it does not know. */
export function pageWeightProblems(
  measured: PageWeights,
  recorded: PageWeights,
  tolerance = PAGE_WEIGHT_TOLERANCE,
): string[] {
  return Object.entries(measured).flatMap(([page, bytes]) => {
    const record = recorded[page];
    if (record === undefined)
      return [`${page}: ${bytes} B, not recorded (node scripts/page-weight.ts --record)`];
    const limit = Math.floor(record * (1 + tolerance));
    return bytes > limit
      ? [
          `${page}: ${bytes} B, over its record ${record} B by ${(((bytes - record) / record) * 100).toFixed(1)} %`,
        ]
      : [];
  });
}

export const readPageWeightRecord = (): PageWeights =>
  JSON.parse(readFileSync(PAGE_WEIGHT_RECORD, 'utf8')) as PageWeights;

if (import.meta.main) {
  const measured = measurePageWeights();
  if (process.argv.includes('--record')) {
    writeFileSync(PAGE_WEIGHT_RECORD, `${JSON.stringify(measured, null, 2)}\n`);
    console.log(
      `recorded ${Object.keys(measured).length} pages in ${path.relative(ROOT, PAGE_WEIGHT_RECORD)}`,
    );
  } else {
    const recorded = readPageWeightRecord();
    console.table(
      Object.entries(measured).map(([page, bytes]) => ({
        page,
        'gzip kB': Math.round(bytes / 102.4) / 10,
        'record kB': recorded[page] === undefined ? '—' : Math.round(recorded[page] / 102.4) / 10,
      })),
    );
    for (const problem of pageWeightProblems(measured, recorded)) console.log(problem);
  }
}
