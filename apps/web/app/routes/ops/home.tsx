import { useNavigation } from 'react-router';
import type { Route } from './+types/home';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { formatInstant, formatLocalDate } from '../../lib/local-time.ts';
import { useMoney } from '../../lib/use-money.ts';
import { Button } from '../../components/Button.tsx';
import { PostButton } from '../../components/PostButton.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { OpsTable } from '../../features/ops/OpsTable.tsx';
import { ConfirmStep, Notice } from '../../features/ops/ConfirmStep.tsx';
import { BarChart } from './home-bar-chart.tsx';
import { Figures, OverviewTotals } from './home-figures.tsx';
import { LabelledInput } from '../../features/ops/LabelledInput.tsx';

export { loader, action } from './home.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'ops.overview.heading');

/** The conversion rates shown: their words and the overview's field. */
const CONVERSION = [
  ['ops.overview.searchToOrder', 'search_to_order'],
  ['ops.overview.orderToPaid', 'order_to_paid'],
  ['ops.overview.searchToPaid', 'search_to_paid'],
] as const;
/** The emails waiting, being sent and failed: their words and the outbox's field. */
const BACKLOG = [
  ['ops.overview.pending', 'pending'],
  ['ops.overview.sending', 'sending'],
  ['ops.overview.failed', 'failed'],
] as const;

/** The daily counts drawn as charts: the chart's test id, its words and the day's field. */
const DAILY_CHARTS = [
  ['chart-searches', 'ops.overview.searches', 'searches'],
  ['chart-orders', 'ops.overview.orders', 'orders'],
  ['chart-paid', 'ops.overview.paidOrders', 'paid_orders'],
] as const;

type Day = Route.ComponentProps['loaderData']['overview']['days'][number];

