/**
 * SSR throughput of the home page (autocannon on loopback) with a baseline measured in the same run
 * (a small static file from the same server), the server's CPU per page (all its threads, from /proc: with
 * autocannon on the same cores, a cached page's rate is the load generator's as much as the server's), and the
 * gzip kB of JavaScript each route loads.
 * Prints figures; asserts nothing. Run: node bench/ssr.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { startSite } from '../e2e/support/server.ts';
import { LOAD_SECONDS as DURATION, loadUrl, loadUrlWithCpu } from './load.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }
  >;
};

function readManifest(): Manifest {
  const assets = path.join(ROOT, 'apps/web/build/client/assets');
  const file = readdirSync(assets).find((f) => f.startsWith('manifest-') && f.endsWith('.js'));
  if (!file) throw new Error('no build manifest: run npm run build');
  const text = readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Manifest;
}

export function jsPerRoute(): Array<{ route: string; files: number; gzipKb: number }> {
  const manifest = readManifest();
  const gz = (url: string) => gzipSync(readFileSync(path.join(ROOT, 'apps/web/build/client', url))).length;
  return Object.values(manifest.routes)
    .filter((r) => r.id !== 'root')
    .map((route) => {
      const chain = [];
      for (
        let r: typeof route | undefined = route;
        r;
        r = r.parentId ? manifest.routes[r.parentId] : undefined
      )
        chain.push(r);
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (const r of chain) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
      const bytes = [...files].reduce((sum, f) => sum + gz(f), 0);
      return { route: route.id, files: files.size, gzipKb: Math.round(bytes / 102.4) / 10 };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/**
 * The gzip kB of each language's shell messages file (assets/messages-{locale}-{hash}.js): every page loads its
 * language's besides the route's chain above (until session 27 the same words were inside the page's HTML).
 */
export function messagesKbPerLocale(): Record<string, number> {
  const assets = path.join(ROOT, 'apps/web/build/client/assets');
  return Object.fromEntries(
    readdirSync(assets)
      .filter((f) => /^messages-[a-z]{2}-[0-9a-f]+\.js$/.test(f))
      .map((f) => [
        f.slice(9, 11),
        Math.round(gzipSync(readFileSync(path.join(assets, f))).length / 102.4) / 10,
      ]),
  );
}

if (import.meta.main) {
  // Every request comes from one address: per-visitor limits (the home page asks for its destinations) must not
  // refuse the benchmark's own load.
  const site = await startSite({ LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000' });
  try {
    const load = (url: string, headers: Record<string, string> = {}) =>
      loadUrlWithCpu(site.process.pid!, url, headers);
    await loadUrl(`${site.url}/en`); // warm-up
    const gzip = { 'accept-encoding': 'gzip' };
    const baseline = await load(`${site.url}/favicon.svg`);
    // Anonymous pages of every kind the page cache keeps (home, information, tours, a tour, settings), in
    // several languages and display currencies; one figure per URL.
    const pages: Array<[string, string, Record<string, string>]> = [
      ['SSR /en (home)', '/en', gzip],
      ['SSR /ru (home, currency=USD)', '/ru', { ...gzip, cookie: 'currency=USD' }],
      ['SSR /uz/info/help', '/uz/info/help', gzip],
      ['SSR /tr/tours', '/tr/tours', gzip],
      ['SSR /en/tours/antalya-lara-from-tashkent', '/en/tours/antalya-lara-from-tashkent', gzip],
      ['SSR /ru/settings', '/ru/settings', gzip],
    ];
    const rows: Record<string, Awaited<ReturnType<typeof load>>> = {
      'baseline: static /favicon.svg': baseline,
    };
    for (const [label, url, headers] of pages) rows[label] = await load(`${site.url}${url}`, headers);
    console.log(`SSR over loopback, 50 connections, ${DURATION}s each, 1 process`);
    console.table(
      Object.fromEntries(
        Object.entries(rows).map(([label, row]) => [
          label,
          {
            ...row,
            'of static': `${Math.round((row.rps / baseline.rps) * 100)} %`,
            // What one core of the server alone could answer: the load generator runs on the same machine.
            'server pages/s per core': Math.round(1e6 / row['server CPU µs']),
          },
        ]),
      ),
    );
    console.log('JavaScript each route loads (gzip, from the build manifest):');
    console.table(jsPerRoute());
    console.log("Plus the language's messages file (every page), gzip kB:", messagesKbPerLocale());
  } finally {
    await site.stop();
  }
}
