/**
 * What the UZS providers share as PaymentProviders (their folders' provider.ts): they take UZS only,
 * send the traveller to their page with our reference and a way back, learn the outcome from their own calls
 * to our endpoints (never from the browser), and refund a payment by its one settled transaction (which they find
 * through the port of ./provider-transactions.ts).
 */
import { newProviderRef, withPaymentResult, type PaymentSessionInput } from './provider.ts';

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
