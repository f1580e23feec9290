import type { ApiConfig } from '../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, type SandboxOptions } from './sandbox.ts';

/** What the providers need of the running site: where their webhooks go, the clock, a logger. */
export type ProviderSite = Pick<SandboxOptions, 'webhookUrl' | 'now' | 'onUndelivered'>;

/** The payment providers this site takes, by the name in `/v1/payments/webhooks/{provider}`. */
export function paymentProviders(config: ApiConfig, site: ProviderSite = {}): Map<string, PaymentProvider> {
  const sandbox = createSandboxProvider({
    secret: config.paymentWebhookSecret,
    publicUrl: config.publicUrl,
    ...site,
  });
  return new Map([[sandbox.name, sandbox]]);
}

/** The provider new payments start at (the built-in sandbox). */
export function defaultPaymentProvider(config: ApiConfig): PaymentProvider {
  return paymentProviders(config).get('sandbox')!;
}
