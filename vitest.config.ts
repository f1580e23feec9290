import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './e2e/support/sequencer.ts';

// Every test process starts as the site does (scripts/fast-start.ts: faster module resolution, compile cache).
const execArgv = ['--import=./scripts/fast-start.ts'];

// Unit and PostgreSQL files that CI runs only on the moved clock (scripts/test.sh, docs/testing-dates.md "CI's run"):
// a file whose path contains one of these words, as Vitest's own filters match. (Vitest's --exclude does not reach
// a project that sets its own exclude.)
const movedClockOnly = (process.env.PARVOZ_MOVED_CLOCK_ONLY ?? '')
  .split(' ')
  .filter(Boolean)
  .flatMap((word) => [`**/*${word}*`, `**/*${word}*/**`]);

// Three suites: unit (no outside services), pg (needs DATABASE_URL of a real PostgreSQL server), e2e (built site + Chromium).
export default defineConfig({
  test: {
    // The browser files start longest first, from a measured table, also on a fresh clone (e2e/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          execArgv,
          include: [
            'packages/**/*.test.ts',
            'apps/**/*.test.ts',
            'apps/**/*.test.tsx',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.pg.test.ts', ...movedClockOnly],
          testTimeout: 20_000,
          // Setting up a database and an API (the flight network is built once per worker) can take longer
          // than vitest's 10 s default on a loaded machine; a failing test still fails on its assertions.
          hookTimeout: 60_000,
          // Files share a worker's module graph instead of importing the API, PGlite and React again each:
          // the suite took a third of the CPU time (3 min 20 s for all 125 files, against 3 min 24 s for
          // the 21 route files alone, isolated). Every file builds its own API, database and servers, and no
          // test mocks a module, so nothing of one file's state is another's.
          isolate: false,
          // Vitest's default is one worker fewer than the cores: one worker on CI's two. Files are independent
          // (above), so both cores take files.
          maxWorkers: '100%',
        },
      },
      {
        test: {
          name: 'pg',
          execArgv,
          include: ['packages/**/*.pg.test.ts', 'apps/**/*.pg.test.ts'],
          exclude: ['**/node_modules/**', ...movedClockOnly],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // As in the unit suite: each file makes its own databases and API, so files can share the imports.
          isolate: false,
          maxWorkers: '100%',
        },
      },
      {
        test: {
          name: 'e2e',
          execArgv,
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/database-template.ts'],
          setupFiles: ['e2e/support/setup.ts'],
          // Generous: with two files at a time on two cores a journey can take twice its quiet time. A test that
          // fails still fails on its assertion, not on the clock; expect.poll gets the same room.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 15_000 } },
          // On CI a failed browser test runs once more, and scripts/test.sh names every test that needed it
          // (docs/decisions/0024-one-retry-for-browser-tests-on-ci.md): headless Chromium on a loaded machine
          // now and then stops painting a page, and a check that waits for animation frames then times out.
          retry: process.env.CI ? 1 : 0,
          // Three files at a time on CI's two cores: a file waits for its site, its mail and its timers as well as
          // working, and a third file fills those waits (docs/performance.md, "The test run": 517 s with two, 400 to
          // 453 s with three, the cores 97 % busy). Every file starts its own site on its own port and database, so
          // none sees another's data.
          fileParallelism: true,
          maxWorkers: 3,
          // As in the unit suite: each file starts its own site, browser and test servers, and no file mocks a
          // module, so files can share a worker's imports (each file imported @parvoz/db, the Duffel test
          // server and Playwright again, ~3 s of CPU per file).
          isolate: false,
        },
      },
    ],
  },
});
