import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { createDatabase, type Database } from '@parvoz/db';
import { createTestDatabase } from '@parvoz/db/testing';
import type { MailTransport, OutgoingEmail } from '../adapters/mail/transport.ts';
import { apiPlugin, API_HOST_OPTIONS, type ApiOptions } from '../app.ts';
import type { OutboxWorker } from '../modules/mail/index.ts';
import type { PriceAlertWorker } from '../modules/price-alerts/index.ts';
import { apiConfigSchema, type ApiConfig } from '../config.ts';
import { OUTSIDE_SETTINGS } from '../config-check.ts';
import { loggerOptions } from '../logging.ts';
import { CLIENT_IP_HEADER, INTERNAL_TOKEN_HEADER } from '../client-ip.ts';
import { ROUTE_LIMITS } from '../rate-limit.ts';
import { useStarted } from './started.ts';

export const TEST_ANONYMOUS_TOKEN = 'test-anonymous-credential';
export const TEST_OFFER_SECRET = 'test-offer-secret-0123456789';
export const TEST_PAYMENT_WEBHOOK_SECRET = 'test-payment-webhook-secret-0123456789';
/** The internal credential of `buildTestApi` (config `internalToken`): lets a test name the visitor's IP. */
export const TEST_INTERNAL_TOKEN = 'test-internal-credential-0123456789abcdef';

/** The headers with which the web half names a visitor to the API (client-ip.ts), for tests of per-IP rules. */
export function visitorHeaders(ip: string, internalToken = TEST_INTERNAL_TOKEN): Record<string, string> {
  return { [CLIENT_IP_HEADER]: ip, [INTERNAL_TOKEN_HEADER]: internalToken };
}

const ROUTES = new WeakMap<FastifyInstance, RouteOptions[]>();
/** Every route the API registered (method, url, schema), for suites that must cover all of them (fuzz.test.ts). */
export function routesOf(app: FastifyInstance): readonly RouteOptions[] {
  return ROUTES.get(app) ?? [];
}

/**
 * Limits for suites in which one test client (127.0.0.1) books many orders: the hold caps and the per-IP
 * rate limits have their own tests (holds.test.ts, rate-limit.test.ts).
 */
export const MANY_ORDERS = { rateLimitScale: 1000, holdMaxSeats: 1000, holdMaxUnpaidOrders: 1000 } as const;

/** A worker's log for tests that do not read it (the worker's own tests assert on what it logs). */
export const QUIET_LOG = { warn: () => undefined, error: () => undefined };

/** A mail transport that keeps every email it sends in `inbox`, for tests that read what was mailed. */
export function memoryMailTransport(inbox: OutgoingEmail[]): MailTransport {
  return { kind: 'log', send: async (email) => void inbox.push(email), close: () => undefined };
}

type TestApiExtra = Pick<ApiOptions, 'now' | 'mailTransport' | 'onSupplierKick'> & {
  /** Log as the host does (logging.ts) into this stream, e.g. to scan the lines for secrets. */
  logStream?: Writable;
};

/**
 * `buildTestApi` on a fresh PGlite database: the set-up of most suites. `close` shuts the app, then the
 * database; a failed set-up closes the database itself.
 */
export async function startTestApi(config: Partial<ApiConfig> = {}, extra: TestApiExtra = {}) {
  const database = await createTestDatabase();
  const app = await buildTestApi(database.db, config, extra).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, db: database.db, close };
}

/**
 * An API of its own (and database) whose budget for `route` is two calls, handed to `use` and closed after: the
 * set-up of a route's rate-limit test.
 */
export async function withTwoCallBudget(
  route: keyof typeof ROUTE_LIMITS,
  extra: TestApiExtra,
  use: (limited: FastifyInstance) => Promise<void>,
) {
  const limited = await startTestApi({ rateLimitScale: 2 / ROUTE_LIMITS[route].limit }, extra);
  try {
    await use(limited.app);
  } finally {
    await limited.close();
  }
}

/**
 * `startTestApi` before the suite's tests and its `close` after them: the set-up most route suites repeated. The
 * fields of the returned object are set once the suite's tests (and hooks registered after this call) run.
 */
export function useTestApi(config: Partial<ApiConfig> = {}, extra: TestApiExtra = {}) {
  return useStarted(() => startTestApi(config, extra));
}

