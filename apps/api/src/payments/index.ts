import type { Database } from '@parvoz/db';
import type { ApiConfig } from '../config.ts';
import { createClickProvider } from './click/provider.ts';
import { createPaymeProvider } from './payme/provider.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, type SandboxOptions } from './sandbox.ts';

/** What the providers need of the running site: where their webhooks go, the clock, a logger, links, data. */
export type ProviderSite = Pick<SandboxOptions, 'webhookUrl' | 'now' | 'onUndelivered'> & {
  /** The site's origin for the way back from a provider's page (public-origin.ts; never a request header). */
  publicOrigin?: () => string;
  /** For providers that look up their own transactions (Payme's and Click's refunds). */
  db?: Database;
};

/**
 * The payment providers this site takes, by name: the sandbox always, and each outside provider whose
 * variables are set. Which of them an order is offered is ./selection.ts.
 */
export function paymentProviders(config: ApiConfig, site: ProviderSite = {}): Map<string, PaymentProvider> {
  const sandbox = createSandboxProvider({
    secret: config.paymentWebhookSecret,
    publicUrl: config.publicUrl,
    ...site,
  });
  const providers = new Map<string, PaymentProvider>([[sandbox.name, sandbox]]);
  const publicOrigin = site.publicOrigin ?? (() => config.publicUrl ?? 'http://localhost');
  const add = (provider: PaymentProvider) => providers.set(provider.name, provider);
  if (config.payme) add(createPaymeProvider({ settings: config.payme, publicOrigin, db: site.db }));
  if (config.click)
    add(createClickProvider({ settings: config.click, publicOrigin, db: site.db, now: site.now }));
  return providers;
}
