/** Suite hooks for what a suite starts once and closes at its end: a test database, an API (./api.ts). */
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from '@parvoz/db/testing';

/** What `start` gives, started before the suite's tests and closed after them (its fields are set from then on). */
export function useStarted<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  const started = {} as T;
  beforeAll(async () => {
    Object.assign(started, await start());
  }, 60_000);
  afterAll(async () => {
    await started.close?.();
  });
  return started;
}

/** A new test database (`createTestDatabase`) for the suite: its `db` is set once the suite's tests run. */
export function useTestDatabase(options: TestDatabaseOptions = {}): TestDatabase {
  return useStarted(() => createTestDatabase(options));
}
