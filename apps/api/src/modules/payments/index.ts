/**
 * Payments (docs/payment-providers.md): starting a payment, the webhooks and callbacks that alone change an
 * order's payment state, refunds and reconciliation. The providers (their adapters, their callbacks and merchant
 * protocols) are in `payments/<provider>/`, which reach this module through the ports of payments/callbacks.ts and
 * payments/provider-transactions.ts.
 */
export {
  applyPaymentEvent,
  applyPaymentEventIn,
  enqueueConfirmation,
  paymentSession,
  sessionOpen,
  startPayment,
  type EventEffect,
} from './payments.ts';
export { OPEN_PAYMENT_STATUSES, OTHER_PROVIDER_HOLD_MINUTES } from '../../payments/provider-transactions.ts';
export { createReconcileWorker, reconcilePayments } from './reconciliation.ts';
export { recordRefund, reopenFailedRefund, retryUnstartedRefunds, startRefunds } from './refunds.ts';
export {
  cancelOpenPayments,
  latestSucceededPayment,
  paymentsOfOrder,
  providerEventsAbout,
  succeededPayments,
  succeededPaymentsWithRefund,
  type PaymentRow,
} from './store/payments.ts';
export { openRefundsByStatus, refundsOfOrder, refundStatusOfOrder } from './store/refunds.ts';
export { latestReconciliations } from './store/reconciliation.ts';
// The disagreements the console's sales report lists (modules/books/routes.ts).
export { paymentDisagreementsBetween, type PaymentDisagreement } from './disagreements.ts';
// The providers' transactions as their folders reach them (payments/provider-transactions.ts), and the fiscal
// receipts an order shows (modules/orders/history.ts).
export { fiscalReceiptsOfOrder, providerTransactions } from './provider-transactions.ts';
// The refunds' totals of the console's overview (modules/ops/overview.ts).
export { succeededRefundMinorOf, succeededRefundsPerDay } from './store/refund-totals.ts';
