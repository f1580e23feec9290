/**
 * What a page makes Chromium fetch until the network is idle (scripts and stylesheets, gzip size of the built
 * files), and how much of it is the /uz Intl polyfills: `node bench/page-requests.ts` (needs `npm run build`).
 * Prints figures; asserts nothing.
 */
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startSite } from '../e2e/support/server.ts';

const CLIENT = path.resolve(import.meta.dirname, '../apps/web/build/client');
const kb = (n: number) => Math.round(n / 102.4) / 10;

const site = await startSite({ LOG_LEVEL: 'warn' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  for (const url of ['/en', '/uz', '/uz/settings']) {
    const page = await browser.newPage();
    const sizes = new Map<string, number>();
    page.on('request', (r) => {
      if (!['script', 'stylesheet'].includes(r.resourceType())) return;
      const file = new URL(r.url()).pathname;
      sizes.set(file, gzipSync(readFileSync(path.join(CLIENT, file))).length);
    });
    await page.goto(site.url + url, { waitUntil: 'networkidle' });
    const polyfills = [...sizes].filter(([file]) => /polyfill|golden-tz|\/uz-/.test(file));
    const sum = (entries: Array<[string, number]>) => kb(entries.reduce((total, [, n]) => total + n, 0));
    console.log(
      `${url}: ${sizes.size} files, ${sum([...sizes])} kB; Intl polyfills ${polyfills.length} files, ${sum(polyfills)} kB`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await site.stop();
}
