/**
 * One process: the API plugin at /v1 and the React Router app for everything else, on one port
 * (DESIGN §1). PARVOZ_ROLE=web|api|all runs either half alone.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL, fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { ServerBuild } from 'react-router';
import { z } from 'zod';
import { apiPlugin, apiConfigFromEnv, API_HOST_OPTIONS } from '@parvoz/api';
import { createDatabase, migrate } from '@parvoz/db';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const WEB_BUILD = path.join(ROOT, 'apps/web/build');

const serverConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PARVOZ_ROLE: z.enum(['web', 'api', 'all']).default('all'),
  DATABASE_URL: z.string().url().optional(),
  PARVOZ_DATA_DIR: z.string().min(1).default(path.join(ROOT, 'var')),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
});
export type ServerConfig = z.infer<typeof serverConfigSchema>;

export function serverConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = serverConfigSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export async function buildServer(config: ServerConfig) {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY === 'true',
    ...API_HOST_OPTIONS,
    requestIdHeader: 'x-request-id',
  });
  const closers: Array<() => Promise<void>> = [];
  await app.register(compress, { global: true, threshold: 1024 });

  if (config.PARVOZ_ROLE !== 'web') {
    const database = await createDatabase(
      config.DATABASE_URL
        ? { url: config.DATABASE_URL }
        : { dataDir: path.join(config.PARVOZ_DATA_DIR, 'pglite') },
    );
    await migrate(database.db);
    closers.push(() => database.close());
    await app.register(apiPlugin, { prefix: '/v1', db: database.db, config: apiConfigFromEnv() });
  }
  if (config.PARVOZ_ROLE !== 'api') await registerWeb(app);
  app.addHook('onClose', async () => {
    for (const close of closers) await close();
  });
  return app;
}

/** Serves the built React Router app: hashed assets with a year-long cache, SSR for the rest. */
async function registerWeb(app: FastifyInstance) {
  const serverEntry = path.join(WEB_BUILD, 'server/index.js');
  if (!existsSync(serverEntry))
    throw new Error('The web app is not built: run `npm run build` (npm start does it for you).');
  // React picks its development or production build from NODE_ENV when first imported, so set it first.
  process.env.NODE_ENV ??= 'production';
  const { createRequestHandler } = await import('react-router');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(
    build,
    process.env.NODE_ENV === 'development' ? 'development' : 'production',
  );

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

  await app.register(async (web) => {
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        const origin = `${request.protocol}://${request.host}`;
        const controller = new AbortController();
        reply.raw.on('close', () => controller.abort());
        const headers = new Headers();
        for (const [key, value] of Object.entries(request.headers)) {
          if (Array.isArray(value)) for (const v of value) headers.append(key, v);
          else if (value !== undefined) headers.set(key, value);
        }
        headers.set('x-request-id', String(request.id));
        // The visitor's address for the API's per-IP limits (apps/api/src/client-ip.ts); never the caller's own.
        headers.set('x-parvoz-client-ip', request.ip);
        const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
        const fetchRequest = new Request(origin + request.url, {
          method: request.method,
          headers,
          signal: controller.signal,
          ...(hasBody
            ? { body: Readable.toWeb(request.body as Readable) as ReadableStream, duplex: 'half' }
            : {}),
        } as RequestInit);
        const response = await handle(fetchRequest);
        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (key !== 'set-cookie') reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        if (!response.body) return reply.send();
        return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
      },
    });
  });
}

export async function main() {
  const config = serverConfigFromEnv();
  const app = await buildServer(config);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ role: config.PARVOZ_ROLE }, `Parvoz listening on ${address}`);
  // The ready line is printed even when the log level hides info (benchmarks run at warn).
  if (['warn', 'error', 'fatal', 'silent'].includes(config.LOG_LEVEL))
    console.log(`Parvoz listening on ${address}`);
  if (!process.env.API_URL && config.PARVOZ_ROLE === 'all') {
    process.env.API_URL = address.replace('0.0.0.0', '127.0.0.1');
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
