import type { OpsOrderSupplier } from '@parvoz/contracts/ops';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { formatInstant } from '../../lib/local-time.ts';
import { PostButton } from '../../components/PostButton.tsx';
import { OpsPanel } from '../../features/ops/OpsPanel.tsx';

/** The supplier's refusals as operators read them (modules/supplier-orders/ticketing.ts). */
const PROBLEMS: Record<string, MessageKey> = {
  price_changed: 'ops.ticketing.problem.price_changed',
  insufficient_balance: 'ops.ticketing.problem.insufficient_balance',
  cancelled: 'ops.ticketing.problem.cancelled',
  refused: 'ops.ticketing.problem.refused',
  outcome_unknown: 'ops.ticketing.problem.outcome_unknown',
};

/**
 * A paid order the airline has not ticketed yet: since when it waits for the airline's tickets, or — when the
 * supplier would not ticket it — the operator's task, with its two ways out (each asks first, as every action
 * here): retry, or cancel the supplier's hold and refund the traveller in full. A creation whose outcome nobody
 * knows has a third, once the operator has found no order at the supplier: ask for it again (docs/duffel.md, "An
 * instant order with no known outcome"). Nothing for other orders.
 */
export function TicketingPanel({
  ticketing,
  creationUnknown = false,
  busy,
}: {
  ticketing: OpsOrderSupplier['ticketing'] | undefined;
  /** The supplier's order was asked for and no one knows whether it was made (`booking_outcome: unknown`). */
  creationUnknown?: boolean;
  busy: boolean;
}) {
  const t = useT();
  const { locale } = useRootData();
  if (!ticketing) return null;
  const since = ticketing.since ? formatInstant(locale, ticketing.since) : '—';
  const problem = ticketing.problem ? (PROBLEMS[ticketing.problem] ?? PROBLEMS.refused!) : null;
  // The supplier's id of the failed call, which its support asks for (an outcome_unknown's detail).
  const detail = ticketing.detail as { request_id?: unknown } | null;
  const requestId = typeof detail?.request_id === 'string' ? detail.request_id : null;
  return (
    <OpsPanel id="ops-ticketing" heading={t('ops.ticketing.heading')} roomy>
      {problem ? (
        <>
          <p
            className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900"
            data-testid="ops-ticketing-problem"
          >
            {t('ops.ticketing.problem', { problem: t(problem), since })}
          </p>
          {requestId ? (
            <p className="text-sm" data-testid="ops-ticketing-request-id">
              {t('ops.ticketing.request_id', { id: requestId })}
            </p>
          ) : null}
          <PostButton intent="ticketing-retry" variant="outline" disabled={busy}>
            {t('ops.ticketing.retry')}
          </PostButton>
          <PostButton intent="ticketing-refund" variant="outline" disabled={busy}>
            {t('ops.ticketing.refund')}
          </PostButton>
          {creationUnknown && ticketing.problem === 'outcome_unknown' ? (
            <PostButton intent="ticketing-create-again" variant="outline" disabled={busy}>
              {t('ops.ticketing.createAgain')}
            </PostButton>
          ) : null}
        </>
      ) : (
        <p className="text-sm" data-testid="ops-ticketing-waiting">
          {t('ops.ticketing.waiting', { since })}
        </p>
      )}
    </OpsPanel>
  );
}
