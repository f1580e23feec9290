/**
 * What an order shows that other modules keep: its refunds and the fiscal receipts of its payments
 * (modules/payments) and its airline schedule changes (modules/after-sale). Those modules sit above this one —
 * they lock and change orders through its index.ts — so asking them here would be an import cycle
 * (docs/architecture.md, "The modules so far"): the composition floor, app.ts, hands their readers in once
 * (`readOrderHistoryWith`), as it hands the outbox's query to metrics.ts.
 */
import type { Database, Schema } from '@parvoz/db';
import type { FiscalReceipt } from '@parvoz/contracts/booking';

export type RefundRow = Schema['refunds']['$inferSelect'];
export type AirlineChangeRow = Schema['airlineChanges']['$inferSelect'];

/** The readers of an order's history in other modules, each in the database or transaction it is given. */
export interface OrderHistoryReaders {
  /** The order's refunds, oldest first (modules/payments). */
  refunds(db: Database, orderId: string): Promise<RefundRow[]>;
  /** The airline's changes of the order (modules/after-sale); `loadOrder` puts them oldest first. */
  airlineChanges(db: Database, orderId: string): Promise<AirlineChangeRow[]>;
  /** The fiscal receipts the providers handed over for its payments, oldest first (modules/payments). */
  fiscalReceipts(db: Database, orderId: string): Promise<FiscalReceipt[]>;
}

let readers: OrderHistoryReaders | undefined;

/** Called by app.ts with the payments' and after-sale's readers, before any order is read. */
export function readOrderHistoryWith(given: OrderHistoryReaders): void {
  readers = given;
}

/** The readers app.ts handed in. */
export function orderHistory(): OrderHistoryReaders {
  if (!readers) throw new Error('The order history has no readers: app.ts wires them in.');
  return readers;
}
