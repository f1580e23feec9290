/**
 * Test helper for the supplier passes: a rate limit's pause is kept in the database for every instance
 * (modules/supplier-orders/ticketing.ts), so a suite whose clock goes back forgets it first, through the store.
 */
import type { Database } from '@parvoz/db';
import { deleteSupplierPauses } from '../store.ts';

/** Forgets every supplier's pause. */
export function forgetSupplierPauses(db: Database): Promise<void> {
  return deleteSupplierPauses(db);
}
