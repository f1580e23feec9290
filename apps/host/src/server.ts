/**
 * The process (docs/architecture.md, "The host"): the API plugin (@parvoz/api) at /v1 and the built React Router
 * app (@parvoz/web) for everything else, on one port (docs/design.md §1). PARVOZ_ROLE=web|api|all runs either
 * half alone. `npm start` runs it through scripts/start.ts.
 */
import './server-env.ts';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL, fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { RouteObject, ServerBuild, matchRoutes as MatchRoutes } from 'react-router';
import { apiPlugin, apiConfigFromEnv, API_HOST_OPTIONS, type ApiSettings } from '@parvoz/api';
import { createDatabase, migrate, type DatabaseHandle } from '@parvoz/db';
import { fastifyTrustProxy, loadConfig, serverConfigSchema, type ServerConfig } from './config.ts';
import { pageCacheAnswersTotal, pageCacheRevalidationsTotal } from '@parvoz/api/metrics';
import { publicOrigin } from '@parvoz/api/public-origin';
import { acceptsGzip } from '@parvoz/api/accept-encoding';
import { CLIENT_IP_HEADER, INTERNAL_TOKEN_HEADER } from '@parvoz/api/client-ip';
import { echoRequestId, loggerOptions, redactingChildLogger, requestIdFor } from '@parvoz/api/logging';
import { CSP_NONCE_HEADER, createCspNonce, securityHeaders } from './security.ts';
import {
  NO_PAGE_CACHE_HEADER,
  PAGE_CACHE_HEADER,
  PageCache,
  gzipBody,
  isStorable,
  plainBody,
  type CachedPage,
  type PageCacheOptions,
  type Rendered,
} from './page-cache.ts';
import { opsRoutes } from './ops.ts';
import { keptRouteLabels } from './route-labels.ts';
import { installDrain } from './lifecycle.ts';
import { isClusterWorker, runPrimary, workerCount } from './cluster.ts';
import { databaseSecretKeeper, fileSecretKeeper, withKeptSecrets } from './secrets.ts';

/** The web app's build (`npm run build`): the @parvoz/web workspace's build/ folder. */
const WEB_BUILD = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('@parvoz/web/package.json'))),
  'build',
);

export type { ServerConfig };
/** Settings of the host alone (all settings, the API's too, are checked by `loadConfig` in main). */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return serverConfigSchema.parse(env);
}

/**
 * Brotli for every compressed answer: quality 4 (@fastify/compress's own default; 11 is far too slow per
 * request) and a 256 kB window instead of the default 4 MB. Pages and API answers are smaller than the window,
 * so they compress to the same size within 0.2 %, but each answer's compressor no longer sets up a 4 MB window:
 * a results page cost 27 ms of CPU with brotli against 14 with gzip, 16.5 with this.
 */
