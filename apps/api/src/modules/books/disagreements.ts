/**
 * The orders the reconciliations found at odds with our books, listed beside the sales report
 * (docs/operations.md#reports-and-books): a payment provider's statement against our payments, as the payments
 * module keeps each run's differences, and a supplier's total against the supplier cost the books recorded, as the
 * supplier reconciliation keeps them. Each is read from its owner's `index.ts`; this file only puts them in one
 * list with the orders' booking references. Amounts are exact minor units; a difference across two currencies is
 * not computed.
 */
import type { Database } from '@parvoz/db';
import type { OpsReportDisagreement } from '@parvoz/contracts/ops-reports';
import { isCurrencyCode, toMajorString } from '@parvoz/core/money';
import { bookingReferencesOf } from '../orders/index.ts';
import { paymentDisagreementsBetween } from '../payments/index.ts';
import { supplierTotalDifferencesBetween } from '../supplier-orders/index.ts';

type Side = { amountMinor: number; currency: string };

/** A minor amount as the wire's major-unit string (as it is, for a currency the site does not know). */
const major = (amountMinor: number, currency: string) =>
  isCurrencyCode(currency) ? toMajorString({ amount: amountMinor, currency }) : String(amountMinor);

function amounts(ours: Side, theirs: Side) {
  return {
    ours: major(ours.amountMinor, ours.currency),
    ours_currency: ours.currency,
    theirs: major(theirs.amountMinor, theirs.currency),
    theirs_currency: theirs.currency,
    difference:
      ours.currency === theirs.currency ? major(theirs.amountMinor - ours.amountMinor, ours.currency) : null,
  };
}

/** The disagreements some run found in [from, to), the latest first. */
export async function disagreementsBetween(
  db: Database,
  from: Date,
  to: Date,
): Promise<OpsReportDisagreement[]> {
  const payments = await paymentDisagreementsBetween(db, from, to);
  const supplier = await supplierTotalDifferencesBetween(db, from, to);
  const ids = [...new Set([...payments.map((p) => p.orderId), ...supplier.map((s) => s.orderId)])];
  const references = new Map((await bookingReferencesOf(db, ids)).map((o) => [o.id, o.reference]));
  const listed: (OpsReportDisagreement & { at: number })[] = [
    ...payments.map((p) => ({
      source: 'provider' as const,
      name: p.provider,
      kind: p.kind,
      order_id: p.orderId,
      booking_reference: references.get(p.orderId) ?? '',
      found_at: p.foundAt.toISOString(),
      ...amounts(p.ours, p.theirs),
      at: p.foundAt.getTime(),
    })),
    ...supplier.map((s) => ({
      source: 'supplier' as const,
      name: s.supplier,
      kind: 'supplier_total' as const,
      order_id: s.orderId,
      booking_reference: references.get(s.orderId) ?? '',
      found_at: s.lastFoundAt.toISOString(),
      ...amounts(
        { amountMinor: s.oursMinor, currency: s.oursCurrency },
        { amountMinor: s.theirsMinor, currency: s.theirsCurrency },
      ),
      at: s.lastFoundAt.getTime(),
    })),
  ];
  return listed.sort((a, b) => b.at - a.at).map(({ at: _at, ...row }) => row);
}
