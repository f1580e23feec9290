/**
 * The agency's console (docs/after-sale.md): staff roles and the audit log, inboxes, order search, the
 * overview and contact corrections.
 */
export { createAgencyApplication } from './agencies.ts';
export { correctContact } from './contact.ts';
export {
  inboxPage,
  listAgencyApplications,
  updateAgencyApplication,
  updateInboxItem,
  type Change,
  type InboxQuery,
  type InboxRows,
} from './inbox.ts';
export { orderRefunds, orderSupplier, orderTimeline, searchOrders, type AfterSaleHistory } from './orders.ts';
export { csvCell, ordersCsv, outboxState, overview, retryEmail } from './overview.ts';
export { auditLog, uuidsOf, type AuditSubject, type AuditSubjects } from './audit-log.ts';
export {
  auditEntries,
  grantRole,
  listStaff,
  recordAudit,
  revokeOperator,
  staffOf,
  type Actor,
  type Staff,
} from './staff.ts';
