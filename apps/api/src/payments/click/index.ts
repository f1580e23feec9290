/**
 * Click (docs/payment-providers.md): its adapter (./provider.ts), its SHOP API that Click calls
 * (./callback-routes.ts, ./shop.ts), the fiscal data it is sent (./fiscal.ts, ./fiscal-data.ts) and its settings
 * (./settings.ts). The rest of the API knows it through this descriptor only (../registry.ts).
 */
import { glyphBadge, type PaymentProviderModule } from '../provider-module.ts';
import { clickRoutes } from './callback-routes.ts';
import { CLICK_PROVIDER } from './protocol.ts';
import { createClickProvider } from './provider.ts';
import { clickSettingsSchema } from './settings.ts';

export const clickProvider: PaymentProviderModule = {
  name: CLICK_PROVIDER,
  currencies: ['UZS'],
  display: { name: 'Click', description: 'order.pay.provider.click', badge: glyphBadge('#0073ff', 'C') },
  settings: { prefix: 'CLICK', schema: clickSettingsSchema },
  create: (config, site) => config.click && createClickProvider({ settings: config.click, ...site }),
  routes: clickRoutes,
};
