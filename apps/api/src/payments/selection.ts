/**
 * Which payment providers an order is offered (docs/payment-providers.md#what-every-provider-guarantees):
 * those configured (registered by `paymentProviders`) whose currencies include the order's, in the registry's
 * order (./registry.ts); the first is the default. A provider whose currencies are `others` takes every currency
 * no other configured provider names (the card provider takes UZS when no UZS provider is set up: a real card
 * payment beats the pretend one). When none is configured for a currency, the built-in sandbox is offered in
 * demo mode; in live mode it is not registered (./index.ts), so nothing is offered and the payment is refused
 * (docs/operations.md). A provider's currencies are in its descriptor (./provider-module.ts).
 */
import { PAYMENT_PROVIDERS } from './registry.ts';
import { SANDBOX_PROVIDER } from './sandbox.ts';

export interface ProviderCurrencies {
  name: string;
  currencies: readonly string[] | 'others';
}

export const PROVIDER_CURRENCIES: readonly ProviderCurrencies[] = PAYMENT_PROVIDERS.map(
  ({ name, currencies }) => ({ name, currencies }),
);

/** The providers offered for an order in `currency`, best first; empty only in live mode (no sandbox). */
export function offeredProviders(
  configured: { has(name: string): boolean },
  currency: string,
  table: readonly ProviderCurrencies[] = PROVIDER_CURRENCIES,
): string[] {
  const named = new Set(
    table.flatMap((row) => (row.currencies === 'others' || !configured.has(row.name) ? [] : row.currencies)),
  );
  const offered = table
    .filter(
      (row) =>
        configured.has(row.name) &&
        (row.currencies === 'others' ? !named.has(currency) : row.currencies.includes(currency)),
    )
    .map((row) => row.name);
  if (offered.length > 0) return offered;
  return configured.has(SANDBOX_PROVIDER) ? [SANDBOX_PROVIDER] : [];
}

/**
 * The provider a payment starts at: the one the traveller asked for when it is offered, else the first
 * offered; null when the asked one is not offered (a 422 naming the offered ones).
 */
export function chooseProvider(offered: readonly string[], asked: string | undefined): string | null {
  if (asked === undefined) return offered[0] ?? null;
  return offered.includes(asked) ? asked : null;
}
