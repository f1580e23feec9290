/**
 * Each payment provider's fee for the agency's books (docs/operations.md#reports-and-books): from its settings'
 * `<PREFIX>_FEE_*` variables (./provider-settings.ts `providerFeeSettings`), the sandbox's from SANDBOX_FEE_*.
 */
import type { ProviderFee } from '@parvoz/core/books';
import type { ApiConfig } from '../config.ts';
import { providerFeeOf } from './provider-settings.ts';
import { PAYMENT_PROVIDERS } from './registry.ts';
import { SANDBOX_PROVIDER } from './sandbox.ts';

/** The fee of a provider by its name (none for a name the site does not know). */
export type ProviderFees = (provider: string) => ProviderFee;

export function providerFees(config: ApiConfig): ProviderFees {
  return (provider) => {
    if (provider === SANDBOX_PROVIDER) return providerFeeOf(config.sandboxFee);
    const known = PAYMENT_PROVIDERS.some((p) => p.name === provider);
    return providerFeeOf(known ? (config as unknown as Record<string, unknown>)[provider] : undefined);
  };
}