const BROTLI_PARAMS = {
  [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
  [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
};

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

type WebOptions = {
  /** The site's public origin (public-origin.ts): every page request's URL is built on it. */
  origin: () => string;
  /** The credential with which the web half names the visitor's IP to the API (client-ip.ts). */
  internalToken: string;
  /** The anonymous pages' cache (page-cache.ts); the build id is added here. */
  pageCache: Omit<PageCacheOptions, 'buildId' | 'now'>;
  /** Subscribes to changes of the content pages show (tours). */
  contentChanged: (listener: () => void) => void;
};

/** What the web app's entry module (apps/web/app/entry.server.tsx) offers the host besides rendering. */
type WebEntryExtras = {
  /** Whether the render of this request id failed after its first bytes (forgets it). */
  renderFailed?: (requestId: string) => boolean;
  /** Forgets what the web app keeps of changed content (the home page's tours). */
  contentChanged?: () => void;
};

/** Serves the built React Router app: hashed assets with a year-long cache, SSR for the rest. */
async function registerWeb(app: FastifyInstance, options: WebOptions) {
  const serverEntry = path.join(WEB_BUILD, 'server/index.js');
  if (!existsSync(serverEntry))
    throw new Error('The web app is not built: run `npm run build` (npm start does it for you).');
  const { createRequestHandler, matchRoutes } = await import('react-router');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(
    build,
    process.env.NODE_ENV === 'development' ? 'development' : 'production',
  );
  const routeOf = webRouteLabeler(build, matchRoutes);
  const entry = build.entry.module as unknown as WebEntryExtras;
  const pages = new PageCache({ ...options.pageCache, buildId: build.assets.version });
  options.contentChanged(() => {
    pages.clear();
    entry.contentChanged?.();
  });

  await app.register(fastifyStatic, {
    root: path.join(WEB_BUILD, 'client'),
    wildcard: false,
    setHeaders(reply, filePath) {
      reply.header(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });

  app.get('/_build/latest.json', (_request, reply) => {
    reply.header('Cache-Control', 'no-store').send({ version: build.assets.version });
  });

  /** The visitor's request as the web app's handler takes it, with `nonce` for its scripts. */
  const pageRequest = (request: FastifyRequest, nonce: string, signal?: AbortSignal): Request => {
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else if (value !== undefined) headers.set(key, value);
    }
    headers.set('x-request-id', String(request.id));
    headers.set(CSP_NONCE_HEADER, nonce);
    // The visitor's address (under TRUST_PROXY, as Fastify reads X-Forwarded-For) for the API's per-IP
    // limits, with the credential the API checks before believing it (apps/api/src/client-ip.ts). Both
    // replace whatever the visitor sent under those names.
    headers.set(CLIENT_IP_HEADER, request.ip);
    headers.set(INTERNAL_TOKEN_HEADER, options.internalToken);
    // Fastify leaves `body` undefined for a request without one (a bare POST or DELETE).
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    // Never the Host or X-Forwarded-Host header: canonical links, redirects and the CSRF check derive
    // from this URL, and anyone can send those headers.
    return new Request(options.origin() + request.url, {
      method: request.method,
      headers,
      ...(signal ? { signal } : {}),
      ...(hasBody
        ? { body: Readable.toWeb(request.body as Readable) as ReadableStream, duplex: 'half' }
        : {}),
    } as RequestInit);
  };

  /** Renders a cacheable page (with the cache's placeholder nonce) as the cache keeps it. */
  const renderForCache = (request: FastifyRequest, fetchRequest: Request) => async (): Promise<Rendered> => {
    const lang = request.url.split(/[/?]/)[1] ?? '';
    const response = await handle(fetchRequest);
    const storable = isStorable(response, lang);
    const body = Buffer.from(await response.arrayBuffer());
    const failed = entry.renderFailed?.(String(request.id)) ?? false;
    const kept: Array<[string, string]> = [];
    for (const [name, value] of response.headers) if (name !== 'set-cookie') kept.push([name, value]);
    for (const cookie of response.headers.getSetCookie()) kept.push(['set-cookie', cookie]);
    return { status: response.status, headers: kept, body, storable: storable && !failed };
  };

  await app.register(async (web) => {
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      compress: STREAMED_PAGE_COMPRESSION,
      handler: async (request, reply) => {
        request.metricsRoute = routeOf(request.url.split('?')[0]!);
        // The page's CSP nonce (security.ts): entry.server.tsx puts it on every script. A page
        // the cache may keep is rendered with the cache's placeholder instead, replaced by this nonce below.
        request.cspNonce = createCspNonce();
        const key = pages.key({
          method: request.method,
          url: request.url,
          route: request.metricsRoute,
          headers: request.headers,
        });
        if (key) {
          const found = pages.lookup(key);
          if (found?.fresh) return sendPage(request, reply, found.page, 'hit');
          if (found) {
            // Not tied to this visitor's connection: the new copy is for whoever asks next.
            pages.revalidate(
              key,
              renderForCache(request, pageRequest(request, pages.placeholder)),
              (outcome, error) => {
                pageCacheRevalidationsTotal.inc({ outcome });
                if (error)
                  request.log.error({ err: error }, 'page cache: re-rendering an expired page failed');
              },
            );
            return sendPage(request, reply, found.page, 'stale');
          }
          const rendering = await pages.pendingFor(key);
          if (rendering) return sendPage(request, reply, rendering, 'hit');
        }
        const controller = new AbortController();
        reply.raw.on('close', () => controller.abort());
        const fetchRequest = pageRequest(
          request,
          key ? pages.placeholder : request.cspNonce,
          controller.signal,
        );
        if (key) {
          const { page, stored } = await pages.fill(key, renderForCache(request, fetchRequest));
          return sendPage(request, reply, page, stored ? 'miss' : 'bypass', stored);
        }
        const response = await handle(fetchRequest);
        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (key !== 'set-cookie' && key !== NO_PAGE_CACHE_HEADER) reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        if (!response.body) return reply.send();
        return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
      },
    });
  });
}

/**
 * Pages stream (the shell, then each part as its data arrives: the results page's built-in offers, then a
 * supplier's): each piece React writes is flushed through the compressor at once. Without it gzip held the shell
 * until 16 kB of output had gathered, and brotli held the built-in offers until Duffel's arrived seconds later.
 * A flush per written chunk costs a few bytes each; the cached pages bring their own gzip (sendPage).
 */
const STREAMED_PAGE_COMPRESSION: FastifyCompressOptions = {
  // Not zstd: @fastify/compress gives it these zlib options, and its flush mode 2 is zstd's "end the frame": each
  // flush ended a frame, and a decoder stops after the first (the page was cut after its shell).
  encodings: ['br', 'gzip', 'deflate', 'identity'],
  zlibOptions: { flush: zlibConstants.Z_SYNC_FLUSH },
  brotliOptions: { flush: zlibConstants.BROTLI_OPERATION_FLUSH, params: BROTLI_PARAMS },
};

/**
 * Answers a page rendered with the cache's placeholder nonce (kept or not) with this request's own nonce in
 * its place; the security hook sends the matching Content-Security-Policy. A kept page goes gzip-encoded from
 * its pieces deflated once when the visitor takes gzip; anything else is left to @fastify/compress.
 */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: 'hit' | 'stale' | 'miss' | 'bypass',
  kept = true,
) {
  reply.status(page.status);
  const cookies: string[] = [];
  for (const [name, value] of page.headers) {
    if (name === 'set-cookie') cookies.push(value);
    else if (name !== NO_PAGE_CACHE_HEADER && name !== 'x-request-id' && name !== 'content-length')
      reply.header(name, value);
  }
  if (cookies.length) reply.header('set-cookie', cookies);
  reply.header(PAGE_CACHE_HEADER, state);
  pageCacheAnswersTotal.inc({ state });
  if (kept && page.gzip.length && acceptsGzip(request.headers['accept-encoding'])) {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    reply.header('content-encoding', 'gzip');
    return reply.send(gzipBody(page, request.cspNonce));
  }
  return reply.send(plainBody(page, request.cspNonce));
}

/** The route pattern of a page URL (`/:lang/flight/:search`), the label of its request metrics. */
function webRouteLabeler(build: ServerBuild, match: typeof MatchRoutes) {
  const manifest = Object.values(build.routes).filter((route) => route !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map(
        (route) =>
          ({ id: route.id, path: route.path, index: route.index, children: tree(route.id) }) as RouteObject,
      );
  const routes = tree(undefined);
  return keptRouteLabels((pathname) => {
    const data = pathname.endsWith('.data');
    const matches = match(routes, data ? pathname.slice(0, -'.data'.length) : pathname) ?? [];
    const pattern = `/${matches
      .map((m) => m.route.path)
      .filter(Boolean)
      .join('/')}`;
    return data ? `${pattern}.data` : pattern;
  });
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
