/** `npm run bench`: every benchmark in turn; figures go to the terminal (copy them to bench/RESULTS.md). */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

for (const name of [
  'ssr.ts',
  'render-cpu.ts',
  'page-cache-stale.ts',
  'search-engine.ts',
  'search-sql.ts',
  'search-api.ts',
  'rate-limits.ts',
  'workers.ts',
  'search-slow-supplier.ts',
  'search-mixed-airlines.ts',
  'results-page.ts',
  'lighthouse.ts',
  'inp.ts',
]) {
  const file = path.join(import.meta.dirname, name);
  if (!existsSync(file)) continue;
  console.log(`\n### ${name}`);
  const result = spawnSync(process.execPath, [file], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
