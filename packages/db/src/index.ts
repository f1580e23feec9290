/**
 * The database connection (docs/design.md §1, §8): PGlite (embedded PostgreSQL, the one-process default) or a
 * real PostgreSQL server through a node-postgres pool when a URL is given. Both give the same Drizzle API,
 * typed as `Database`; transactions (and nested transactions, as savepoints) work on both.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Assume, type ExtractTablesWithRelations } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { withTextParsers } from './pglite-parsers.ts';
import * as schema from './schema.ts';

export { schema };
export { STAFF_ROLES, type StaffRole, type ChangedFlight, type AirlineCredit } from './schema.ts';
export type Schema = typeof schema;

/** What `db.execute(sql)` returns on both drivers: at least `rows`. */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: DbQueryResult<Assume<this['row'], Record<string, unknown>>>;
}
export interface DbQueryResult<TRow> {
  rows: TRow[];
}

/**
 * The Drizzle database our code uses, whichever driver is behind it. A transaction (`db.transaction(tx => …)`)
 * is also a `Database`, so repositories take `Database` and work inside or outside a transaction.
 * On PGlite there is one connection: inside `db.transaction(...)` use `tx`, never `db` (it would wait forever).
 */
export type Database = PgDatabase<DbQueryResultHKT, Schema>;
export type Transaction = PgTransaction<DbQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Closes the pool / the embedded database. Safe to call more than once; needs no `this`. */
  close(): Promise<void>;
  /** Resolves when the database answers a trivial query, rejects otherwise. */
  ping(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** A PostgreSQL URL (`postgres://user@host:5432/name`): use a node-postgres pool. */
  url?: string;
  /** Without `url`: PGlite's data folder (default `./var/pglite`); `memory://` keeps it in memory. */
  dataDir?: string;
  /** Maximum connections in the pool (postgres only; default 10). */
  poolSize?: number;
  /** Called for errors of idle pool connections (e.g. the server restarted); default: logged to stderr. */
  onPoolError?: (error: Error) => void;
}

export const DEFAULT_PGLITE_DATA_DIR = './var/pglite';

/** Opens the database: PostgreSQL when `url` is given, PGlite otherwise. Does not migrate (see `migrate`). */
export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options);
  const dataDir = options.dataDir ?? DEFAULT_PGLITE_DATA_DIR;
  if (!dataDir.includes('://')) {
    // PGlite creates its own folder but not the parent folders.
    await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  }
  return wrapPglite(await PGlite.create(dataDir));
}

