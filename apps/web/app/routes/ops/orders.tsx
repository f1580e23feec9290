import { Form, useSearchParams } from 'react-router';
import type { Route } from './+types/orders';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { formatInstant } from '../../lib/local-time.ts';
import { useMoney } from '../../lib/use-money.ts';
import { Button } from '../../components/Button.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { OpsTable } from '../../features/ops/OpsTable.tsx';
import { LabelledInput } from '../../features/ops/LabelledInput.tsx';
import { Pager } from '../../features/ops/Pager.tsx';
import { OrderStatusBadges } from '../../features/ops/OrderStatus.tsx';
import { BOOKING_STATUS_LABEL } from '../../features/orders/OrderDetails.tsx';

export { loader } from './orders.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'ops.orders.heading');

const STATUSES = ['new', 'booked', 'cancelled'] as const;

export default function OpsOrders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { locale } = useRootData();
  const money = useMoney();
  const [params] = useSearchParams();
  const { result } = loaderData;
  const given = (name: string) => params.get(name) ?? '';
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `/ops/orders?${next}`;
  };
  return (
    <div className="grid gap-4">
      <PageHeading>{t('ops.orders.heading')}</PageHeading>
      <Form
        method="get"
        role="search"
        className="grid gap-3 rounded border border-neutral-200 bg-white p-4 md:grid-cols-4"
      >
        <LabelledInput
          label={t('ops.orders.q')}
          labelClassName="md:col-span-2"
          name="q"
          type="search"
          defaultValue={given('q')}
        />
        <label className="grid gap-1">
          <span className="font-medium">{t('ops.orders.status')}</span>
          <select
            name="status"
            defaultValue={given('status')}
            className="rounded border border-neutral-400 px-3 py-2"
          >
            <option value="">{t('ops.orders.any')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(BOOKING_STATUS_LABEL[s])}
              </option>
            ))}
          </select>
        </label>
        <LabelledInput
          label={t('ops.orders.place')}
          name="place"
          maxLength={3}
          defaultValue={given('place')}
          className="uppercase"
        />
        <LabelledInput label={t('ops.orders.from')} name="from" type="date" defaultValue={given('from')} />
        <LabelledInput label={t('ops.orders.to')} name="to" type="date" defaultValue={given('to')} />
        <div className="flex items-end">
          <Button type="submit">{t('ops.orders.search')}</Button>
        </div>
      </Form>
      {loaderData.invalid ? (
        <p role="alert" className="text-red-800">
          {t('ops.orders.invalid')}
        </p>
      ) : result && result.orders.length === 0 ? (
        <p>{t('ops.orders.none')}</p>
      ) : result ? (
        <>
          <p className="text-sm text-neutral-700" aria-live="polite">
            {t('ops.orders.count', { count: result.total })}
          </p>
          <OpsTable
            caption="ops.orders.heading"
            minWidth="min-w-[40rem]"
            rows={result.orders}
            rowKey={(o) => o.id}
            columns={[
              {
                label: 'ops.orders.reference',
                className: 'font-mono',
                cell: (o) => <TextLink to={`/ops/orders/${o.id}`}>{o.booking_reference}</TextLink>,
              },
              {
                label: 'ops.orders.contact',
                className: 'wrap-anywhere',
                cell: (o) => (
                  <>
                    {o.contact_name}
                    <br />
                    <span className="text-neutral-700">{o.contact_email}</span>
                  </>
                ),
              },
              { label: 'ops.orders.route', cell: (o) => o.route },
              {
                label: 'ops.orders.total',
                className: 'whitespace-nowrap',
                cell: (o) => money(o.total_amount, o.currency),
              },
              { label: 'ops.orders.statuses', cell: (o) => <OrderStatusBadges order={o} /> },
              {
                label: 'ops.orders.created',
                className: 'whitespace-nowrap',
                cell: (o) => formatInstant(locale, o.created_at),
              },
            ]}
          />
          <Pager of={result} href={pageLink} />
        </>
      ) : null}
    </div>
  );
}
