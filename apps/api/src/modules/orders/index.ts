/**
 * An order as the API shows it, its access links, expiry and the emails queued with its changes: what the
 * rest of the API may use of this module (docs/architecture.md). Other modules lock and change an order through
 * `lockOrder` and `statusAfter` (the one table of packages/core/src/order-status.ts).
 */
export {
  issueAccessToken,
  newAccessToken,
  newBookingReference,
  newOrderId,
  orderLink,
  orderPagePath,
  revokeAccessTokens,
} from './access.ts';
export { EMAIL_CHANGE_UNDO_MS, emailChangeUndoUrl } from './email-change-undo.ts';
// The contact email change's rows, for the after-sale's change and undo (modules/after-sale/manage.ts).
export {
  endPendingEmailChanges,
  insertEmailChange,
  lockEmailChange,
  spendEmailChangeUndos,
  updateEmailChange,
} from './store/access.ts';
// The order's row and passengers: the plain reads and writes other modules share (store/orders.ts).
export {
  lockOrder,
  orderRow,
  ordersAtSupplier,
  passengersOfOrder,
  setTicketNumbers,
  updateOrder,
  type OrderChanges,
  type OrderPassengerRow,
  type OrderRow,
} from './store/orders.ts';
// The supplier's side of an order, for modules/supplier-orders (booking, ticketing, reconciliation; store/supplier.ts).
export {
  claimSupplierBooking,
  lapsedHoldsAtSupplier,
  markPaidAtSupplier,
  markSupplierBookingAttempted,
  markSupplierCreationFailed,
  ordersDueForTicketing,
  paidOrdersToBookAtSupplier,
  recordCreatedSupplierOrder,
  recordFoundSupplierOrder,
  releaseSupplierBookingClaim,
  supplierOrdersOnOurs,
  unmarkSupplierBookingAttempted,
  type SupplierOrderMade,
} from './store/supplier.ts';
// The passengers' side of a payment: tickets issued, a receipt's lines (store/payments.ts).
export { passengerTypesOfOrder } from './store/payments.ts';
// The airline's changes at the supplier, for the after-sale (modules/after-sale/airline-changes.ts, which writes the
// new tickets with `setTicketNumbers` above).
export { liveOrderAtSupplier, ordersDueForChangeCheck } from './store/after-sale.ts';
// The console's order search, overview totals and export (modules/ops/orders.ts, overview.ts).
export {
  bookingReferencesOf,
  orderTotalsPerRoute,
  ordersCreatedPerDay,
  ordersForExport,
  ordersPaidPerDay,
  searchOrderRows,
} from './store/console.ts';
// The offers of recently paid orders, for the console's preview of a pricing rule (modules/pricing/preview.ts).
export { paidOffersSince, type PaidOffer } from './store/paid-offers.ts';
export { createOrderExpiryWorker, expireUnpaidOrders } from './expiry.ts';
export { readOrderHistoryWith, type OrderHistoryReaders } from './history.ts';
export { offerConditions, orderConditions, withConditions } from './fare-conditions.ts';
export { claimOrdersAtSignIn, listOrders } from './lists.ts';
export { sendAccessLink } from './lookup.ts';
export {
  queueAfterSaleEmail,
  queueEmailChangedEmails,
  queueMoneyBackEmail,
  queuePhoneChangedEmail,
} from './notices.ts';
export {
  STAFF_ACCESS,
  currentOrder,
  departsAtOf,
  flightsOf,
  loadOrder,
  loadOrderFor,
  majorOf,
  payableNow,
  presentOrder,
  statusAfter,
  serviceFeeMinorOf,
  statusOf,
  taxMinorOf,
  type LoadedOrder,
  type StaffAccess,
} from './view.ts';
// What a booking writes when it starts an order, and the unpaid holds its caps count (store/booking.ts).
export {
  heldSeatDesignators,
  holdSeatsForOrder,
  insertOrder,
  insertPassengers,
  SEAT_TAKEN_CONSTRAINT,
  SoldOutError,
  unpaidHoldsOf,
  type ChosenSeat,
  type NewOrder,
  type SeatRequest,
} from './store/booking.ts';
