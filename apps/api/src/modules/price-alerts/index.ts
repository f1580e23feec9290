/**
 * Price alerts: what the rest of the API may use of this module (docs/architecture.md). Its tables are
 * touched only by store.ts; other modules reach the alerts through these exports.
 */
export { alertLinkOrigin } from './service.ts';
export { createPriceAlertWorker, type PriceAlertWorker } from './worker.ts';
export {
  renderPriceAlertEmail,
  type AlertSearchText,
  type PriceAlertEmailContent,
  type PriceAlertEmailKind,
} from './mail.ts';
