import type { Order } from '@parvoz/contracts/booking';
import type { OpsOrderSupplier } from '@parvoz/contracts/ops';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { formatInstant } from '../../lib/local-time.ts';
import { useMoney } from '../../lib/use-money.ts';
import { OpsPanel } from '../../features/ops/OpsPanel.tsx';

const SUPPLIER_NAMES: Record<string, MessageKey> = { duffel: 'ops.supplier.duffel' };
const OUTCOMES: Record<NonNullable<OpsOrderSupplier['booking_outcome']>, MessageKey> = {
  pending: 'ops.supplier.outcome.pending',
  unknown: 'ops.supplier.outcome.unknown',
  failed: 'ops.supplier.outcome.failed',
};

/**
 * A real supplier's side of an order (docs/duffel.md), for operators: where it was sold, the airline's
 * booking reference (what the airline asks for on the phone), the supplier's order id (to find it in the
 * supplier's dashboard), what the supplier charges the agency, whether the agency has paid it or released it
 * there, and the airline's changes. Nothing for the built-in network's orders.
 */
export function SupplierPanel({
  supplier,
  changes,
}: {
  supplier: OpsOrderSupplier | null;
  changes: Order['airline_changes'];
}) {
  const t = useT();
  const { locale } = useRootData();
  const money = useMoney();
  if (!supplier) return null;
  const at = (instant: string) => <time dateTime={instant}>{formatInstant(locale, instant)}</time>;
  const open = changes.filter((c) => c.action_taken === null && c.applied_at === null).length;
  return (
    <OpsPanel id="ops-supplier" heading={t('ops.supplier.heading')}>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm" data-testid="ops-supplier">
        <dt className="text-neutral-700">{t('ops.supplier.name')}</dt>
        <dd>{SUPPLIER_NAMES[supplier.name] ? t(SUPPLIER_NAMES[supplier.name]!) : supplier.name}</dd>
        <dt className="text-neutral-700">{t('ops.supplier.reference')}</dt>
        <dd className="font-mono font-semibold" data-testid="ops-supplier-reference">
          {supplier.booking_reference ?? '—'}
        </dd>
        <dt className="text-neutral-700">{t('ops.supplier.orderId')}</dt>
        <dd className="font-mono wrap-anywhere">{supplier.order_id ?? t('ops.supplier.notBooked')}</dd>
        <dt className="text-neutral-700">{t('ops.supplier.cost')}</dt>
        <dd>
          {supplier.total_amount && supplier.total_currency
            ? money(supplier.total_amount, supplier.total_currency)
            : '—'}
        </dd>
        <dt className="text-neutral-700">{t('ops.supplier.paid')}</dt>
        <dd>{supplier.paid_at ? at(supplier.paid_at) : t('ops.supplier.notPaid')}</dd>
        {supplier.cancelled_at ? (
          <>
            <dt className="text-neutral-700">{t('ops.supplier.released')}</dt>
            <dd>{at(supplier.cancelled_at)}</dd>
          </>
        ) : null}
        {supplier.booking_outcome ? (
          <>
            <dt className="text-neutral-700">{t('ops.supplier.outcome')}</dt>
            <dd className="font-semibold text-red-800" data-testid="ops-supplier-outcome">
              {t(OUTCOMES[supplier.booking_outcome])}
            </dd>
          </>
        ) : null}
        <dt className="text-neutral-700">{t('ops.supplier.changes')}</dt>
        <dd>
          {changes.length === 0
            ? t('ops.supplier.noChanges')
            : t('ops.supplier.changeCount', { count: changes.length, open })}
        </dd>
      </dl>
    </OpsPanel>
  );
}
