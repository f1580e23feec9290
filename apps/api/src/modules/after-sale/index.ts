/**
 * After-sale (docs/after-sale.md): cancellations and their refunds, airline schedule changes, and the
 * traveller's own changes to an order.
 */
export {
  acceptAirlineChange,
  readChangesOfSupplierOrder,
  syncAirlineChanges,
  type AirlineChangeDeps,
} from './airline-changes.ts';
export { confirmCancellation, createCancellation } from './cancellations.ts';
export { airlineChangesOfOrder, cancellationOrderId, cancellationsOfOrder } from './store.ts';
export {
  changePhone,
  confirmEmailChange,
  receiptPdf,
  requestEmailChange,
  resendTickets,
  undoEmailChange,
} from './manage.ts';
