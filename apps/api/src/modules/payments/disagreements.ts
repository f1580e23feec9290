/**
 * The orders on which a provider's statement and our payments disagree, as the reconciliation found them
 * (./reconciliation.ts keeps each run's differences in `payment_reconciliations`), for the console's sales report
 * (docs/operations.md#reports-and-books). A difference is found again on every run while it lasts (each run looks
 * at two days): one entry per provider, payment and kind, with what the last run of the period saw. A difference
 * with no order of ours (money the provider took for a payment we never had) names no order and is left to the
 * reconciliation's log and metrics.
 */
import type { Database } from '@parvoz/db';
import type { Difference } from './reconciliation.ts';
import { runsWithDifferencesBetween } from './store/reconciliation.ts';

export interface PaymentDisagreement {
  provider: string;
  kind: Difference['kind'];
  orderId: string;
  /** The last run of the period that found it. */
  foundAt: Date;
  /** What each side has as taken, in minor units of its currency: a payment not settled on a side is 0 there. */
  ours: { amountMinor: number; currency: string };
  theirs: { amountMinor: number; currency: string };
}

const settled = (state: string | undefined) => state === 'paid' || state === 'refunded';

/** The disagreements the runs of [from, to) found, the latest first. */
export async function paymentDisagreementsBetween(
  db: Database,
  from: Date,
  to: Date,
): Promise<PaymentDisagreement[]> {
  const found = new Map<string, PaymentDisagreement>();
  for (const run of await runsWithDifferencesBetween(db, from, to)) {
    for (const difference of run.details as Difference[]) {
      const orderId = difference.ours?.orderId;
      if (!orderId) continue;
      const currency = difference.ours?.currency ?? difference.theirs?.currency ?? '';
      // Later runs overwrite earlier ones (the rows come in the order they ran).
      found.set(`${run.provider}\u0000${difference.externalId}\u0000${difference.kind}`, {
        provider: run.provider,
        kind: difference.kind,
        orderId,
        foundAt: run.ranAt,
        ours: {
          amountMinor: settled(difference.ours?.state) ? difference.ours!.amountMinor : 0,
          currency,
        },
        theirs: {
          amountMinor: settled(difference.theirs?.state) ? difference.theirs!.amountMinor : 0,
          currency: difference.theirs?.currency ?? currency,
        },
      });
    }
  }
  return [...found.values()].sort((a, b) => b.foundAt.getTime() - a.foundAt.getTime());
}
