/**
 * Payments (docs/payment-providers.md): starting a payment, the webhooks and callbacks that alone change an
 * order's payment state, refunds and reconciliation. The providers' adapters are in `payments/<provider>/`.
 */
export { fiscaliseClickPayment, vatIncluded } from './click-fiscal.ts';
export { clickComplete, clickPrepare, type ClickDeps, type ClickOutcome } from './click-shop.ts';
export { paymeMethod, type PaymeOutcome } from './payme-merchant.ts';
export {
  applyPaymentEvent,
  enqueueConfirmation,
  paymentSession,
  sessionOpen,
  startPayment,
  type EventEffect,
} from './payments.ts';
export { OPEN_PAYMENT_STATUSES, OTHER_PROVIDER_HOLD_MINUTES } from './provider-transactions.ts';
export { createReconcileWorker, reconcilePayments } from './reconciliation.ts';
export { recordRefund, reopenFailedRefund, retryUnstartedRefunds, startRefunds } from './refunds.ts';
