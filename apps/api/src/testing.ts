import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Database } from '@parvoz/db';
import { apiPlugin, API_HOST_OPTIONS, type ApiOptions } from './app.ts';
import type { OutboxWorker } from './services/outbox.ts';
import type { PriceAlertWorker } from './services/price-alert-worker.ts';
import { apiConfigSchema, type ApiConfig } from './config.ts';
import { loggerOptions } from './host/logging.ts';

export const TEST_ANONYMOUS_TOKEN = 'test-anonymous-credential';
export const TEST_OFFER_SECRET = 'test-offer-secret-0123456789';
export const TEST_PAYMENT_WEBHOOK_SECRET = 'test-payment-webhook-secret-0123456789';

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
      offerSecret: TEST_OFFER_SECRET,
      paymentWebhookSecret: TEST_PAYMENT_WEBHOOK_SECRET,
      outboxWorker: false,
      orderExpiryWorker: false,
      priceAlertWorker: false,
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
