import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { contractChecksOn } from '@parvoz/contracts/endpoint';
import { contractSerializerCompiler } from './contract.ts';
import type { Database } from '@parvoz/db';
import { errorHandler, sendError } from './errors.ts';
import { queryRefusal } from './query-string.ts';
import { corsHook } from './cors.ts';
import { findSession, resolveCaller, type Caller } from './modules/accounts/index.ts';
import type { ApiConfig } from './config.ts';
import { authRoutes, userRoutes } from './modules/accounts/routes.ts';
import { orderListRoutes } from './routes/v1/orders/list.ts';
import { devMailboxRoutes } from './routes/v1/dev/mailbox.ts';
import { flightRoutes, offerRoutes, placesRoutes } from './modules/search/routes.ts';
import { seatMapRoutes } from './modules/seats/routes.ts';
import { tourRoutes } from './modules/tours/routes.ts';
import { agencyRoutes } from './routes/v1/agencies/index.ts';
import { orderRoutes } from './routes/v1/orders/index.ts';
import { orderManageRoutes } from './routes/v1/orders/manage.ts';
import { orderCancellationRoutes } from './routes/v1/order-cancellations/index.ts';
import { paymentWebhookRoutes } from './routes/v1/payments/index.ts';
import { supplierWebhookRoutes } from './routes/v1/supplier-webhooks/index.ts';
import { sandboxPayRoutes } from './routes/v1/sandbox-pay/index.ts';
import { providerRoutes } from './routes/v1/payments/provider-routes.ts';
import { referenceRoutes } from './routes/v1/reference/index.ts';
import { opsRoutes } from './routes/v1/ops/index.ts';
import {
  alertLinkOrigin,
  createPriceAlertWorker,
  type PriceAlertWorker,
} from './modules/price-alerts/index.ts';
import { priceAlertRoutes } from './modules/price-alerts/routes.ts';
import { promoCodeRoutes } from './modules/booking/routes.ts';
import { warmUpEmailRendering } from './modules/mail/index.ts';
import { createOrderExpiryWorker, readOrderHistoryWith } from './modules/orders/index.ts';
import {
  createReconcileWorker,
  fiscalReceiptsOfOrder,
  latestReconciliations,
  openRefundsByStatus,
  providerTransactions,
  refundsOfOrder,
  retryUnstartedRefunds,
  startRefunds,
} from './modules/payments/index.ts';
import { airlineChangesOfOrder } from './modules/after-sale/index.ts';
import { paymentProviders } from './payments/index.ts';
import type { PaymentProvider } from './payments/provider.ts';
import {
  createFlightService,
  createSearchCounter,
  type FlightService,
  type SearchCounter,
} from './modules/search/index.ts';
import { createPriceSampler, type PriceSampler } from './modules/pricing/index.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { createOutboxWorker, unsentEmailsByStatus, type OutboxWorker } from './modules/mail/index.ts';
import { readOutboxBacklogWith, readPaymentsWith } from './metrics.ts';
import { createSupplierPaymentWorker } from './modules/supplier-orders/index.ts';
import { logTransport, smtpTransport, type MailTransport } from './adapters/mail/transport.ts';

import { parseApiQuery } from './query-string.ts';
import { publicOrigin } from './public-origin.ts';

// metrics.ts is on the base floor and may not import a module (docs/architecture.md, "Floors"): the outbox's
// backlog gauges, and the open refunds' and reconciliations' ones, read the mail and payments modules' tables
// through the queries handed in here, on the composition floor.
readOutboxBacklogWith(unsentEmailsByStatus);
readPaymentsWith({ openRefunds: openRefundsByStatus, latestReconciliations });
// An order shows its refunds, fiscal receipts and airline changes, which modules above the orders keep: their
// readers are handed down here too, never imported by the orders module (modules/orders/history.ts).
readOrderHistoryWith({
  refunds: refundsOfOrder,
  airlineChanges: airlineChangesOfOrder,
  fiscalReceipts: fiscalReceiptsOfOrder,
});

