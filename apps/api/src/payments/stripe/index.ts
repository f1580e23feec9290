/**
 * Stripe Checkout (docs/payment-providers.md): its adapter (./provider.ts) and its settings (./settings.ts); its
 * webhooks come to the shared webhook endpoint. The rest of the API knows it through this descriptor only
 * (../registry.ts).
 */
import { glyphBadge, type PaymentProviderModule } from '../provider-module.ts';
import { createStripeProvider, STRIPE_PROVIDER } from './provider.ts';
import { stripeSettingsSchema } from './settings.ts';

export const stripeProvider: PaymentProviderModule = {
  name: STRIPE_PROVIDER,
  // Cards worldwide: every currency no other configured provider takes (UZS too when neither UZS provider is).
  currencies: 'others',
  display: { name: 'Stripe', description: 'order.pay.provider.stripe', badge: glyphBadge('#635bff', 'S') },
  settings: { prefix: 'STRIPE', schema: stripeSettingsSchema },
  create: (config, site) =>
    config.stripe &&
    createStripeProvider({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      apiBase: config.stripe.apiBase,
      origin: site.publicOrigin,
      now: site.now,
    }),
};
