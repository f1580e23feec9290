/** What the rest of the API may use of the books module (docs/architecture.md). */
export { BUILT_IN_SUPPLIER, recordPaid, recordRefundBooks, recordSale } from './service.ts';
export type { SupplierRefund } from './service.ts';
export { MAX_REPORT_DAYS, salesReportOf } from './reports.ts';
export {
  orderBooksOf,
  orderBooksOfOrders,
  refundBooksOf,
  type OrderBooksRow,
  type RefundBooksRow,
} from './store.ts';
