/**
 * How every provider the site knows is shown to travellers (GET /v1/payments/provider_displays): the registry's
 * descriptors (./registry.ts), then the built-in sandbox, with their words in the asked language (packages/i18n).
 * Read by the web for the names, descriptions and badges it draws.
 */
import type { PaymentProviderDisplay } from '@parvoz/contracts/booking';
import type { Locale } from '@parvoz/i18n/locales';
import { getIntl } from '@parvoz/i18n/messages';
import type { ProviderDisplay } from './provider-module.ts';
import { PAYMENT_PROVIDERS } from './registry.ts';
import { SANDBOX_PROVIDER } from './sandbox.ts';

/** The sandbox's look; its name is a word of ours, in the page's language. */
const SANDBOX_DISPLAY: ProviderDisplay = {
  name: 'Sandbox',
  nameMessage: 'payment.provider.sandbox.name',
  description: 'order.pay.provider.sandbox',
  badge: { background: '#e5e7eb', foreground: '#374151', glyph: '▭' },
};

const DISPLAYS: readonly (readonly [string, ProviderDisplay])[] = [
  ...PAYMENT_PROVIDERS.map((provider) => [provider.name, provider.display] as const),
  [SANDBOX_PROVIDER, SANDBOX_DISPLAY],
];

/** Every provider's display in `lang`: the registry's order, the sandbox last. */
export function providerDisplays(lang: Locale): PaymentProviderDisplay[] {
  const intl = getIntl(lang);
  const words = (id: string | undefined) => (id === undefined ? null : intl.formatMessage({ id }));
  return DISPLAYS.map(([name, display]) => ({
    name,
    display_name: words(display.nameMessage) ?? display.name,
    description: words(display.description),
    badge: display.badge,
  }));
}
