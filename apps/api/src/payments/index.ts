import type { ApiConfig } from '../config.ts';
import { createIyzicoProvider, IYZICO_PROVIDER } from './iyzico.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, SANDBOX_PROVIDER, type SandboxOptions } from './sandbox.ts';
import { createStripeProvider, STRIPE_PROVIDER } from './stripe.ts';

/** What the providers need of the running site: where their webhooks go, its origin, the clock, a logger. */
export type ProviderSite = Pick<SandboxOptions, 'webhookUrl' | 'now' | 'onUndelivered'> & {
  /** The site's public origin (for the providers' ways back), or null when it has none yet. */
  origin?: () => string | null;
};

/** iyzico's API base for a key: its sandbox keys start with `sandbox-`. */
function iyzicoBase(config: ApiConfig): string {
  if (config.iyzicoBaseUrl) return config.iyzicoBaseUrl;
  return config.iyzicoApiKey?.startsWith('sandbox-')
    ? 'https://sandbox-api.iyzipay.com'
    : 'https://api.iyzipay.com';
}

/**
 * The payment providers this site takes, by the name in `/v1/payments/webhooks/{provider}`: the built-in
 * sandbox always, iyzico and Stripe when their variables are set (config.ts).
 */
export function paymentProviders(config: ApiConfig, site: ProviderSite = {}): Map<string, PaymentProvider> {
  const sandbox = createSandboxProvider({
    secret: config.paymentWebhookSecret,
    publicUrl: config.publicUrl,
    ...site,
  });
  const providers = new Map<string, PaymentProvider>([[sandbox.name, sandbox]]);
  const origin = site.origin ?? (() => config.publicUrl ?? null);
  if (config.iyzicoApiKey && config.iyzicoSecretKey) {
    providers.set(
      IYZICO_PROVIDER,
      createIyzicoProvider({
        apiKey: config.iyzicoApiKey,
        secretKey: config.iyzicoSecretKey,
        baseUrl: iyzicoBase(config),
        origin,
      }),
    );
  }
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    providers.set(
      STRIPE_PROVIDER,
      createStripeProvider({
        secretKey: config.stripeSecretKey,
        webhookSecret: config.stripeWebhookSecret,
        apiBase: config.stripeApiBase,
        origin,
        now: site.now ?? (() => new Date()),
      }),
    );
  }
  return providers;
}

/**
 * The provider a new payment in `currency` starts at — an interim rule until the traveller picks one
 * (issue 14 §5): iyzico for TRY, Stripe for every other currency, each only when configured; the sandbox
 * otherwise.
 */
export function defaultPaymentProvider(
  providers: ReadonlyMap<string, PaymentProvider>,
  currency: string,
): PaymentProvider {
  const preferred = currency === 'TRY' ? IYZICO_PROVIDER : STRIPE_PROVIDER;
  return providers.get(preferred) ?? providers.get(SANDBOX_PROVIDER)!;
}
