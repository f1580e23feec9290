/**
 * The process (docs/architecture.md, "The host"): the API plugin (@parvoz/api) at /v1 and the built React Router
 * app (@parvoz/web) for everything else, on one port (docs/design.md §1). PARVOZ_ROLE=web|api|all runs either
 * half alone. `npm start` runs it through scripts/start.ts.
 */
import './server-env.ts';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { apiPlugin, apiConfigFromEnv, API_HOST_OPTIONS, type ApiSettings } from '@parvoz/api';
import { createDatabase, migrate, type DatabaseHandle } from '@parvoz/db';
import { publicOrigin } from '@parvoz/api/public-origin';
import { echoRequestId, loggerOptions, redactingChildLogger, requestIdFor } from '@parvoz/api/logging';
import { fastifyTrustProxy, loadConfig, serverConfigSchema, type ServerConfig } from './config.ts';
import { BROTLI_PARAMS } from './compression.ts';
import { securityHeaders } from './security.ts';
import { opsRoutes } from './ops.ts';
import { installDrain } from './lifecycle.ts';
import { isClusterWorker, runPrimary, workerCount } from './cluster.ts';
import { databaseSecretKeeper, fileSecretKeeper, withKeptSecrets } from './secrets.ts';
import { registerWeb } from './web.ts';

export type { ServerConfig };
/** Settings of the host alone (all settings, the API's too, are checked by `loadConfig` in main). */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return serverConfigSchema.parse(env);
}

export async function buildServer(
  config: ServerConfig,
  api: ApiSettings = apiConfigFromEnv(),
  options: { database?: DatabaseHandle } = {},
) {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    childLoggerFactory: redactingChildLogger,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    ...API_HOST_OPTIONS,
    // X-Request-Id from the caller (the web half's API client) when it is well formed, else a new one.
    requestIdHeader: false,
    genReqId: requestIdFor,
    // The drain answers 503 itself (with Retry-After and the error envelope).
    return503OnClosing: false,
    // Closing comes after the drain (lifecycle.ts): no request of ours is in flight any more, so every connection
    // left is cut. Node's close spares a connection a browser opened ahead of a request it never sent, and one
    // kept the process alive after SIGTERM until the headers timeout.
    forceCloseConnections: true,
  });
  const closers: Array<() => Promise<void>> = [];
  // onClose hooks run last-registered first: registered here, the database closes after the API's workers stop.
  app.addHook('onClose', async () => {
    for (const close of closers) await close();
  });
  app.addHook('onRequest', echoRequestId);
  // Next: its hooks must see every request (graceful shutdown: docs/operations.md#stopping-and-deploying).
  app.decorate('drain', installDrain(app, { timeoutMs: config.DRAIN_TIMEOUT_SECONDS * 1000 }));
  await app.register(securityHeaders, { publicUrl: api.publicUrl });
  // Tours created, edited, published or withdrawn through this process (the API's console routes, or the
  // console's pages posting to them): the cached pages showing tours are forgotten at once. Other instances
  // see the change when their copies expire (PAGE_CACHE_TTL_SECONDS; docs/decisions/0018-page-cache.md).
  const contentListeners: Array<() => void> = [];
  const contentChanged = (listener: () => void) => contentListeners.push(listener);
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    const path = request.url.split('?')[0]!;
    if (/^\/v1\/ops\/tours(\/|$)|^\/[a-z]{2}\/ops\/tours(\/|$)/.test(path))
      for (const listener of contentListeners) listener();
  });

  let database = options.database;
  if (config.PARVOZ_ROLE !== 'web' && !database) {
    database = await createDatabase(
      config.DATABASE_URL
        ? { url: config.DATABASE_URL }
        : { dataDir: path.join(config.PARVOZ_DATA_DIR, 'pglite') },
    );
    await migrate(database.db);
    const opened = database;
    closers.push(() => opened.close());
  }
  await app.register(opsRoutes, {
    database: config.PARVOZ_ROLE === 'web' ? undefined : database,
    metricsToken: config.METRICS_TOKEN,
    // `npm run dev` (and only it) sets NODE_ENV=development: there /metrics may go without a token.
    metricsOpen: config.NODE_ENV === 'development',
  });
  await app.register(compress, { global: true, threshold: 1024, brotliOptions: { params: BROTLI_PARAMS } });
  if (config.PARVOZ_ROLE !== 'web' && database) {
    // Keys not configured are generated once and kept: beside the embedded database, or in PostgreSQL where
    // every instance finds the same ones.
    const keeper =
      database.kind === 'postgres'
        ? databaseSecretKeeper(database.db)
        : fileSecretKeeper(path.join(config.PARVOZ_DATA_DIR, 'secrets.json'));
    const apiConfig = await withKeptSecrets(api, keeper, (message) => app.log.info(message));
    await app.register(apiPlugin, { prefix: '/v1', db: database.db, config: apiConfig });
  }
  if (config.PARVOZ_ROLE !== 'api')
    await registerWeb(app, {
      origin: () => {
        const origin = publicOrigin(api.publicUrl, app.server.address());
        if (!origin) throw new Error('a page was requested before the server listens');
        return origin;
      },
      internalToken: api.internalToken,
      pageCache: {
        maxEntries: config.PAGE_CACHE_ENTRIES,
        ttlMs: config.PAGE_CACHE_TTL_SECONDS * 1000,
        staleMs: config.PAGE_CACHE_STALE_SECONDS * 1000,
        maxBytes: config.PAGE_CACHE_MEGABYTES * 1024 * 1024,
      },
      contentChanged,
    });
  return app;
}

