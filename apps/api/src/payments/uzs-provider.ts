/**
 * What the UZS providers share as PaymentProviders (their folders' provider.ts): they take UZS only,
 * send the traveller to their page with our reference and a way back, learn the outcome from their own calls
 * to our endpoints (never from the browser), and refund a payment by its one settled transaction (which they find
 * through the port of ./provider-transactions.ts). The endpoints their calls reach work with the same
 * dependencies (`UzsMerchantDeps`).
 */
import type { Database } from '@parvoz/db';
import type { ServiceLog } from '../platform/log.ts';
import type { PaymentCallbackPort } from './callbacks.ts';
import type { SiteMode } from './mode.ts';
import { newProviderRef, withPaymentResult, type PaymentSessionInput } from './provider.ts';
import type { ProviderTransactionsPort } from './provider-transactions.ts';

/** What a UZS provider's merchant protocol works with, `settings` being the provider's own. */
export interface UzsMerchantDeps<Settings> {
  db: Database;
  settings: Settings;
  now: () => Date;
  /** The origin of links in the emails a state change sends. */
  siteUrl: () => string;
  log: ServiceLog;
  /** The site's mode: a live site answers a demo order as unknown (payments/mode.ts). */
  mode?: SiteMode;
  /** The payments domain: the state changes every provider shares (./callbacks.ts). */
  payments: PaymentCallbackPort;
  /** The provider's transactions, and the payments and orders they belong to (./provider-transactions.ts). */
  transactions: ProviderTransactionsPort;
}

/** A new session's reference (`<refPrefix>_…`) and way back (`payment=returned`); throws for another currency. */
export function uzsSession(
  provider: string,
  refPrefix: string,
  input: PaymentSessionInput,
  publicOrigin: () => string,
): { providerRef: string; returnUrl: string } {
  if (input.currency !== 'UZS') throw new RangeError(`${provider} takes UZS only, not ${input.currency}`);
  return {
    providerRef: newProviderRef(refPrefix),
    returnUrl: `${publicOrigin().replace(/\/+$/, '')}${withPaymentResult(input.returnPath, 'returned')}`,
  };
}
