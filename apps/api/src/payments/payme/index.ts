/**
 * Payme (docs/payment-providers.md): its adapter (./provider.ts), its Merchant API that Payme calls
 * (./callback-routes.ts, ./merchant.ts), the fiscal data of its receipts (./fiscal-data.ts), its key rotation
 * (./key.ts) and settings (./settings.ts). The rest of the API knows it through this descriptor only
 * (../registry.ts).
 */
import { glyphBadge, type PaymentProviderModule } from '../provider-module.ts';
import { paymeRoutes } from './callback-routes.ts';
import { PAYME_PROVIDER } from './protocol.ts';
import { createPaymeProvider } from './provider.ts';
import { paymeSettingsSchema } from './settings.ts';

export const paymeProvider: PaymentProviderModule = {
  name: PAYME_PROVIDER,
  currencies: ['UZS'],
  display: { name: 'Payme', description: 'order.pay.provider.payme', badge: glyphBadge('#00bfbf', 'p') },
  settings: { prefix: 'PAYME', schema: paymeSettingsSchema },
  create: (config, site) => config.payme && createPaymeProvider({ settings: config.payme, ...site }),
  routes: paymeRoutes,
};