export async function main() {
  const { server: config, api } = loadConfig();
  const workers = workerCount(config);
  if (workers > 1 && !isClusterWorker()) return runPrimary(workers, config);
  const app = await buildServer(config, api);
  let ownApi: Server | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without draining');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal, inFlight: app.drain.inFlight }, 'shutting down: draining requests in flight');
    try {
      const { forced } = await app.drain.shutdown();
      ownApi?.close();
      app.log.info({ forced }, 'shut down');
      process.exit(forced ? 1 : 0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ role: config.PARVOZ_ROLE }, `Parvoz listening on ${address}`);
  // Whoever reads the log knows what this site sells (docs/operations.md, "Demo and live mode").
  app.log.info(
    { mode: api.mode },
    api.mode === 'demo'
      ? 'Demonstration (PARVOZ_MODE=demo): flights and payments are simulated; nothing here is a real ticket'
      : 'Live (PARVOZ_MODE=live): real suppliers and payment providers only',
  );
  if (!api.publicUrl)
    app.log.warn(
      { publicOrigin: publicOrigin(undefined, app.server.address()) },
      'PUBLIC_URL is not set: links (emails, canonical) and form posts use the address listened on; set PUBLIC_URL to the address visitors use',
    );
  // The ready line is printed even when the log level hides info (benchmarks run at warn).
  if (['warn', 'error', 'fatal', 'silent'].includes(config.LOG_LEVEL))
    console.log(`Parvoz listening on ${address}`);
  if (!process.env.API_URL && config.PARVOZ_ROLE === 'all') {
    if (isClusterWorker()) {
      // The shared port hands each connection to any worker: the web half's calls would be answered by another
      // worker about half the time, and the second stage of a streamed search there (`?stage=rest`) would ask
      // Duffel again instead of taking the answer this worker is waiting for. A loopback port of its own keeps
      // them here.
      ownApi = await listenOnOwnLoopbackPort(app);
      const own = ownApi.address() as { port: number };
      process.env.API_URL = `http://127.0.0.1:${own.port}`;
      app.log.info({ apiUrl: process.env.API_URL }, 'the web half calls the API of this worker');
    } else process.env.API_URL = address.replace('0.0.0.0', '127.0.0.1');
  }
}

/** A second listener for the same app on a loopback port not shared with the other workers (`exclusive`). */
async function listenOnOwnLoopbackPort(app: FastifyInstance): Promise<Server> {
  const server = createServer((request, response) => app.routing(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, resolve);
  });
  return server;
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