/** Options the Fastify host must use for the API: our query-string parser (spec §9 limits) and a body limit. */
export const API_HOST_OPTIONS = {
  // Offer ids travel in the path (GET /v1/offers/{id}) and are a few hundred characters long.
  routerOptions: { querystringParser: parseApiQuery, maxParamLength: 2048 },
  bodyLimit: 256 * 1024,
  // Starting the API builds the flight network and reads the database: on a busy machine (CI running two
  // suites at once) that passed Fastify's 10 s default, and the process gave up at start ("Plugin did not
  // start in time"). A slow start is better than none; a hung one is still ended after two minutes.
  pluginTimeout: 120_000,
  // Malformed URLs (bad percent-encoding, over-long path parameters) get the error envelope too, never Fastify's own.
  frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
    sendError(reply, 'malformed_request', 'The request URL is not valid.', { reason: error.code }),
} as const;
export { apiConfigFromEnv, type ApiConfig, type ApiSettings } from './config.ts';

/** What the host passes: the database and config; `now` and `mailTransport` are for tests. */
export type ApiOptions = {
  db: Database;
  config: ApiConfig;
  now?: Clock;
  mailTransport?: MailTransport;
  /** Receives the outbox worker (tests drive it by hand). */
  outboxRef?: { current?: OutboxWorker };
  /** Receives the price-alert worker (tests drive it by hand). */
  priceAlertsRef?: { current?: PriceAlertWorker };
  /** Tests that drive the supplier passes by hand: called instead of kicking them after a payment. */
  onSupplierKick?: () => void;
};
export type ApiDeps = {
  db: Database;
  config: ApiConfig;
  now: Clock;
  kickOutbox: () => void;
  /** After a payment paid an order: pays its supplier if it has one (modules/supplier-orders/payments.ts). */
  kickSupplierPayments: () => void;
  flights: FlightService;
  /** The base of every absolute link the API writes (emails, the e-ticket's QR link): public-origin.ts. */
  publicOrigin: () => string;
  /** The payment providers by name, able to refund (their webhooks come back to this site). */
  payments: ReadonlyMap<string, PaymentProvider>;
  /** Flight searches per day for the console's overview, written in batches (modules/search/search-counter.ts). */
  searches: SearchCounter;
  /** The cheapest offers searches showed, for the console's preview of a rule (modules/pricing/samples.ts). */
  priceSamples: PriceSampler;
};

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller & { presentedToken: boolean };
  }
  interface FastifyInstance {
    deps: ApiDeps;
    outbox: OutboxWorker;
    priceAlerts: PriceAlertWorker;
  }
}

/**
 * The API as a Fastify plugin (never listens itself): register it under /v1.
 * The host must use `parseApiQuery` as its query-string parser.
 */
