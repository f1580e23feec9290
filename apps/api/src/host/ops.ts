/**
 * Operations endpoints at the server root (issue 8): `/health` (the process is alive), `/ready` (the database
 * answers and every migration is applied) and `/metrics` (Prometheus), plus the request count and latency
 * of every route, labelled with the route pattern, never the raw URL.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isMigrated, type DatabaseHandle } from '@parvoz/db';
import { collectOutboxBacklog, httpRequestDuration, httpRequestsTotal, registry } from '../metrics.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The route label for metrics when the route's own pattern says too little (the web catch-all). */
    metricsRoute: string;
  }
}

export type OpsOptions = {
  /** The API's database (absent in PARVOZ_ROLE=web). */
  database?: DatabaseHandle | undefined;
  /** When set, /metrics needs `Authorization: Bearer <token>`. */
  metricsToken?: string | undefined;
  /** How long /ready waits for the database (default 2 s). */
  readyTimeoutMs?: number;
};

const OPS_PATHS = new Set(['/health', '/ready', '/metrics']);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The route pattern of an answered request, or `unmatched` (a 404 has no pattern: its URL is not a label). */
export function routeLabel(request: FastifyRequest): string {
  if (request.metricsRoute) return request.metricsRoute;
  const url = request.routeOptions.url;
  // `/v1/*` is the API's catch-all 404 (apps/api/src/app.ts), unmatched like any other.
  if (url === undefined || url === '/v1/*') return 'unmatched';
  // Built assets are one route per file, with a new hash on every build: one label for all of them.
  return url.startsWith('/assets/') ? '/assets/*' : url;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const opsRoutes = fp<OpsOptions>(
  async (app, options) => {
    const database = options.database;
    const readyTimeoutMs = options.readyTimeoutMs ?? 2_000;

    app.decorateRequest('metricsRoute', '');
    app.addHook('onResponse', async (request, reply) => {
      const route = routeLabel(request);
      if (OPS_PATHS.has(route)) return;
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      httpRequestsTotal.inc(labels);
      httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    });

    app.get('/health', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    });

    app.get('/ready', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!database) return { status: 'ready', checks: {} };
      const checks: Record<string, string> = { database: 'ok', migrations: 'ok' };
      try {
        await withTimeout(database.ping(), readyTimeoutMs);
        if (!(await withTimeout(isMigrated(database.db), readyTimeoutMs))) checks.migrations = 'pending';
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: database unreachable');
        checks.database = 'unreachable';
        checks.migrations = 'unknown';
      }
      const ready = checks.database === 'ok' && checks.migrations === 'ok';
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
    });

    app.get('/metrics', async (request, reply) => {
      if (options.metricsToken) {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
        if (!sameSecret(given, options.metricsToken)) {
          return reply
            .status(401)
            .header('www-authenticate', 'Bearer')
            .send({ error: { code: 'unauthorized', message: 'A metrics token is required.' } });
        }
      }
      if (database) {
        try {
          await withTimeout(collectOutboxBacklog(database.db), readyTimeoutMs);
        } catch (error) {
          request.log.warn({ err: error }, 'metrics: outbox backlog not read');
        }
      }
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'parvoz-ops' },
);
