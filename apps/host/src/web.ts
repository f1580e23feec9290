/**
 * The web half of the process: the built React Router app (@parvoz/web) served by the host, its hashed assets
 * with a year-long cache and every other path rendered on the server, through the anonymous pages' cache
 * (page-cache.ts) with each answer's own CSP nonce (security.ts).
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL, fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { RouteObject, ServerBuild, matchRoutes as MatchRoutes } from 'react-router';
import { pageCacheAnswersTotal, pageCacheRevalidationsTotal } from '@parvoz/api/metrics';
import { acceptsGzip } from '@parvoz/api/accept-encoding';
import { CLIENT_IP_HEADER, INTERNAL_TOKEN_HEADER } from '@parvoz/api/client-ip';
import { STREAMED_PAGE_COMPRESSION } from './compression.ts';
import { CSP_NONCE_HEADER, createCspNonce } from './security.ts';
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
import { keptRouteLabels } from './route-labels.ts';

/** The web app's build (`npm run build`): the @parvoz/web workspace's build/ folder. */
const WEB_BUILD = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('@parvoz/web/package.json'))),
  'build',
);

export type WebOptions = {
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
export async function registerWeb(app: FastifyInstance, options: WebOptions) {
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