export const apiPlugin: FastifyPluginAsync<ApiOptions> = async (app, options) => {
  const now = options.now ?? systemClock;
  const transport =
    options.mailTransport ??
    (options.config.smtpUrl
      ? smtpTransport(options.config.smtpUrl, options.config.mailFrom)
      : logTransport(app.log, { withBody: options.config.devMailbox }));
  // Emails go through the outbox table; this process's worker sends them (several instances share it).
  const outbox = createOutboxWorker({
    db: options.db,
    transport,
    now,
    log: app.log,
    scrubAfterSend: transport.kind === 'smtp',
    demo: options.config.mode === 'demo',
  });
  // Not listening and no PUBLIC_URL happens only in `inject` tests: their links go nowhere.
  const siteOrigin = () => publicOrigin(options.config.publicUrl, app.server.address()) ?? 'http://localhost';
  const payments = paymentProviders(options.config, {
    publicOrigin: siteOrigin,
    db: options.db,
    transactions: providerTransactions,
    webhookUrl: () => {
      const origin = publicOrigin(options.config.publicUrl, app.server.address());
      return origin ? `${origin}/v1/payments/webhooks/sandbox` : null;
    },
    now,
    onUndelivered: (status, refundId) =>
      app.log.error({ status, refundId }, 'sandbox refund: webhook not accepted'),
  });
  const priceSamples = createPriceSampler({ db: options.db, now, log: app.log });
  const flights = createFlightService(options.db, options.config, now, app.log, priceSamples.take);
  // One worker per configured supplier (suppliers/registry.ts), each over that supplier's orders.
  const supplierPayments = flights.suppliers.connected.map((supplier) =>
    createSupplierPaymentWorker({
      db: options.db,
      supplier: supplier.orders,
      now,
      log: app.log,
      network: flights.network,
      siteUrl: siteOrigin,
      kickOutbox: outbox.kick,
      // Refunds of paid orders the airline then refused to book (modules/supplier-orders/payments.ts).
      startRefunds: (refundIds) =>
        startRefunds({ db: options.db, now, providers: payments, siteUrl: siteOrigin }, refundIds, app.log),
      ...(supplier.syncEveryMs ? { reconcileEveryMs: supplier.syncEveryMs } : {}),
    }),
  );
  app.addHook('onClose', async () => {
    await Promise.all(supplierPayments.map((worker) => worker.stop()));
  });
  const deps: ApiDeps = {
    db: options.db,
    config: options.config,
    now,
    kickOutbox: outbox.kick,
    kickSupplierPayments:
      options.onSupplierKick ?? (() => supplierPayments.forEach((worker) => worker.kick())),
    flights,
    publicOrigin: siteOrigin,
    payments,
    searches: createSearchCounter({ db: options.db, now, log: app.log }),
    priceSamples,
  };
  if (options.config.searchCountTimer) {
    deps.searches.start();
    priceSamples.start();
  }
  app.addHook('onClose', () => deps.searches.stop());
  app.addHook('onClose', () => priceSamples.stop());
  app.decorate('outbox', outbox);
  if (options.outboxRef) options.outboxRef.current = outbox;
  if (options.config.outboxWorker) outbox.start();
  app.addHook('onReady', warmUpEmailRendering);
  // Unpaid orders past their payment window are cancelled and their seats released (every instance may run it).
  // The same worker asks again for refunds a provider did not take (modules/payments/refunds.ts).
  const orderExpiry = createOrderExpiryWorker({
    db: options.db,
    now,
    log: app.log,
    afterPass: async () => {
      await retryUnstartedRefunds({ db: options.db, now, providers: payments, siteUrl: siteOrigin }, app.log);
      for (const worker of supplierPayments) await worker.runOnce();
    },
  });
  if (options.config.orderExpiryWorker) orderExpiry.start();
  app.addHook('onClose', () => orderExpiry.stop());
  // Our payments against the providers' statements
  // (docs/payment-providers.md#what-every-provider-guarantees): once per interval across instances.
  const reconcile = createReconcileWorker({
    db: options.db,
    now,
    providers: payments,
    log: app.log,
    intervalMs: options.config.reconcileIntervalSeconds * 1000,
  });
  if (options.config.reconcileWorker) reconcile.start();
  app.addHook('onClose', () => reconcile.stop());
  // Watched searches are re-priced a few times a day; every instance may run it
  // (docs/operations.md#price-alerts).
  const priceAlerts = createPriceAlertWorker({
    db: options.db,
    flights: deps.flights,
    now,
    log: app.log,
    config: options.config,
    linkOrigin: () => alertLinkOrigin(app),
    kickOutbox: outbox.kick,
  });
  app.decorate('priceAlerts', priceAlerts);
  if (options.priceAlertsRef) options.priceAlertsRef.current = priceAlerts;
  if (options.config.priceAlertWorker) priceAlerts.start();
  app.addHook('onClose', () => priceAlerts.stop());
  app.addHook('onClose', async () => {
    await outbox.stop();
    transport.close();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler(contractChecksOn()));
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 'not_found', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`),
  );
  app.decorate('deps', deps);
  app.decorateRequest('caller');

  app.addHook('onRequest', corsHook(options.config.corsOrigins));
  app.addHook('onRequest', async (request, reply) => {
    const refusal = queryRefusal(request.query);
    if (refusal)
      return sendError(reply, 'malformed_request', 'The query string is not valid.', { reason: refusal });
    request.caller = await resolveCaller(request, deps.config.anonymousToken, (token) =>
      findSession(deps.db, token, deps.now()),
    );
  });
  // Text PostgreSQL cannot store (a NUL character) or that cannot be sent in an email (a lone UTF-16
  // surrogate, "\ud800" in JSON) is refused once here for every body that passed its route's schema (a
  // schema may name the field itself), so no handler can fail on it later.
  app.addHook('preHandler', async (request, reply) => {
    const problem = request.body === undefined ? null : unstorableText(request.body);
    if (problem)
      return sendError(reply, 'malformed_request', 'The request body holds text that cannot be stored.', {
        reason: problem,
      });
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  await app.register(userRoutes, { prefix: '/user' });
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(placesRoutes, { prefix: '/places' });
  await app.register(orderListRoutes, { prefix: '/orders' });
  await app.register(devMailboxRoutes, { prefix: '/dev' });
  await app.register(flightRoutes, { prefix: '/flights' });
  await app.register(offerRoutes, { prefix: '/offers' });
  await app.register(seatMapRoutes, { prefix: '/offers' });
  await app.register(tourRoutes, { prefix: '/tours' });
  await app.register(agencyRoutes, { prefix: '/agencies' });
  await app.register(orderRoutes, { prefix: '/orders' });
  await app.register(promoCodeRoutes, { prefix: '/promo_codes' });
  await app.register(orderManageRoutes, { prefix: '/orders' });
  await app.register(orderCancellationRoutes, { prefix: '/order_cancellations' });
  await app.register(paymentWebhookRoutes, { prefix: '/payments' });
  await app.register(supplierWebhookRoutes, { prefix: '/webhooks' });
  // The sandbox's card page exists only in demo mode (payments/index.ts); on a live site its paths are the 404.
  if (options.config.mode !== 'live') await app.register(sandboxPayRoutes, { prefix: '/sandbox-pay' });
  // Each provider's own endpoints, from the registry (payments/registry.ts).
  await app.register(providerRoutes, { prefix: '/payments' });
  await app.register(priceAlertRoutes, { prefix: '/price_alerts' });
  await app.register(referenceRoutes);
  await app.register(opsRoutes, { prefix: '/ops' });
  // Every other /v1 path is the API's own 404 (the JSON envelope), whatever the method or body: in the
  // one-process site the web app's catch-all would otherwise answer it with an HTML page. Answered before the
  // body is parsed, so a body of any type gets the same 404.
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    onRequest: async (request, reply) => {
      await sendError(reply, 'not_found', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
    },
    handler: async () => undefined,
  });
};

export type ApiApp = FastifyInstance;

/**
 * The first reason a parsed JSON value's text (strings and keys, at any depth) cannot be stored: a lone
 * surrogate or a NUL character; null when all of it can. Iterative: bodies may nest deeply.
 */
export function unstorableText(value: unknown): 'lone_surrogate' | 'nul_character' | null {
  const pending: unknown[] = [value];
  const check = (text: string) =>
    !text.isWellFormed()
      ? ('lone_surrogate' as const)
      : text.includes('\u0000')
        ? ('nul_character' as const)
        : null;
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      const problem = check(item);
      if (problem) return problem;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        const problem = check(key);
        if (problem) return problem;
        pending.push(inner);
      }
    }
  }
  return null;
}