export default function OpsHome({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useT();
  const { locale } = useRootData();
  const money = useMoney();
  const busy = useNavigation().state !== 'idle';
  const { overview, outbox, exportProblem } = loaderData;
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const count = (n: number) => number.format(n);
  const day = (iso: string) => formatLocalDate(locale, iso);
  // One chart for each daily count, then one for the revenue in each currency taken.
  const charts = [
    ...DAILY_CHARTS.map(([testId, title, field]) => ({
      testId,
      title: t(title),
      value: (d: Day) => d[field],
      format: count,
    })),
    ...overview.totals.revenue.map(({ currency }) => ({
      testId: `chart-revenue-${currency}`,
      title: t('ops.overview.revenueIn', { currency }),
      value: (d: Day) => Number(d.revenue.find((r) => r.currency === currency)?.amount ?? 0),
      format: (value: number) => money(value, currency),
    })),
  ];
  const rate = (value: number | null) => (value === null ? t('ops.overview.noData') : percent.format(value));
  const confirming =
    actionData && 'confirm' in actionData
      ? outbox.failed.find((e) => e.id === actionData.confirm.id)
      : undefined;
  const csvUrl = `/${params.lang}/ops/orders.csv`;
  // The export's first and last day, the last 30 days at first.
  const periodEnd = (name: 'from' | 'to', label: MessageKey) => (
    <LabelledInput label={t(label)} type="date" name={name} required defaultValue={overview[name]} />
  );

  return (
    <div className="grid gap-8">
      <div>
        <PageHeading>{t('ops.overview.heading')}</PageHeading>
        <p className="-mt-4 text-neutral-700">
          {t('ops.overview.period', { from: day(overview.from), to: day(overview.to) })}
        </p>
      </div>
      {actionData && 'done' in actionData ? <Notice kind="done">{t(actionData.done)}</Notice> : null}
      {actionData && 'problem' in actionData ? <Notice kind="error">{t(actionData.problem)}</Notice> : null}
      {confirming && actionData && 'confirm' in actionData ? (
        <ConfirmStep
          id="ops-retry-confirm"
          question={t('ops.overview.confirmRetry', { kind: confirming.kind, to: confirming.to })}
          intent="retry-confirm"
          fields={{ id: String(confirming.id), key: actionData.confirm.key }}
          yes={t('ops.overview.yesRetry')}
          busy={busy}
        />
      ) : null}

      <HeadedSection headingId="ops-totals" heading={t('ops.overview.totals')} className="grid gap-3">
        <OverviewTotals totals={overview.totals} />
        <h3 className="font-semibold">{t('ops.overview.conversion')}</h3>
        <Figures
          testId="ops-conversion"
          figures={CONVERSION.map(([key, field]) => [key, rate(overview.conversion[field])] as const)}
        />
      </HeadedSection>

      <HeadedSection headingId="ops-charts" heading={t('ops.overview.charts')} className="grid gap-3">
        <div className="grid gap-4 lg:grid-cols-2">
          {charts.map((chart) => (
            <BarChart
              key={chart.testId}
              testId={chart.testId}
              title={chart.title}
              points={overview.days.map((d) => ({ day: d.day, value: chart.value(d) }))}
              format={chart.format}
              formatDay={day}
            />
          ))}
        </div>
      </HeadedSection>

      <HeadedSection headingId="ops-routes" heading={t('ops.overview.topRoutes')} className="grid gap-3">
        {overview.top_routes.length === 0 ? (
          <p>{t('ops.overview.noRoutes')}</p>
        ) : (
          <OpsTable
            caption="ops.overview.topRoutes"
            testId="ops-top-routes"
            look="card"
            rows={overview.top_routes}
            rowKey={(r) => `${r.origin}-${r.destination}`}
            columns={[
              { label: 'ops.overview.route', cell: (r) => `${r.origin}–${r.destination}` },
              { label: 'ops.overview.orders', className: 'tabular-nums', cell: (r) => count(r.orders) },
              {
                label: 'ops.overview.paidOrders',
                className: 'tabular-nums',
                cell: (r) => count(r.paid_orders),
              },
              {
                label: 'ops.overview.revenue',
                className: 'tabular-nums wrap-anywhere',
                cell: (r) => r.revenue.map((m) => money(m.amount, m.currency)).join(' · ') || '—',
              },
            ]}
          />
        )}
      </HeadedSection>

      <HeadedSection headingId="ops-emails" heading={t('ops.overview.emails')} className="grid gap-3">
        <Figures
          testId="ops-backlog"
          figures={BACKLOG.map(([key, field]) => [key, count(outbox.backlog[field])] as const)}
        />
        {outbox.backlog.oldest_pending_at ? (
          <p className="text-sm">
            {t('ops.overview.oldestPending', { at: formatInstant(locale, outbox.backlog.oldest_pending_at) })}
          </p>
        ) : null}
        {outbox.failed.length === 0 ? (
          <p data-testid="ops-failed-none">{t('ops.overview.noFailed')}</p>
        ) : (
          <OpsTable
            caption="ops.overview.failed"
            testId="ops-failed"
            look="card"
            rows={outbox.failed}
            rowKey={(e) => e.id}
            columns={[
              { label: 'ops.overview.kind', className: 'wrap-anywhere', cell: (e) => e.kind },
              { label: 'ops.overview.recipient', className: 'wrap-anywhere', cell: (e) => e.to },
              { label: 'ops.overview.error', className: 'wrap-anywhere', cell: (e) => e.error ?? '—' },
              { label: 'ops.overview.attempts', className: 'tabular-nums', cell: (e) => count(e.attempts) },
              { label: 'ops.overview.created', cell: (e) => formatInstant(locale, e.created_at) },
              {
                label: 'ops.overview.action',
                cell: (e) => (
                  <PostButton
                    intent="retry"
                    fields={{ id: e.id }}
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    aria-label={t('ops.overview.retryLabel', { kind: e.kind, to: e.to })}
                  >
                    {t('ops.overview.retry')}
                  </PostButton>
                ),
              },
            ]}
          />
        )}
      </HeadedSection>

      <HeadedSection headingId="ops-export" heading={t('ops.overview.export')} className="grid gap-3">
        {exportProblem ? <Notice kind="error">{t(exportProblem)}</Notice> : null}
        <p>
          <a
            href={`${csvUrl}?from=${overview.from}&to=${overview.to}`}
            download
            className="text-primary-800 underline"
            data-testid="ops-csv-30"
          >
            {t('ops.overview.downloadPeriod')}
          </a>
        </p>
        {/* A plain form: the browser downloads the file itself, with or without JavaScript. */}
        <form
          method="get"
          action={csvUrl}
          className="flex flex-wrap items-end gap-3 rounded border border-neutral-200 bg-white p-4"
        >
          {periodEnd('from', 'ops.overview.exportFrom')}
          {periodEnd('to', 'ops.overview.exportTo')}
          <Button type="submit">{t('ops.overview.download')}</Button>
        </form>
      </HeadedSection>
    </div>
  );
}
