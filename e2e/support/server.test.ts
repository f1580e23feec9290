/**
 * The site helpers outside a Vitest run: the benchmarks (bench/*.ts) start sites with them under plain Node,
 * where there is no migrated template to copy (`inject` throws there).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

test('siteDataDir gives an empty data folder under plain Node (the site then creates its own database)', () => {
  const { VITEST: _vitest, VITEST_POOL_ID: _pool, VITEST_WORKER_ID: _worker, ...env } = process.env;
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { siteDataDir } = await import('./e2e/support/server.ts'); console.log(siteDataDir());",
    ],
    { cwd: ROOT, env, encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const dir = run.stdout.trim();
  expect(existsSync(dir)).toBe(true);
  expect(readdirSync(dir)).toEqual([]);
  rmSync(dir, { recursive: true });
});
