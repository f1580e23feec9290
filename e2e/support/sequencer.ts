import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Seconds each end-to-end file took in a measured run (`npm run e2e:seconds` rewrites it from a JSON
 * report). A fresh clone has no results of its own, so Vitest would start files in order of their size:
 * a long file started last holds the run's end with one worker busy (docs/testing.md, "Order of the
 * browser files").
 */
const FILE_SECONDS: Record<string, number> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'file-seconds.json'), 'utf8'),
);

/**
 * Vitest's own order, except that the end-to-end files start longest first, by FILE_SECONDS; a file not
 * in it yet starts before all others (as Vitest starts files it has no results for).
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (spec: TestSpecification) =>
      FILE_SECONDS[path.relative(ROOT, spec.moduleId).split(path.sep).join('/')] ?? Infinity;
    const browserFiles = sorted.filter((spec) => spec.project.name === 'e2e');
    const longestFirst = [...browserFiles].sort((a, b) => seconds(b) - seconds(a));
    return sorted.map((spec) => (spec.project.name === 'e2e' ? longestFirst.shift()! : spec));
  }
}
