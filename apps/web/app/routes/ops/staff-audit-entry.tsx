import type { OpsAuditEntry } from '@parvoz/contracts/ops';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { tourTitleIn } from '../../features/ops/tour-title.tsx';

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
  'order.ticketing_creation_allowed': 'ops.auditLog.ticketingCreationAllowed',
  'order.note': 'ops.auditLog.orderNote',
  'order.contact_email_changed': 'ops.auditLog.contactEmailChanged',
  'order.contact_email_change_undone': 'ops.auditLog.contactEmailChangeUndone',
  'order.contact_corrected': 'ops.auditLog.contactCorrected',
  'order.confirmation_resent': 'ops.auditLog.confirmationResent',
  'email.retried': 'ops.auditLog.emailRetried',
};

/**
 * Where the console shows an entry's target: an order's and a tour's own page, a request or an application in its
 * inbox, a person in the staff list (each item carries its id as an anchor).
 */
const PAGES: Record<string, (id: string) => string> = {
  order: (id) => `/ops/orders/${id}`,
  tour: (id) => `/ops/tours/${id}`,
  tour_request: (id) => `/ops/requests#item-${id}`,
  agency_application: (id) => `/ops/applications#item-${id}`,
  user: (id) => `/ops/staff#staff-${id}`,
  price_rule: () => '/ops/price-rules',
};

/**
 * How the sentence names the target: a tour by its title in the console's language, a request by who asked (and
 * about which tour), anything else by the name the API gives (email, booking reference, company), else its id.
 */
function useTargetName(entry: OpsAuditEntry): string {
  const t = useT();
  const { locale } = useRootData();
  const label = entry.target_label ?? entry.target_id;
  const tour = entry.target_title ? tourTitleIn(entry.target_title, locale) : null;
  if (entry.target_type === 'tour') return tour ? t('ops.auditLog.tourTarget', { tour }) : label;
  if (entry.target_type === 'tour_request' && entry.target_label)
    return tour
      ? t('ops.auditLog.requestTarget', { name: label, tour })
      : t('ops.auditLog.requestTargetGeneral', { name: label });
  return label;
}

/** One audit entry as a sentence ("chief@agency.test gave ops@agency.test access to the console"), linked to its page. */
export function AuditSentence({ entry }: { entry: OpsAuditEntry }) {
  const t = useT();
  const key = SENTENCES[entry.action];
  const values = {
    actor: entry.actor ?? t('ops.auditLog.someone'),
    target: useTargetName(entry),
    action: entry.action,
  };
  const sentence = t(key ?? 'ops.auditLog.other', values);
  const page = PAGES[entry.target_type];
  return page ? <TextLink to={page(entry.target_id)}>{sentence}</TextLink> : <span>{sentence}</span>;
}
