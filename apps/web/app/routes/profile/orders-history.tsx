import type { OrderSummary } from '@parvoz/contracts/orders';
import { formatMoney, isCurrency } from '@parvoz/i18n/currency';
import type { Route } from './+types/orders-history';
import { PageHeading } from '../../components/PageHeading.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { formatDate } from '../../lib/local-time.ts';
import { pageMeta } from '../../lib/meta.ts';
import {
  BOOKING_STATUS_LABEL,
  PAYMENT_STATUS_LABEL,
  REFUND_STATUS_LABEL,
} from '../../features/orders/OrderDetails.tsx';

export { loader } from './orders-history.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.ordersHistory.heading');

function OrderList({ orders, empty }: { orders: OrderSummary[]; empty: string }) {
  const t = useT();
  const { locale } = useRootData();
  if (orders.length === 0) return <p className="text-neutral-700">{empty}</p>;
  const dateTime = (iso: string) =>
    formatDate(locale, 'mediumDateTime', new Date(iso), /[+-]\d\d:\d\d$/.exec(iso)?.[0] ?? 'UTC');
  const date = (iso: string) => formatDate(locale, 'mediumDate', new Date(iso));
  return (
    <ul className="grid gap-3">
      {orders.map((order) => (
        <li key={order.id} className="rounded border border-neutral-300 p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <LocalizedLink to={`/orders/${order.id}`} className="font-semibold text-primary-800 underline">
              {t('orders.reference', { reference: order.booking_reference })}
            </LocalizedLink>
            <span className="font-semibold">
              {isCurrency(order.total_currency)
                ? formatMoney(locale, Number(order.total_amount), order.total_currency)
                : `${order.total_amount} ${order.total_currency}`}
            </span>
          </div>
          {order.origin && order.destination ? (
            <p className="mt-1">
              {order.origin} → {order.destination}
            </p>
          ) : null}
          <p className="text-sm text-neutral-700">
            {order.departing_at ? t('orders.departure', { date: dateTime(order.departing_at) }) : null}
            {order.departing_at ? ' · ' : null}
            {t('orders.passengers', { count: order.passengers })}
          </p>
          <p className="text-sm text-neutral-700">
            {t('orders.orderDate', { date: date(order.created_at) })} ·{' '}
            {t(BOOKING_STATUS_LABEL[order.booking_status])} · {t(PAYMENT_STATUS_LABEL[order.payment_status])}
            {order.refund_status !== 'none' ? ` · ${t(REFUND_STATUS_LABEL[order.refund_status])}` : null}
          </p>
        </li>
      ))}
    </ul>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeading>{t('page.ordersHistory.heading')}</PageHeading>
      <HeadedSection
        headingId="orders-active"
        heading={t('orders.active')}
        className="mb-8"
        headingClassName="mb-3 text-xl font-semibold"
      >
        <OrderList orders={loaderData.active} empty={t('orders.empty.active')} />
      </HeadedSection>
      <HeadedSection
        headingId="orders-history"
        heading={t('orders.history')}
        headingClassName="mb-3 text-xl font-semibold"
      >
        <OrderList orders={loaderData.history} empty={t('orders.empty.history')} />
      </HeadedSection>
    </>
  );
}
