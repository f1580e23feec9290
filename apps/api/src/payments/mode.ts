/**
 * Which orders a live site takes payments for (docs/operations.md, "Demo and live mode"). Orders record no mode:
 * it follows from the supplier that holds the booking. The built-in network's orders (no supplier) are a
 * demonstration (generated flights, our own ticket numbers), so a live site never lets a real provider pay them
 * (the sandbox, the only provider meant for them, does not exist there: ./index.ts); a real supplier's are
 * real bookings.
 */
import type { ApiConfig } from '../config.ts';

export type SiteMode = ApiConfig['mode'];

/** The mode of an order: demo for the built-in network's, live for a real supplier's. */
export function orderMode(order: { supplier: string | null }): SiteMode {
  return order.supplier === null ? 'demo' : 'live';
}

/** Whether a site in `mode` may take a payment for `order` (a demo site: as before, any of its providers). */
export function payableInMode(mode: SiteMode | undefined, order: { supplier: string | null }): boolean {
  return mode !== 'live' || orderMode(order) === 'live';
}

/**
 * Whether an order's documents (e-ticket, receipt) say they are a demonstration's: on a demo site, and for a
 * demo order wherever it is shown (`mode` unknown: the order's alone).
 */
export function isDemoDocument(mode: SiteMode | undefined, order: { supplier: string | null }): boolean {
  return mode === 'demo' || orderMode(order) === 'demo';
}
