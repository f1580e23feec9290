import type { Database } from '@parvoz/db';
import type { ApiConfig } from '../config.ts';
import type { ProviderTransactionsPort } from './provider-transactions.ts';
import type { PaymentProvider } from './provider.ts';
import { PAYMENT_PROVIDERS } from './registry.ts';
import { createSandboxProvider, type SandboxOptions } from './sandbox.ts';

/** What the providers need of the running site: where their webhooks go, the clock, a logger, links, data. */
export type ProviderSite = Pick<SandboxOptions, 'webhookUrl' | 'now' | 'onUndelivered'> & {
  /** The site's origin for the way back from a provider's page (public-origin.ts; never a request header). */
  publicOrigin?: () => string;
  /** For what providers keep of their own beside their transactions (a key the provider changed since). */
  db?: Database;
  /** For providers that look up their own transactions (the UZS providers' refunds): modules/payments, via app.ts. */
  transactions?: ProviderTransactionsPort;
};

/**
 * The payment providers this site takes, by name: the sandbox in demo mode only, and each provider of the
 * registry (./registry.ts) whose variables are set, in the registry's order. In live mode the sandbox does not
 * exist (docs/operations.md, "Demo and live mode"): its webhook and card page answer 404 and no order is
 * offered it. Which of them an order is offered is ./selection.ts.
 */
export function paymentProviders(config: ApiConfig, site: ProviderSite = {}): Map<string, PaymentProvider> {
  const providers = new Map<string, PaymentProvider>();
  if (config.mode !== 'live') {
    const sandbox = createSandboxProvider({
      secret: config.paymentWebhookSecret,
      publicUrl: config.publicUrl,
      ...site,
    });
    providers.set(sandbox.name, sandbox);
  }
  const publicOrigin = site.publicOrigin ?? (() => config.publicUrl ?? 'http://localhost');
  const now = site.now ?? (() => new Date());
  for (const kind of PAYMENT_PROVIDERS) {
    const provider = kind.create(config, { publicOrigin, now, db: site.db, transactions: site.transactions });
    if (provider) providers.set(provider.name, provider);
  }
  return providers;
}
