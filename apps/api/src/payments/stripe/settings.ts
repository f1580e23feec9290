/**
 * Stripe's settings (docs/decisions/0016-card-providers.md), only from the environment: none of STRIPE_* set means
 * Stripe is not offered; some set means the secret key and the webhook endpoint's signing secret must be, or the
 * start fails naming them.
 */
import { z } from 'zod';
import { providerFeeSettings, requiredWithOthers, settingOrigin } from '../provider-settings.ts';

export const stripeSettingsSchema = z.object({
  /** The account's secret (or restricted) key. */
  secretKey: z
    .string({ error: requiredWithOthers('STRIPE_SECRET_KEY') })
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
      'STRIPE_SECRET_KEY: expected a Stripe secret key (sk_test_…, sk_live_…)',
    ),
  /** The signing secret of the webhook endpoint registered for this site (docs.stripe.com/webhooks#verify-events). */
  webhookSecret: z
    .string({ error: requiredWithOthers('STRIPE_WEBHOOK_SECRET') })
    .regex(
      /^whsec_[A-Za-z0-9+/=]{8,}$/,
      'STRIPE_WEBHOOK_SECRET: expected a webhook signing secret (whsec_…)',
    ),
  /** Another API origin for the SDK (tests point it at a local server); unset, the SDK's own. */
  apiBase: settingOrigin('STRIPE_API_BASE', 'https://api.stripe.com').optional(),
  ...providerFeeSettings('STRIPE'),
});
export type StripeSettings = z.infer<typeof stripeSettingsSchema>;

declare module '../provider-settings.ts' {
  interface PaymentProviderSettings {
    /** Stripe Checkout (STRIPE_*): offered for the other currencies; unset, the provider is off. */
    stripe?: StripeSettings;
  }
}
