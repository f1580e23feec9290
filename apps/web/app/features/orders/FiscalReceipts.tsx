import type { Order } from '@parvoz/contracts/booking';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * The fiscal receipts the payment provider registered for the order (Uzbekistan's tax committee, ofd.soliq.uz):
 * a link to each, for the traveller's order page and the console.
 */
export function FiscalReceipts({ order }: { order: Pick<Order, 'fiscal_receipts'> }) {
  const t = useT();
  const receipts = order.fiscal_receipts.filter((receipt) => receipt.url);
  if (receipts.length === 0) return null;
  return (
    <HeadedSection
      headingId="order-fiscal-receipts-heading"
      heading={t('order.fiscalReceipts.title')}
      className="grid gap-2 rounded border border-neutral-200 bg-white p-4"
    >
      <ul className="grid gap-1" data-testid="order-fiscal-receipts">
        {receipts.map((receipt, i) => (
          <li key={i}>
            <a
              href={receipt.url!}
              target="_blank"
              rel="noopener noreferrer"
              className="text-primary-700 underline"
            >
              {t(receipt.kind === 'sale' ? 'order.fiscalReceipts.sale' : 'order.fiscalReceipts.refund')}
              <span className="sr-only"> {t('order.fiscalReceipts.newTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
