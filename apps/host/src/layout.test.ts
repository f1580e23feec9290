/**
 * The host's layout as a test (docs/architecture.md, "The host"): it reaches the API and the web app as packages
 * (@parvoz/api, @parvoz/web), never by a relative path into their folders, and no source file grows past 400
 * lines, as in the API (apps/api/src/architecture.test.ts). The list of files over 400 lines may only shrink.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = import.meta.dirname;
const MAX_FILE_LINES = 400;

/** Files over MAX_FILE_LINES when the limit came in, at their length then: they may shrink, never grow. */
const LONG_FILES_CEILING: Record<string, number> = {
  'page-cache.ts': 442,
};

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f) && !f.split(path.sep).includes('node_modules'))
  .map((f) => f.split(path.sep).join('/'))
  .sort();
const text = (file: string) => readFileSync(path.join(SRC, file), 'utf8');

describe('the host layout', () => {
  test('the checks see the sources', () => {
    expect(files).toEqual(expect.arrayContaining(['server.ts', 'web.ts', 'page-cache.ts']));
  });

  test('the API and the web app are reached as packages, not by relative paths into them', () => {
    const relativeOut = files.filter((file) =>
      [...text(file).matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)].some(([, spec]) =>
        path.posix.normalize(path.posix.join(path.posix.dirname(file), spec!)).startsWith('..'),
      ),
    );
    expect(relativeOut).toEqual([]);
  });

  test(`no source file over ${MAX_FILE_LINES} lines, and the older long ones do not grow`, () => {
    const lines = (file: string) => text(file).split('\n').length - (text(file).endsWith('\n') ? 1 : 0);
    const tooLong = files
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .map((file) => ({ file, lines: lines(file) }))
      .filter(({ file, lines: n }) => n > (LONG_FILES_CEILING[file] ?? MAX_FILE_LINES))
      .map(({ file, lines: n }) => `${file}: ${n} lines`);
    expect(tooLong).toEqual([]);
  });
});
