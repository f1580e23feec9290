import type { OpsAuditEntry } from '@parvoz/contracts/ops';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { TextLink } from '../../components/TextLink.tsx';

/** Each action the API writes to the audit log, as a sentence of the console's language. */
const SENTENCES: Record<string, MessageKey> = {
  'staff.granted': 'ops.auditLog.staffGranted',
  'staff.revoked': 'ops.auditLog.staffRevoked',
  'tour.created': 'ops.auditLog.tourCreated',
  'tour.updated': 'ops.auditLog.tourUpdated',
  'tour.published': 'ops.auditLog.tourPublished',
  'tour.unpublished': 'ops.auditLog.tourUnpublished',
  'price_rule.created': 'ops.auditLog.priceRuleCreated',
  'price_rule.updated': 'ops.auditLog.priceRuleUpdated',
  'price_rule.retired': 'ops.auditLog.priceRuleRetired',
  'order.cancelled': 'ops.auditLog.orderCancelled',
  'order.cancelled_with_override': 'ops.auditLog.orderCancelledWithOverride',
  'tour.image_uploaded': 'ops.auditLog.tourImageUploaded',
  'tour_request.updated': 'ops.auditLog.tourRequestUpdated',
  'agency_application.updated': 'ops.auditLog.agencyApplicationUpdated',
  'second_factor.enrolled': 'ops.auditLog.secondFactorEnrolled',
  'second_factor.removed': 'ops.auditLog.secondFactorRemoved',
  'second_factor.reset': 'ops.auditLog.secondFactorReset',
  'second_factor.recovery_codes_generated': 'ops.auditLog.recoveryCodesGenerated',
  'second_factor.recovery_code_used': 'ops.auditLog.recoveryCodeUsed',
  'second_factor.verification_failed': 'ops.auditLog.secondFactorFailed',
  'refund.retried': 'ops.auditLog.refundRetried',
  'order.ticketing_retried': 'ops.auditLog.ticketingRetried',
  'order.ticketing_refunded': 'ops.auditLog.ticketingRefunded',
  'order.note': 'ops.auditLog.orderNote',
  'order.contact_email_changed': 'ops.auditLog.contactEmailChanged',
  'order.contact_email_change_undone': 'ops.auditLog.contactEmailChangeUndone',
  'order.contact_corrected': 'ops.auditLog.contactCorrected',
  'order.confirmation_resent': 'ops.auditLog.confirmationResent',
  'email.retried': 'ops.auditLog.emailRetried',
};

/** Where the console shows an entry's target, for the targets that have a page. */
const PAGES: Record<string, (id: string) => string> = {
  order: (id) => `/ops/orders/${id}`,
  tour: (id) => `/ops/tours/${id}`,
};

/** One audit entry as a sentence ("chief@agency.test gave ops@agency.test access to the console"), linked to its page. */
export function AuditSentence({ entry }: { entry: OpsAuditEntry }) {
  const t = useT();
  const key = SENTENCES[entry.action];
  const values = {
    actor: entry.actor ?? t('ops.auditLog.someone'),
    target: entry.target_label ?? entry.target_id,
    action: entry.action,
  };
  const sentence = t(key ?? 'ops.auditLog.other', values);
  const page = PAGES[entry.target_type];
  return page ? <TextLink to={page(entry.target_id)}>{sentence}</TextLink> : <span>{sentence}</span>;
}