function openPostgres(url: string, options: CreateDatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  const onPoolError =
    options.onPoolError ?? ((error: Error) => console.error(`[db] idle connection error: ${error.message}`));
  pool.on('error', onPoolError);
  const db: Database = drizzleNodePg({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    close: () => (closing ??= pool.end()),
    ping: async () => {
      await pool.query('SELECT 1');
    },
  };
}

/** Wraps an open PGlite instance (used by `createDatabase` and the test helpers). */
export function wrapPglite(client: PGlite): DatabaseHandle {
  const db: Database = drizzlePglite({ client: withTextParsers(client), schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    close: () => (closing ??= client.closed ? Promise.resolve() : client.close()),
    ping: async () => {
      await client.query('SELECT 1');
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Migrations

/** The SQL migrations written by drizzle-kit (`packages/db/migrations`). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations/', import.meta.url));
const MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';

/** Advisory-lock keys of this project: ('parv', n). */
export const ADVISORY_LOCK_NAMESPACE = 0x70617276;
export const ADVISORY_LOCK_MIGRATE = 1;

type Backend =
  | { kind: 'pglite'; client: PGlite }
  | { kind: 'pool'; client: pg.Pool }
  | { kind: 'client'; client: pg.Client };

function backendOf(db: Database): Backend {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return { kind: 'pglite', client };
  if (client instanceof pg.Pool) return { kind: 'pool', client };
  if (client instanceof pg.Client) return { kind: 'client', client };
  throw new TypeError('migrate(): expected a database made by createDatabase() (not a transaction)');
}

/** Serialises migrate() calls on the same PGlite instance (PGlite is single-process, so that is enough). */
const pgliteMigrations = new WeakMap<PGlite, Promise<unknown>>();

/**
 * Applies the pending migrations. Drizzle's migrator takes no lock, so on PostgreSQL the whole run holds a
 * session advisory lock on one connection: processes that start at the same time wait for each other, and
 * the later ones find nothing left to do.
 */
export async function migrate(db: Database): Promise<void> {
  const config = {
    migrationsFolder: MIGRATIONS_FOLDER,
    migrationsSchema: MIGRATIONS_SCHEMA,
    migrationsTable: MIGRATIONS_TABLE,
  };
  const backend = backendOf(db);
  if (backend.kind === 'pglite') {
    const previous = pgliteMigrations.get(backend.client) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(() => migratePglite(drizzlePglite({ client: backend.client }), config));
    pgliteMigrations.set(backend.client, run);
    await run;
    return;
  }
  const connection = backend.kind === 'pool' ? await backend.client.connect() : backend.client;
  let broken: Error | undefined;
  try {
    await connection.query('SELECT pg_advisory_lock($1, $2)', [
      ADVISORY_LOCK_NAMESPACE,
      ADVISORY_LOCK_MIGRATE,
    ]);
    try {
      await migrateNodePg(drizzleNodePg({ client: connection }), config);
    } finally {
      try {
        await connection.query('SELECT pg_advisory_unlock($1, $2)', [
          ADVISORY_LOCK_NAMESPACE,
          ADVISORY_LOCK_MIGRATE,
        ]);
      } catch (error) {
        // Closing the connection releases the lock.
        broken = error as Error;
      }
    }
  } finally {
    if (backend.kind === 'pool') (connection as pg.PoolClient).release(broken ?? false);
  }
}

/** The `when` of the newest migration file (what a fully migrated database has recorded last). */
function latestMigrationMillis(): number {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  return Math.max(0, ...migrations.map((m) => m.folderMillis));
}

/** True when every migration in `migrations/` has been applied (for the readiness probe). */
export async function isMigrated(db: Database): Promise<boolean> {
  const exists = await db.execute<{ present: boolean }>(
    sql`SELECT to_regclass(${`${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`}) IS NOT NULL AS present`,
  );
  if (!exists.rows[0]?.present) return false;
  const last = await db.execute<{ last: string | null }>(
    sql`SELECT max(created_at)::text AS last FROM ${sql.identifier(MIGRATIONS_SCHEMA)}.${sql.identifier(MIGRATIONS_TABLE)}`,
  );
  const applied = Number(last.rows[0]?.last ?? 0);
  return applied >= latestMigrationMillis();
}

/** A hash of all migration files: changes whenever a migration is added or edited. */
export async function migrationsFingerprint(): Promise<string> {
  const journal = await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'));
  const hash = createHash('sha256').update(journal);
  for (const m of readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER })) hash.update(m.hash);
  return hash.digest('hex').slice(0, 16);
}

// ---------------------------------------------------------------------------------------------------------
// Errors

/** SQLSTATE codes our code reacts to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_CHECK_VIOLATION = '23514';
export const PG_NOT_NULL_VIOLATION = '23502';

export interface PgErrorInfo {
  /** SQLSTATE, e.g. '23505'. */
  code: string;
  constraint: string | undefined;
}

/** The PostgreSQL error behind `error` (Drizzle wraps driver errors in `cause`), on both drivers. */
export function pgError(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** Socket-level codes of node-postgres when the server cannot be reached. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * True when the database is unreachable or restarting (refused or dropped connection, SQLSTATE class 08,
 * admin shutdown 57P01–57P03): a transient fault to answer with 503 and Retry-After, not a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (CONNECTION_ERROR_CODES.has(code) || /^08/.test(code) || /^57P0[123]$/.test(code)) return true;
    if (
      typeof candidate.message === 'string' &&
      /Connection terminated|connection timeout/i.test(candidate.message)
    )
      return true;
    current = candidate.cause;
  }
  return false;
}

/** True for a unique-constraint violation (of `constraint` when given), e.g. to retry a new booking reference. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const info = pgError(error);
  return info?.code === PG_UNIQUE_VIOLATION && (constraint === undefined || info.constraint === constraint);
}

// ---------------------------------------------------------------------------------------------------------
// Repositories the foundation needs

export {
  holdSeats,
  releaseSeats,
  soldSeats,
  soldSeatsSince,
  holdSeatsForOrder,
  releaseOrderHolds,
  heldSeatDesignators,
  SoldOutError,
} from './repositories/seat-inventory.ts';
export type {
  ChosenSeat,
  SeatRequest,
  SeatRelease,
  SoldOutFlight,
  SoldSeats,
} from './repositories/seat-inventory.ts';
export * as idempotency from './repositories/idempotency.ts';
