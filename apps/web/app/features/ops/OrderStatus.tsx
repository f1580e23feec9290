import { useT } from '../../lib/i18n.tsx';
import { BOOKING_STATUS_LABEL, PAYMENT_STATUS_LABEL, REFUND_STATUS_LABEL } from '../orders/OrderDetails.tsx';
import type { OpsOrderRow } from '@parvoz/contracts/ops';

/** The spec's booking and payment statuses and the refund status (docs/after-sale.md §2), in words. */
export function OrderStatusBadges({
  order,
}: {
  order: Pick<OpsOrderRow, 'booking_status' | 'payment_status' | 'refund_status'>;
}) {
  const t = useT();
  return (
    <ul className="flex flex-wrap gap-1">
      <li className="rounded bg-neutral-100 px-2 py-0.5">{t(BOOKING_STATUS_LABEL[order.booking_status])}</li>
      <li className="rounded bg-neutral-100 px-2 py-0.5">{t(PAYMENT_STATUS_LABEL[order.payment_status])}</li>
      {order.refund_status !== 'none' ? (
        <li className="rounded bg-amber-50 px-2 py-0.5 text-amber-950">
          {t(REFUND_STATUS_LABEL[order.refund_status])}
        </li>
      ) : null}
    </ul>
  );
}
