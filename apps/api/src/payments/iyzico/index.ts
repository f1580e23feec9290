/**
 * iyzico's Checkout Form (docs/payment-providers.md): its adapter (./provider.ts), the traveller's way back
 * from its form (./callback-routes.ts) and its settings (./settings.ts); its signed notifications come to the
 * shared webhook endpoint. The rest of the API knows it through this descriptor only (../registry.ts).
 */
import { glyphBadge, type PaymentProviderModule } from '../provider-module.ts';
import { iyzicoRoutes } from './callback-routes.ts';
import { createIyzicoProvider, IYZICO_PROVIDER } from './provider.ts';
import { iyzicoBaseUrl, iyzicoSettingsSchema } from './settings.ts';

export const iyzicoProvider: PaymentProviderModule = {
  name: IYZICO_PROVIDER,
  currencies: ['TRY'],
  display: { name: 'iyzico', description: 'order.pay.provider.iyzico', badge: glyphBadge('#1e64ff', 'i') },
  settings: { prefix: 'IYZICO', schema: iyzicoSettingsSchema },
  create: (config, site) =>
    config.iyzico &&
    createIyzicoProvider({
      apiKey: config.iyzico.apiKey,
      secretKey: config.iyzico.secretKey,
      baseUrl: iyzicoBaseUrl(config.iyzico),
      origin: site.publicOrigin,
    }),
  routes: iyzicoRoutes,
};
