import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { createDatabase, type Database } from '@parvoz/db';
import { createTestDatabase, type TestDatabase } from '@parvoz/db/testing';
import { launchBrowser } from './browser.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';
import {
  startDuffelServer,
  type DuffelServerOptions,
  type DuffelTestServer,
} from '../../apps/api/src/suppliers/duffel/testing/duffel-server.ts';
import {
  TAS_IST_AIRPORTS,
  duffelOnlyFlight,
} from '../../apps/api/src/suppliers/duffel/testing/duffel-fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * PARVOZ_INTERNAL_TOKEN for suites in which the test plays the web half and names visitors to the API
 * (apps/api/src/client-ip.ts); pass it in `env` and send `visitor(ip)`. Without it a site makes its own.
 */
export const INTERNAL_TOKEN = 'e2e-internal-token-0123456789abcdefghij';

/** The headers with which the web half names the visitor `ip` to the API. */
export function visitor(ip: string, token = INTERNAL_TOKEN): Record<string, string> {
  return { 'x-parvoz-client-ip': ip, 'x-parvoz-internal-token': token };
}

/**
 * A new data folder (PARVOZ_DATA_DIR) holding a copy of the run's migrated embedded database
 * (e2e/support/database-template.ts), for suites that prepare a site's data before starting it; outside a
 * Vitest run (bench/*.ts) an empty one.
 */