/**
 * `useTestApi` mailing through an SMTP test server started first (`startSmtp`; `config` gets its URL) and
 * stopped after the API: the set-up of the suites that read real emails. `smtp` is that server.
 */
export function useSmtpTestApi<S extends { url: string; stop(): Promise<void> }>(
  startSmtp: () => Promise<S>,
  config: (smtpUrl: string) => Partial<ApiConfig>,
  extra: TestApiExtra = {},
) {
  return useStarted(async () => {
    const smtp = await startSmtp();
    const api = await startTestApi(config(smtp.url), extra).catch(async (error: unknown) => {
      await smtp.stop();
      throw error;
    });
    const close = async () => {
      await api.close();
      await smtp.stop();
    };
    return { ...api, smtp, close };
  });
}

/** A new client IP at each call (`prefix`.x.y), so that the per-IP counters of one test never touch another's. */
export function clientIps(prefix: string) {
  let counter = 1;
  return () => {
    const ip = `${prefix}.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
    counter++;
    return ip;
  };
}

/**
 * Two API instances, each with a pool of its own, on one new database of the PostgreSQL test server: the set-up
 * of the *.pg suites that race requests over instances (`database` is the first pool's, `second` the other's);
 * `close` shuts all.
 */
export async function startTwoTestApis(config: Partial<ApiConfig>, extra: TestApiExtra = {}) {
  const database = await createTestDatabase({ poolSize: 10 });
  const second = await createDatabase({ url: database.url!, poolSize: 10 });
  const apps: FastifyInstance[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    await second.close();
    await database.close();
  };
  try {
    apps.push(await buildTestApi(database.db, config, extra), await buildTestApi(second.db, config, extra));
  } catch (error) {
    await close();
    throw error;
  }
  return { database, second, apps, close };
}

/**
 * `startTwoTestApis` before the suite's tests and its `close` after them: the set-up of the *.pg race suites. The
 * fields of the returned object are set once the suite's tests run.
 */
export function useTwoTestApis(config: Partial<ApiConfig>, extra: TestApiExtra = {}) {
  return useStarted(() => startTwoTestApis(config, extra));
}

/** The `n` of a `SELECT count(*)::int AS n …`. */
export const countOf = async (db: Database, query: SQL) =>
  (await db.execute<{ n: number }>(query)).rows[0]!.n;

/** The API on a Fastify host configured exactly as apps/host/src/server.ts does, for `inject` tests. */
/**
 * A whole API config from `settings`: the API's own through `apiConfigSchema`, and each payment provider's and
 * supplier's through its own schema (payments/registry.ts, suppliers/registry.ts), as config-check.ts reads them
 * from the environment.
 */
export function parseTestConfig(settings: Record<string, unknown>): ApiConfig {
  const outside = Object.fromEntries(
    OUTSIDE_SETTINGS.filter(({ key }) => settings[key] !== undefined).map(({ key, schema }) => [
      key,
      schema.parse(settings[key]),
    ]),
  );
  return { ...apiConfigSchema.parse(settings), ...outside } as ApiConfig;
}

export async function buildTestApi(db: Database, config: Partial<ApiConfig> = {}, extra: TestApiExtra = {}) {
  const { logStream, ...options } = extra;
  const app = Fastify({
    ...API_HOST_OPTIONS,
    logger: logStream ? { ...loggerOptions('info'), stream: logStream } : false,
  });
  const routes: RouteOptions[] = [];
  ROUTES.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  const outboxRef: { current?: OutboxWorker } = {};
  const priceAlertsRef: { current?: PriceAlertWorker } = {};
  await app.register(apiPlugin, {
    prefix: '/v1',
    db,
    // Tests drive the outbox worker by hand (`app.outbox.runOnce()`) unless they turn it on.
    config: parseTestConfig({
      anonymousToken: TEST_ANONYMOUS_TOKEN,
      internalToken: TEST_INTERNAL_TOKEN,
      offerSecret: TEST_OFFER_SECRET,
      paymentWebhookSecret: TEST_PAYMENT_WEBHOOK_SECRET,
      outboxWorker: false,
      orderExpiryWorker: false,
      reconcileWorker: false,
      priceAlertWorker: false,
      searchCountTimer: false,
      ...config,
    }),
    ...options,
    outboxRef,
    priceAlertsRef,
  });
  app.decorate('outbox', outboxRef.current!);
  app.decorate('priceAlerts', priceAlertsRef.current!);
  await app.ready();
  return app;
}
