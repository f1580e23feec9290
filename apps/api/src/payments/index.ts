import type { Database } from '@parvoz/db';
import type { ApiConfig } from '../config.ts';
import { createClickProvider } from './click/provider.ts';
import { createPaymeProvider } from './payme/provider.ts';
import { createIyzicoProvider, IYZICO_PROVIDER } from './iyzico/provider.ts';
import { iyzicoBaseUrl } from './iyzico/settings.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, type SandboxOptions } from './sandbox.ts';
import { createStripeProvider, STRIPE_PROVIDER } from './stripe/provider.ts';

/** What the providers need of the running site: where their webhooks go, the clock, a logger, links, data. */
export type ProviderSite = Pick<SandboxOptions, 'webhookUrl' | 'now' | 'onUndelivered'> & {
  /** The site's origin for the way back from a provider's page (public-origin.ts; never a request header). */
  publicOrigin?: () => string;
  /** For providers that look up their own transactions (Payme's and Click's refunds). */
  db?: Database;
};

/**
 * The payment providers this site takes, by name: the sandbox in demo mode only, and each outside provider
 * whose variables are set. In live mode the sandbox does not exist (docs/operations.md, "Demo and live
 * mode"): its webhook and card page answer 404 and no order is offered it. Which of them an order is offered
 * is ./selection.ts.
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
  const add = (provider: PaymentProvider) => providers.set(provider.name, provider);
  if (config.payme) add(createPaymeProvider({ settings: config.payme, publicOrigin, db: site.db }));
  if (config.click)
    add(createClickProvider({ settings: config.click, publicOrigin, db: site.db, now: site.now }));
  if (config.iyzico) {
    providers.set(
      IYZICO_PROVIDER,
      createIyzicoProvider({
        apiKey: config.iyzico.apiKey,
        secretKey: config.iyzico.secretKey,
        baseUrl: iyzicoBaseUrl(config.iyzico),
        origin: publicOrigin,
      }),
    );
  }
  if (config.stripe) {
    providers.set(
      STRIPE_PROVIDER,
      createStripeProvider({
        secretKey: config.stripe.secretKey,
        webhookSecret: config.stripe.webhookSecret,
        apiBase: config.stripe.apiBase,
        origin: publicOrigin,
        now: site.now ?? (() => new Date()),
      }),
    );
  }
  return providers;
}
