import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrate } from '@parvoz/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database (PGlite folder) migrated once per run; each site starts on its own copy. */
    pgliteTemplate: string;
  }
}

/**
 * The e2e suite's global set-up: one embedded database migrated once, instead of a new cluster created and
 * migrated by each of the suite's ~40 sites (about 6 s each on CI's two cores). A site on a copy starts as a
 * fresh site would after its first migration; the first-start path itself is still shown by the sites that
 * pass their own DATABASE_URL or data folder, and by the unit tests of migrate.
 */
export async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'parvoz-e2e-template-'));
  const dataDir = path.join(folder, 'pglite');
  const database = await createDatabase({ dataDir });
  await migrate(database.db);
  await database.close();
  project.provide('pgliteTemplate', dataDir);
  return () => rmSync(folder, { recursive: true, force: true });
}
