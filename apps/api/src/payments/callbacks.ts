/**
 * What a provider's own callbacks (its routes, its merchant protocol) need of the payments domain, as a port
 * (docs/architecture.md, "Payment providers"): a provider's folder sits on the outside floor and never imports
 * `modules/`, so the payments module implements `PaymentCallbackPort` and the edge
 * (routes/v1/payments/provider-routes.ts) hands it to each provider's `routes` with the rest of
 * `ProviderRouteContext`.
 */
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { OrderStatus } from '@parvoz/core/order-status';
import type { Database } from '@parvoz/db';
import type { ApiConfig } from '../config.ts';
import type { ServiceLog } from '../platform/log.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';
import type { OrderRow, ProviderTransactionsPort } from './provider-transactions.ts';

export type { OrderRow };

/** What applying a verified provider event did (for logs, metrics, tests and what follows it). */
export type EventEffect =
  | 'duplicate'
  | 'unknown_payment'
  | 'ignored'
  | 'requires_action'
  | 'failed'
  | 'paid'
  /** A payment the order could no longer take (docs/after-sale.md): its refund is started. */
  | 'late_payment_refunded'
  /** A refund is done (docs/after-sale.md). */
  | 'refunded'
  /** The provider refused a refund: still owed, an operator asks again. */
  | 'refund_failed'
  | 'unknown_refund';

export interface AppliedEvent {
  effect: EventEffect;
  refundIds: string[];
}

/**
 * Where a verified provider event is applied: in `tx` (the webhook's or callback's transaction, which records the
 * event's id), for `provider`, at `now`; `siteUrl` is the origin of the links in the emails it queues.
 */
export interface EventScope {
  tx: Database;
  provider: string;
  siteUrl: string;
  now: Date;
  log: ServiceLog;
}

/** The payments domain as a provider's callbacks use it (implemented by modules/payments/callback-port.ts). */
export interface PaymentCallbackPort {
  /** Applies a verified event once, in its own transaction (a webhook's, a browser's callback). */
  applyEvent(provider: PaymentProvider, event: PaymentEvent, log: ServiceLog): Promise<AppliedEvent>;
  /** The same in the caller's transaction, beside the provider's own transaction rows. */
  applyEventIn(scope: EventScope, event: PaymentEvent): Promise<AppliedEvent>;
  /** Our payment of a provider's session (its way back to the site), or null. */
  paymentOfSession(
    provider: string,
    providerRef: string,
  ): Promise<{ returnPath: string | null; orderId: string; lang: string | null } | null>;
  /** Locks the order's row for the transaction (every writer of an order takes it first). */
  lockOrder(tx: Database, orderId: string): Promise<OrderRow | null>;
  /** Whether the order may be paid at `now` (its status and payment window). */
  payableNow(order: OrderRow, now: Date): boolean;
  statusOf(order: OrderRow): OrderStatus;
  /**
   * What follows a change once committed: the refunds it recorded are asked of the providers, the payment is
   * counted, the supplier pass and the outbox are kicked.
   */
  afterEvent(
    outcome: { effect?: EventEffect | undefined; refundIds: readonly string[] },
    log: ServiceLog,
  ): Promise<void>;
}

/** What a provider's routes are given (routes/v1/payments/provider-routes.ts builds it from the app). */
export interface ProviderRouteContext {
  db: Database;
  now: () => Date;
  config: ApiConfig;
  /** The site's origin for links in emails and the ways back (public-origin.ts). */
  publicOrigin: () => string;
  /** The providers registered on this site, by name (a provider's routes find its own adapter here). */
  providers: ReadonlyMap<string, PaymentProvider>;
  payments: PaymentCallbackPort;
  /** The providers' own transactions, and the payments and orders they belong to (./provider-transactions.ts). */
  transactions: ProviderTransactionsPort;
  /** The rate limits of rate-limit.ts: a provider's server calls to us, and a browser back from its page. */
  limits: { providerCallbacks: preHandlerAsyncHookHandler; browserCallbacks: preHandlerAsyncHookHandler };
}

/** A provider's HTTP endpoints, registered under `/v1/payments/<name>`. */
export type ProviderRoutes = (context: ProviderRouteContext) => FastifyPluginAsync;
