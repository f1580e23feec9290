/**
 * Rewrites e2e/support/file-seconds.json, the order in which the browser files start (longest first,
 * e2e/support/sequencer.ts), from a run of the e2e project: `npm run e2e:seconds` runs it with Vitest's JSON
 * reporter (it needs what the e2e project needs: a built site, Chromium, DATABASE_URL); `npm run
 * e2e:seconds -- report.json` reads a report already written.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const TABLE = path.join(ROOT, 'e2e/support/file-seconds.json');

interface JsonReport {
  success: boolean;
  testResults: { name: string; startTime: number; endTime: number }[];
}

let reportFile = process.argv[2];
if (!reportFile) {
  reportFile = path.join(mkdtempSync(path.join(tmpdir(), 'parvoz-e2e-seconds-')), 'report.json');
  spawnSync(
    'vitest',
    ['run', '--project', 'e2e', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}
const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
if (!report.success) console.warn('some tests failed: their files are timed as they ran');
const seconds = Object.fromEntries(
  report.testResults
    .map(
      (file) => [path.relative(ROOT, file.name), Math.round((file.endTime - file.startTime) / 1000)] as const,
    )
    .sort(([, a], [, b]) => b - a),
);
writeFileSync(TABLE, `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`${Object.keys(seconds).length} files timed in ${path.relative(ROOT, TABLE)}`);
