/**
 * What the UZS providers share as PaymentProviders (their folders' provider.ts): they take UZS only,
 * send the traveller to their page with our reference and a way back, learn the outcome from their own calls
 * to our endpoints (never from the browser), and refund a payment by its one settled transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
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

/**
 * The transaction (in one of `states`) of the payment `paymentProviderRef` at `provider`, with the payment's
 * amount, or undefined: what a refund of that payment cancels.
 */
export async function transactionToRefund(
  db: Database,
  provider: string,
  paymentProviderRef: string,
  states: number[],
) {
  const [found] = await db
    .select({
      externalId: schema.providerTransactions.externalId,
      details: schema.providerTransactions.details,
      amountMinor: schema.payments.amountMinor,
    })
    .from(schema.providerTransactions)
    .innerJoin(schema.payments, eq(schema.payments.id, schema.providerTransactions.paymentId))
    .where(
      and(
        eq(schema.payments.provider, provider),
        eq(schema.payments.providerRef, paymentProviderRef),
        inArray(schema.providerTransactions.state, states),
      ),
    );
  return found;
}
