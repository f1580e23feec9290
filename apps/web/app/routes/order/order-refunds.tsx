import type { Order } from '@parvoz/contracts/booking';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { useLocale, useT, type MessageKey } from '../../lib/i18n.tsx';
import { useMoney } from '../../lib/use-money.ts';
import { useInstantFormat } from '../../lib/use-instant-format.ts';

const REFUND_REASON: Record<Order['refunds'][number]['reason'], MessageKey> = {
  cancellation: 'order.refund.cancellation',
  late_payment: 'order.refund.latePayment',
  supplier_refused: 'order.refund.supplierRefused',
};

/** The money going back on the order (docs/after-sale.md): each refund, why, and whether it has reached the card. */
export function OrderRefunds({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  const instant = useInstantFormat(locale);
  const money = useMoney();
  if (order.refunds.length === 0) return null;
  return (
    <HeadedSection
      headingId="order-refunds-heading"
      heading={t('order.refund.heading')}
      className="grid gap-2 rounded border border-primary-200 bg-primary-50 p-4"
    >
      <ul className="grid gap-1" data-testid="order-refunds">
        {order.refunds.map((refund, i) => (
          <li key={i}>
            <span className="font-semibold tabular-nums">{money(refund.amount, refund.currency)}</span>{' '}
            {t(REFUND_REASON[refund.reason])} —{' '}
            {refund.status === 'refunded'
              ? t('order.refund.done', {
                  date: instant(refund.refunded_at ?? refund.created_at),
                })
              : t('order.refund.pending')}
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
