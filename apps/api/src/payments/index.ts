import type { ApiConfig } from '../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';

/** The payment providers this site takes, by the name in `/v1/payments/webhooks/{provider}`. */
export function paymentProviders(config: ApiConfig): Map<string, PaymentProvider> {
  const sandbox = createSandboxProvider({ secret: config.paymentWebhookSecret, publicUrl: config.publicUrl });
  return new Map([[sandbox.name, sandbox]]);
}

/** The provider new payments start at (the built-in sandbox). */
export function defaultPaymentProvider(config: ApiConfig): PaymentProvider {
  return paymentProviders(config).get('sandbox')!;
}
