/**
 * A payment provider as the rest of the API sees it (docs/payment-providers.md, "Adding a fifth provider"): one
 * descriptor per provider, exported by its folder's `index.ts` and listed once in ./registry.ts. Everything
 * else — which providers exist, which currencies each takes, what the traveller sees of it, its settings, its
 * endpoints — is read from the descriptors, so no file outside the provider's folder names it.
 */
import type { z } from 'zod';
import type { Database } from '@parvoz/db';
import type { ApiConfig } from '../config.ts';
import type { ProviderRoutes } from './callbacks.ts';
import type { PaymentProvider } from './provider.ts';
import type { ProviderTransactionsPort } from './provider-transactions.ts';

/** What the providers need of the running site: where their webhooks go, the clock, a logger, links, data. */
export interface ProviderSite {
  /** The site's origin for the way back from a provider's page (public-origin.ts; never a request header). */
  publicOrigin: () => string;
  now: () => Date;
  /** For what providers keep of their own beside their transactions (a key the provider changed since). */
  db?: Database;
  /** For providers that look up their own transactions (the UZS providers' refunds). */
  transactions?: ProviderTransactionsPort;
}

/**
 * How the provider is shown to travellers (GET /v1/payments/provider_displays): its own name (a brand, the same in
 * every language, unless `nameMessage` names a message for it) and its badge, drawn by the web in the provider's
 * colour with one glyph (no downloaded logo). What it is for is a message of packages/i18n (`description`, in the
 * four languages), formatted in the language the web asks for.
 */
export interface ProviderDisplay {
  name: string;
  nameMessage?: string;
  description?: string;
  badge: { background: string; foreground: string; glyph: string };
}

/** A badge of one white glyph on the provider's colour: every provider's so far. */
export const glyphBadge = (background: string, glyph: string): ProviderDisplay['badge'] => ({
  background,
  foreground: '#ffffff',
  glyph,
});

export interface PaymentProviderModule {
  /** Its id: `payments.provider`, its settings' key in the configuration, its path under /v1/payments/. */
  name: string;
  /** The order currencies it is offered for; `others`: every currency no other configured provider names. */
  currencies: readonly string[] | 'others';
  display: ProviderDisplay;
  /** Its settings: `<prefix>_*` variables read by `settingsFromEnv` (./provider-settings.ts) into `schema`. */
  settings: { prefix: string; schema: z.ZodObject };
  /** Its adapter when its settings are set in `config`, else undefined (the provider is off). */
  create(config: ApiConfig, site: ProviderSite): PaymentProvider | undefined;
  /** Its own endpoints under /v1/payments/<name> (a merchant protocol, a browser's way back), if any. */
  routes?: ProviderRoutes;
}
