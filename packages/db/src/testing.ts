/**
 * Fresh, migrated databases for tests.
 *
 * - With env `DATABASE_URL` (the `pg` suite): the first call of a run migrates a template database
 *   (`parvoz_template`; rebuilt only when the migration files change) under an advisory lock, and every
 *   call makes `parvoz_test_<time>_<random>` from it with `CREATE DATABASE … TEMPLATE` (fast: a file copy).
 *   `close()` drops it.
 * - Without it: an in-memory PGlite loaded from a dump of a migrated data folder. Starting PGlite from
 *   scratch (its initdb) takes seconds, loading a dump well under one, so the dump is made once and kept in
 *   memory and in the OS temp folder (`parvoz-pglite-<pglite version>-<migrations hash>.tar`), where the
 *   other test files and later runs find it.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  ADVISORY_LOCK_NAMESPACE,
  createDatabase,
  migrate,
  migrationsFingerprint,
  wrapPglite,
  type DatabaseHandle,
} from './index.ts';

export interface TestDatabase extends DatabaseHandle {
  /** The test database's URL (postgres only), e.g. to open more connections of your own. */
  url?: string;
}

export interface TestDatabaseOptions {
  /** Pool size (postgres only; default 10). */
  poolSize?: number;
  /** Use this server instead of env DATABASE_URL; `null` forces PGlite. */
  url?: string | null;
}

export const TEMPLATE_DATABASE = 'parvoz_template';
export const TEST_DATABASE_PREFIX = 'parvoz_test_';
const ADVISORY_LOCK_TEMPLATE = 2;
/** Test databases left behind by runs that crashed are dropped once they are this old. */
const STALE_TEST_DATABASE_MS = 6 * 60 * 60 * 1000;

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const url = options.url === undefined ? process.env.DATABASE_URL : options.url;
  if (url) return createPostgresTestDatabase(url, options.poolSize);
  return createPgliteTestDatabase();
}

// ---------------------------------------------------------------------------------------------------------
// PGlite

const TAR = 'application/x-tar';
let pgliteTemplate: Promise<Blob> | undefined;

async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create('memory://');
  try {
    await migrate(wrapPglite(client).db);
    const dump = await client.dumpDataDir('none');
    return new Blob([await dump.arrayBuffer()], { type: TAR });
  } finally {
    await client.close();
  }
}

async function pgliteVersion(): Promise<string> {
  // The package does not export its package.json: find it next to the resolved entry point.
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === '@electric-sql/pglite' && manifest.version) return manifest.version;
    } catch {
      // not here: go up
    }
  }
  return 'unknown';
}

/** Where the migrated dump is cached between processes and runs. */
async function pgliteDumpFile(): Promise<string> {
  return path.join(
    os.tmpdir(),
    `parvoz-pglite-${await pgliteVersion()}-${await migrationsFingerprint()}.tar`,
  );
}

/** Dumps made for other migrations or PGlite versions (40 MB each). */
async function removeOtherDumps(keep: string): Promise<void> {
  const dir = path.dirname(keep);
  for (const name of await readdir(dir)) {
    if (/^parvoz-pglite-.*\.tar$/.test(name) && name !== path.basename(keep))
      await rm(path.join(dir, name), { force: true });
  }
}

async function loadPgliteTemplate(): Promise<Blob> {
  const file = await pgliteDumpFile();
  try {
    return new Blob([await readFile(file)], { type: TAR });
  } catch {
    // no cached dump yet
  }
  const dump = await migratedPgliteDump();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file); // atomic: readers never see half a file
    await removeOtherDumps(file);
  } catch {
    await rm(partial, { force: true });
  }
  return dump;
}

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  pgliteTemplate ??= loadPgliteTemplate();
  try {
    return wrapPglite(await PGlite.create('memory://', { loadDataDir: await pgliteTemplate }));
  } catch {
    // A damaged cached dump: rebuild it from the migrations.
    await rm(await pgliteDumpFile(), { force: true });
    pgliteTemplate = migratedPgliteDump();
    return wrapPglite(await PGlite.create('memory://', { loadDataDir: await pgliteTemplate }));
  }
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL

/** `url` with its database name replaced. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `work` with a client of the server at `url`, closed afterwards whatever happens. */
export async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** (Re)builds the template when it is missing or was made from other migration files. Call under the lock. */
async function ensureTemplate(admin: pg.Client, url: string): Promise<void> {
  const marker = `parvoz migrations ${await migrationsFingerprint()}`;
  const found = await admin.query<{ comment: string | null }>(
    `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
    [TEMPLATE_DATABASE],
  );
  if (found.rows[0]?.comment === marker) return;

  if (found.rows.length > 0) await admin.query(`DROP DATABASE ${quoteIdent(TEMPLATE_DATABASE)} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${quoteIdent(TEMPLATE_DATABASE)}`);
  const template = await createDatabase({ url: withDatabaseName(url, TEMPLATE_DATABASE), poolSize: 1 });
  try {
    await migrate(template.db);
  } finally {
    await template.close();
  }
  // Written last: a template whose migration failed half-way is rebuilt next time.
  await admin.query(`COMMENT ON DATABASE ${quoteIdent(TEMPLATE_DATABASE)} IS ${pg.escapeLiteral(marker)}`);
  await dropStaleTestDatabases(admin);
}

async function dropStaleTestDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE $1`,
    [`${TEST_DATABASE_PREFIX}%`],
  );
  for (const { datname } of rows) {
    const created = Number.parseInt(datname.slice(TEST_DATABASE_PREFIX.length).split('_')[0] ?? '', 36);
    if (Number.isFinite(created) && Date.now() - created > STALE_TEST_DATABASE_MS) {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
    }
  }
}

async function createPostgresTestDatabase(url: string, poolSize: number | undefined): Promise<TestDatabase> {
  const name = `${TEST_DATABASE_PREFIX}${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
  await withAdmin(url, async (admin) => {
    // One lock for checking/rebuilding the template and copying it: a copy fails while anyone is connected
    // to the template, so workers (and concurrent runs) take turns.
    await admin.query('SELECT pg_advisory_lock($1, $2)', [ADVISORY_LOCK_NAMESPACE, ADVISORY_LOCK_TEMPLATE]);
    try {
      await ensureTemplate(admin, url);
      await admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(TEMPLATE_DATABASE)}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1, $2)', [
        ADVISORY_LOCK_NAMESPACE,
        ADVISORY_LOCK_TEMPLATE,
      ]);
    }
  });

  const testUrl = withDatabaseName(url, name);
  const handle = await createDatabase({ url: testUrl, ...(poolSize ? { poolSize } : {}) });
  let closing: Promise<void> | undefined;
  return {
    ...handle,
    url: testUrl,
    close: () =>
      (closing ??= (async () => {
        await handle.close();
        await withAdmin(url, (admin) =>
          admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
        );
      })()),
  };
}