export function siteDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parvoz-e2e-'));
  // Under plain Node (the benchmarks) there is no run and no template: the site creates its own database.
  if (process.env.VITEST) cpSync(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/**
 * Makes `email` the console's first admin as a new agency does once before starting the site, `npm run ops --
 * add-admin <email>`, on the database named by `env` (DATABASE_URL, else the embedded one under PARVOZ_DATA_DIR);
 * returns what the command printed.
 */
function addAdmin(email: string, env: Record<string, string>): string {
  const { DATABASE_URL: _runnerDatabase, ...inherited } = process.env;
  const made = spawnSync('npm', ['run', '--silent', 'ops', '--', 'add-admin', email], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`npm run ops -- add-admin failed (${made.status}):\n${made.stderr}`);
  return made.stdout;
}

/**
 * A database of its own on the run's PostgreSQL server, for suites whose sites share one database between
 * processes (instances, workers, a drain), which the embedded one cannot. `npm test` starts the server and sets
 * DATABASE_URL; without it the suite fails at once rather than testing less.
 */
export async function postgresTestDatabase(): Promise<TestDatabase> {
  if (!process.env.DATABASE_URL) throw new Error('this suite needs DATABASE_URL (npm test starts a server)');
  return createTestDatabase();
}

/** How long a stopped site may take to exit: its drain's 10 s, its closing's 10 s, and room on a loaded machine. */
const SITE_EXIT_MS = 30_000;
/** How long a test server (SMTP, a provider's stand-in) may take to close once the site is gone. */
const SERVER_CLOSE_MS = 15_000;

export type RunningSite = {
  url: string;
  process: ChildProcess;
  logs: string[];
  /** What `npm run ops -- add-admin` printed, when the site was started with an `admin`. */
  adminOutput?: string;
  stop: () => Promise<void>;
};

/** The database a site is given in `env`: its PostgreSQL database, or the embedded one in its data folder. */
async function openDatabase(env: Record<string, string>) {
  return env.DATABASE_URL
    ? createDatabase({ url: env.DATABASE_URL })
    : createDatabase({ dataDir: path.join(env.PARVOZ_DATA_DIR!, 'pglite') });
}

/**
 * Starts the real one-process site (apps/host/src/server.ts on the built web app) on a free loopback port, on a
 * database of its own:
 * - when the run has a PostgreSQL server (DATABASE_URL, as `npm test` sets), a new database copied from the
 *   migrated template (`createTestDatabase`), dropped when the site stops: seconds faster to start than the
 *   embedded database, whose WebAssembly engine also shares the site's CPU;
 * - otherwise, or with `{ embedded: true }` (the default `npm start` set-up, e.g. e2e/foundation.test.ts),
 *   a copy of the run's migrated embedded database (`siteDataDir`).
 * Pass DATABASE_URL or PARVOZ_DATA_DIR in `env` to choose the database yourself (e.g. one shared by sites).
 */
export async function startSite(
  env: Record<string, string> = {},
  options: {
    embedded?: boolean;
    /** Start it as `npm start` does: scripts/start.ts, with no NODE_ENV (the tests' own is `test`). */
    asNpmStart?: boolean;
    /** Make this address the console's first admin before the site starts (`npm run ops -- add-admin`). */
    admin?: string;
    /** Writes into the site's database before it starts (after `admin`). */
    prepare?: (db: Database) => Promise<unknown>;
  } = {},
): Promise<RunningSite> {
  const { DATABASE_URL: runnerDatabase, NODE_ENV: runnerNodeEnv, ...inherited } = process.env;
  // The site runs as it ships, on React's production build (apps/host/src/server-env.ts sets NODE_ENV=production
  // when it is unset): React's development build doubled its CPU per page (bench/site-cpu.ts). What follows the
  // operator's NODE_ENV (the contract checks of answers, the configuration's production checks) sees the runner's
  // `test`, unless the suite sets NODE_ENV itself.
  if (!options.asNpmStart && runnerNodeEnv && env.NODE_ENV === undefined)
    inherited.PARVOZ_OPERATOR_NODE_ENV = runnerNodeEnv;
  const chosen = Boolean(env.DATABASE_URL || env.PARVOZ_DATA_DIR);
  const database =
    !chosen && !options.embedded && runnerDatabase
      ? await createTestDatabase({ url: runnerDatabase, poolSize: 1 })
      : undefined;
  // A site on PostgreSQL or on a data folder its suite prepared still keeps its generated files in a folder of its own.
  const dataDir = chosen || database ? mkdtempSync(path.join(tmpdir(), 'parvoz-e2e-')) : siteDataDir();
  if (database) env = { DATABASE_URL: database.url!, ...env };
  const databaseEnv: Record<string, string> = env.DATABASE_URL
    ? { DATABASE_URL: env.DATABASE_URL }
    : { PARVOZ_DATA_DIR: env.PARVOZ_DATA_DIR ?? dataDir };
  const adminOutput = options.admin ? addAdmin(options.admin, databaseEnv) : undefined;
  if (options.prepare) {
    // The embedded database is one process's: written here before the site opens it.
    const prepared = database ?? (await openDatabase(databaseEnv));
    try {
      await options.prepare(prepared.db);
    } finally {
      if (prepared !== database) await prepared.close();
    }
  }
  // As `npm start` starts it (scripts/start.ts loads scripts/fast-start.ts first).
  const entry = options.asNpmStart
    ? ['scripts/start.ts']
    : ['--import=./scripts/fast-start.ts', 'apps/host/src/server.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      PARVOZ_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Every browser of the suite is one visitor (127.0.0.1) to the per-IP limits; their own tests use inject.
      RATE_LIMIT_SCALE: '20',
      // The same one visitor books many unpaid orders across the suite; e2e/security-orders.test.ts sets the
      // default caps (9 seats, 2 unpaid orders) to show them.
      HOLD_MAX_SEATS: '1000',
      HOLD_MAX_UNPAID_ORDERS: '1000',
      // One process (with DATABASE_URL the default is one per core); e2e/workers.test.ts runs several.
      PARVOZ_WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`site did not start:\n${logs.join('\n')}`)), 120_000);
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        logs.push(line);
        const match = /Parvoz listening on (http:\/\/[^\s"]+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`site exited with ${code}:\n${logs.join('\n')}`));
    });
  });
  return {
    url,
    process: child,
    logs,
    adminOutput,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', () => resolve(true)));
        child.kill('SIGTERM');
        // A drain lasts DRAIN_TIMEOUT_SECONDS (10 s by default) and closing as long again at the most
        // (apps/host/src/lifecycle.ts); a site still running well after it is a fault of the site's, said as
        // such rather than as the suite's hook timing out.
        const timer = new Promise((resolve) => setTimeout(() => resolve(false), SITE_EXIT_MS).unref());
        if (!(await Promise.race([exited, timer]))) {
          child.kill('SIGKILL');
          await exited;
          throw new Error(
            `the site did not exit within ${SITE_EXIT_MS} ms of SIGTERM:\n${logs.slice(-40).join('\n')}`,
          );
        }
      }
      // A part of the site that did not stop in time is left behind by the host, which says so: shown here, to
      // find which (docs/operations.md, "Stopping and deploying").
      if (logs.some((line) => line.includes('closing timed out')))
        console.warn(`the site's closing timed out:\n${logs.slice(-20).join('\n')}`);
      rmSync(dataDir, { recursive: true, force: true });
      await database?.close();
    },
  };
}

