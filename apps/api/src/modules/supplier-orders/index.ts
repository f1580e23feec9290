/**
 * What happens at the supplier once an order exists (docs/suppliers.md): the hold, paying the supplier,
 * ticketing and reconciliation, through the suppliers' port; the adapters are in `suppliers/<supplier>/`.
 */
export {
  bookAtSupplier,
  paidOrderIdempotencyKey,
  releaseAtSupplier,
  type SupplierBooking,
} from './booking.ts';
export { settleCreation } from './order-creation.ts';
export {
  bookPaidOrders,
  bookingClaimMs,
  createSupplierPaymentWorker,
  paySuppliers,
  releaseLapsedHolds,
} from './payments.ts';
export { CREATION_SETTLE_MS, RECONCILE_GRACE_MS, reconcileSupplierOrders } from './reconciliation.ts';
export {
  allowNewCreation,
  cancelAndRefundTicketing,
  retryTicketing,
  type TicketingTaskDeps,
} from './ticketing-tasks.ts';
export { ticketPaidOrders } from './ticketing.ts';
// The supplier totals at odds with the books, which the console's sales report lists (modules/books/routes.ts).
export { supplierTotalDifferencesBetween, type SupplierTotalDifferenceRow } from './store.ts';
