import type { FastifyPluginAsync } from 'fastify';
import type { PaymentCallbackPort, ProviderRouteContext } from '../../../payments/callbacks.ts';
import { PAYMENT_PROVIDERS } from '../../../payments/registry.ts';
import { providerFees } from '../../../payments/provider-fees.ts';
import { rateLimit, ROUTE_LIMITS } from '../../../rate-limit.ts';
import {
  applyPaymentEvent,
  applyPaymentEventIn,
  paymentSession,
  providerTransactions,
} from '../../../modules/payments/index.ts';
import { lockOrder, payableNow, statusOf } from '../../../modules/orders/index.ts';
import { afterPaymentEvent } from './after-event.ts';

/**
 * Each provider's own endpoints (its descriptor's `routes`, payments/<name>/) under /v1/payments/<name>, with
 * what they need of the payments domain handed in as the ports of payments/callbacks.ts and
 * payments/provider-transactions.ts: a provider's folder sits on the outside floor and never imports modules/
 * (docs/architecture.md, "Payment providers"). An endpoint exists for every provider of the registry and answers
 * 404 while its provider is not configured.
 */
export const providerRoutes: FastifyPluginAsync = async (app) => {
  const { db, now, config } = app.deps;
  const fees = providerFees(config);
  const payments: PaymentCallbackPort = {
    applyEvent: (provider, event, log) =>
      applyPaymentEvent({ db, now, provider, fees }, event, app.deps.publicOrigin(), log),
    applyEventIn: (scope, event) => applyPaymentEventIn(scope, event, fees),
    async paymentOfSession(provider, providerRef) {
      const row = await paymentSession(db, provider, providerRef);
      return (
        row && { returnPath: row.payment.returnPath, orderId: row.payment.orderId, lang: row.payment.lang }
      );
    },
    lockOrder,
    payableNow,
    statusOf,
    afterEvent: (outcome, log) => afterPaymentEvent(app, outcome, log),
  };
  const context: ProviderRouteContext = {
    db,
    now,
    config,
    publicOrigin: app.deps.publicOrigin,
    providers: app.deps.payments,
    payments,
    transactions: providerTransactions,
    limits: {
      providerCallbacks: rateLimit(ROUTE_LIMITS.providerCallbacks),
      browserCallbacks: rateLimit(ROUTE_LIMITS.paymentCallbacks),
    },
  };
  for (const provider of PAYMENT_PROVIDERS)
    if (provider.routes) await app.register(provider.routes(context), { prefix: `/${provider.name}` });
};
