/** The order's history as the console shows it: each event in words, with who did it and when. */
import type { OpsTimelineEvent } from '@parvoz/contracts/ops';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { formatInstant } from '../../lib/local-time.ts';

const EVENT_LABELS: Record<string, MessageKey> = {
  'order.created': 'ops.event.created',
  'order.paid': 'ops.event.paid',
  'order.ticketed': 'ops.event.ticketed',
  'order.cancelled': 'ops.event.cancelled',
  'order.cancelled_with_override': 'ops.event.cancelledOverride',
  'order.confirmation_resent': 'ops.event.resent',
  'order.contact_corrected': 'ops.event.contactCorrected',
  'order.tickets_voided': 'ops.event.ticketsVoided',
  'order.note': 'ops.event.note',
  'payment.started': 'ops.event.paymentStarted',
  'payment.succeeded': 'ops.event.paymentSucceeded',
  'payment.failed': 'ops.event.paymentFailed',
  'payment.cancelled': 'ops.event.paymentCancelled',
  'refund.requested': 'ops.event.refundRequested',
  'refund.succeeded': 'ops.event.refundSucceeded',
  'refund.failed': 'ops.event.refundFailed',
  'webhook.received': 'ops.event.webhook',
  'cancellation.quoted': 'ops.event.cancellationQuoted',
  'email.queued': 'ops.event.email',
  'supplier.paid': 'ops.event.supplierPaid',
  'supplier.cancelled': 'ops.event.supplierCancelled',
  'airline_change.detected': 'ops.event.airlineChange',
  'airline_change.accepted': 'ops.event.airlineChangeAccepted',
  'airline_change.cancelled': 'ops.event.airlineChangeCancelled',
  'airline_change.changed': 'ops.event.airlineChangeChanged',
};

export function Timeline({ events }: { events: OpsTimelineEvent[] }) {
  const t = useT();
  const { locale } = useRootData();
  return (
    <ol className="grid gap-2" data-testid="ops-timeline">
      {events.map((e, i) => (
        <li key={i} className="grid gap-0.5 border-l-2 border-primary-200 pl-3">
          <p className="font-medium">{EVENT_LABELS[e.kind] ? t(EVENT_LABELS[e.kind]!) : e.kind}</p>
          <p className="text-sm text-neutral-700 wrap-anywhere">
            <time dateTime={e.at}>{formatInstant(locale, e.at)}</time> · {e.by}
          </p>
          {Object.keys(e.details).length ? (
            <p className="text-sm wrap-anywhere">
              {Object.entries(e.details)
                .map(([k, v]) => `${k}: ${String(v)}`)
                .join(' · ')}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