/**
 * What most suites start: a test SMTP server, the site (`startSite`) sending its mail there, and Chromium. If the
 * site does not start, the mail server is stopped again (the suite's `afterAll` never had it).
 */
export async function startSiteWithMail(
  env: Record<string, string> = {},
  options: Parameters<typeof startSite>[1] = {},
): Promise<{ smtp: TestSmtpServer; site: RunningSite; browser: Browser }> {
  const smtp = await startSmtpServer();
  try {
    const site = await startSite({ SMTP_URL: smtp.url, ...env }, options);
    return { smtp, site, browser: await launchBrowser() };
  } catch (error) {
    await smtp.stop();
    throw error;
  }
}

/** The site (`startSite`) and Chromium, for suites that need nothing else. */
export async function startSiteWithBrowser(
  env: Record<string, string> = {},
  options: Parameters<typeof startSite>[1] = {},
): Promise<{ site: RunningSite; browser: Browser }> {
  const site = await startSite(env, options);
  try {
    return { site, browser: await launchBrowser() };
  } catch (error) {
    await site.stop();
    throw error;
  }
}

/**
 * A site with Duffel configured at the Duffel test server (real HTTP on loopback, Duffel's shapes), and Chromium.
 * The test server knows TAS and IST and flies `flights` (by default Duffel's own TAS–IST flight at 211.00 with
 * 41.00 of taxes); the site gets its token and address, with `env`.
 */
export async function startSiteWithDuffel(
  token: string,
  {
    flights = [duffelOnlyFlight('211.00', '41.00')],
    env = {},
  }: { flights?: DuffelServerOptions['flights']; env?: Record<string, string> } = {},
): Promise<{ duffel: DuffelTestServer; site: RunningSite; browser: Browser }> {
  const duffel = await startDuffelServer({ token, airports: TAS_IST_AIRPORTS, flights });
  try {
    const started = await startSiteWithBrowser({
      DUFFEL_ACCESS_TOKEN: token,
      DUFFEL_API_URL: duffel.url,
      ...env,
    });
    return { duffel, ...started };
  } catch (error) {
    await duffel.close();
    throw error;
  }
}

/** A test server a suite talks to: the SMTP server stops, the providers' servers close. */
type TestServer = { stop: () => Promise<unknown> } | { close: () => Promise<unknown> };

/**
 * Ends what a suite started, each part only if it got that far: the browser, the site (its last log lines
 * printed first with E2E_DEBUG=1), then the test servers it talked to, in order.
 */
export async function stopSuite(
  site: RunningSite | undefined,
  browser: Browser | undefined,
  ...servers: (TestServer | undefined)[]
): Promise<void> {
  if (process.env.E2E_DEBUG && site) console.log(site.logs.slice(-150).join('\n'));
  await browser?.close();
  await site?.stop();
  for (const server of servers) {
    if (!server) continue;
    const closed = ('stop' in server ? server.stop() : server.close()).then(() => true);
    const timer = new Promise((resolve) => setTimeout(() => resolve(false), SERVER_CLOSE_MS).unref());
    // Named, rather than the suite's hook timing out: a test server holds a connection its test left open.
    if (!(await Promise.race([closed, timer])))
      throw new Error(
        `test server ${servers.indexOf(server) + 1} of ${servers.length} did not close within ${SERVER_CLOSE_MS} ms`,
      );
  }
}
