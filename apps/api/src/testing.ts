import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Database } from '@parvoz/db';
import { apiPlugin, API_HOST_OPTIONS, type ApiOptions } from './app.ts';
import type { OutboxWorker } from './services/outbox.ts';
import type { PriceAlertWorker } from './services/price-alert-worker.ts';
import { apiConfigSchema, type ApiConfig } from './config.ts';
import { loggerOptions } from './host/logging.ts';
import { CLIENT_IP_HEADER, INTERNAL_TOKEN_HEADER } from './client-ip.ts';

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

/** The API on a Fastify host configured exactly as server.ts does, for `inject` tests. */
export async function buildTestApi(
  db: Database,
  config: Partial<ApiConfig> = {},
  extra: Pick<ApiOptions, 'now' | 'mailTransport'> & {
    /** Log as the host does (host/logging.ts) into this stream, e.g. to scan the lines for secrets. */
    logStream?: Writable;
  } = {},
) {
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
    config: apiConfigSchema.parse({
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
    }) as ApiConfig,
    ...options,
    outboxRef,
    priceAlertsRef,
  });
  app.decorate('outbox', outboxRef.current!);
  app.decorate('priceAlerts', priceAlertsRef.current!);
  await app.ready();
  return app;
}
