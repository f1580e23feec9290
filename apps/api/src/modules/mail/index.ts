/**
 * Emails: queued in the transaction of the change they tell of, sent by the outbox worker (docs/design.md),
 * with the shared layout and the emails of orders, after-sale and staff (docs/architecture.md).
 */
export { renderAfterSaleEmail, type AfterSaleEmail } from './after-sale-mail.ts';
export { renderAirlineChangeEmail } from './airline-change-mail.ts';
export { renderOrderEmail } from './booking-mail.ts';
export {
  ActionButton,
  LeadEmail,
  Paragraph,
  h,
  renderEmailParts,
  warmUpEmailRendering,
} from './email-layout.ts';
export { enqueueEmail, renderEmail, toOutgoing, type EmailKind, type EmailPayload } from './mail.ts';
export { mailboxCandidates } from './mailbox-match.ts';
export {
  operatorContact,
  queueOperatorEmail,
  renderOperatorEmail,
  type OperatorContact,
} from './operator-mail.ts';
export { OUTBOX_MAX_ATTEMPTS, createOutboxWorker, type OutboxWorker } from './outbox.ts';
export { staffInviteEmail } from './staff-mail.ts';
// The outbox as others read it (its table is this module's, docs/architecture.md): the console's backlog,
// failed emails and their retry, an order's emails, the development mailbox and the metrics' gauges.
export {
  emailsAboutOrder,
  failedEmails,
  latestEmails,
  lockEmail,
  outboxBacklog,
  requeueEmail,
  unsentEmailsByStatus,
} from './store.ts';
