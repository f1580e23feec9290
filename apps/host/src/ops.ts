/**
 * Operations endpoints at the server root (docs/operations.md#logs-and-metrics): `/health` (the process is
 * alive), `/ready` (the database answers and every migration is applied) and `/metrics` (Prometheus), plus
 * the request count and latency of every route, labelled with the route pattern, never the raw URL.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isMigrated, type DatabaseHandle } from '@parvoz/db';
import {
  collectOpenRefunds,
  collectOutboxBacklog,
  collectReconciliations,
  httpRequestDuration,
  httpRequestsTotal,
  registry,
} from '@parvoz/api/metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /** The route label for metrics when the route's own pattern says too little (the web catch-all). */
    metricsRoute: string;
  }
}

export type OpsOptions = {
  /** The API's database (absent in PARVOZ_ROLE=web). */
  database?: DatabaseHandle | undefined;
  /** When set, /metrics needs `Authorization: Bearer <token>`; a missing or wrong one gets a 404. */
  metricsToken?: string | undefined;
  /** Without a token, whether /metrics is open (only under `npm run dev`); otherwise it is a 404. */
  metricsOpen?: boolean;
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

    // Metrics tell an attacker what is busy and what fails. Without the token /metrics is no route at all: the
    // request goes on to the router like any unknown path (the web's 404 page, or the plain 404 of an API-only
    // process), so nothing shows that it exists. A 401 would.
    const metricsAllowed = (request: FastifyRequest): boolean => {
      if (!options.metricsToken) return options.metricsOpen === true;
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      return sameSecret(given, options.metricsToken);
    };

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || request.url.split('?')[0] !== '/metrics') return;
      if (!metricsAllowed(request)) return;
      request.metricsRoute = '/metrics';
      if (database) {
        try {
          await withTimeout(collectOutboxBacklog(database.db), readyTimeoutMs);
          await withTimeout(collectReconciliations(database.db), readyTimeoutMs);
          await withTimeout(collectOpenRefunds(database.db), readyTimeoutMs);
        } catch (error) {
          request.log.warn({ err: error }, 'metrics: outbox backlog or reconciliations not read');
        }
      }
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  },
  { name: 'parvoz-ops' },
);
