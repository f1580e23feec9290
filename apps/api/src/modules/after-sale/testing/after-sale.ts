/**
 * The after-sale's rows for other suites, read through the module's store (docs/architecture.md, "Test helpers go
 * through the store").
 */
import type { Database } from '@parvoz/db';
import { cancellationsOfOrder, countConfirmedCancellations, type CancellationRow } from '../store.ts';

/** Every cancellation quoted for the order. */
export const cancellationsOf = (db: Database, orderId: string): Promise<CancellationRow[]> =>
  cancellationsOfOrder(db, orderId);

/** How many of the order's cancellations were confirmed. */
export const confirmedCancellationsOf = (db: Database, orderId: string): Promise<number> =>
  countConfirmedCancellations(db, orderId);
