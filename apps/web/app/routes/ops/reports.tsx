import { Form } from 'react-router';
import type { OpsSalesReportRow, REPORT_DIMENSIONS, REPORT_GROUPS } from '@parvoz/contracts/ops-reports';
import type { Route } from './+types/reports';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { formatDate, formatLocalDate } from '../../lib/local-time.ts';
import { useMoney } from '../../lib/use-money.ts';
import { Button } from '../../components/Button.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { OpsTable, type OpsColumn } from '../../features/ops/OpsTable.tsx';
import { LabelledInput } from '../../features/ops/LabelledInput.tsx';
import { BarChart } from './home-bar-chart.tsx';
import { ReportDisagreements } from './reports-disagreements.tsx';

export { loader } from './reports.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'ops.reports.heading');

type Row = OpsSalesReportRow;

/** The words of each period and each dimension (a choice added to the contract fails to compile until it has words). */
const GROUP_LABEL = {
  day: 'ops.reports.group.day',
  month: 'ops.reports.group.month',
} as const satisfies Record<(typeof REPORT_GROUPS)[number], MessageKey>;
const BY_LABEL = {
  supplier: 'ops.reports.by.supplier',
  airline: 'ops.reports.by.airline',
  route: 'ops.reports.by.route',
  provider: 'ops.reports.by.provider',
  currency: 'ops.reports.by.currency',
  promo_code: 'ops.reports.by.promo_code',
} as const satisfies Record<(typeof REPORT_DIMENSIONS)[number], MessageKey>;

/** The amount columns, in the API's order: their words and the row's field. */
const AMOUNTS = [
  ['ops.reports.sales', 'sales'],
  ['ops.reports.supplierCost', 'supplier_cost'],
  ['ops.reports.markup', 'markup'],
  ['ops.reports.fees', 'fees'],
  ['ops.reports.discounts', 'discounts'],
  ['ops.reports.providerFees', 'provider_fees'],
  ['ops.reports.margin', 'margin'],
] as const;
const PROMO_DISCOUNTS = ['ops.reports.promoDiscounts', 'promo_discounts'] as const;
const REFUNDS = [
  ['ops.reports.refunded', 'refunded'],
  ['ops.reports.kept', 'kept'],
  ['ops.reports.supplierReturned', 'supplier_returned'],
  ['ops.reports.marginAfterRefunds', 'margin_after_refunds'],
] as const;

/** The charts of each currency: sales and margin per period (a period's rows added up, one currency only). */
function chartsOf(rows: readonly Row[]) {
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  return currencies.map((currency) => {
    const mine = rows.filter((r) => r.currency === currency);
    const periods = [...new Set(mine.map((r) => r.period))].sort();
    const sum = (period: string, field: 'sales' | 'margin') =>
      mine.filter((r) => r.period === period).reduce((total, r) => total + Number(r[field]), 0);
    return {
      currency,
      sales: periods.map((day) => ({ day, value: sum(day, 'sales') })),
      margin: periods.map((day) => ({ day, value: sum(day, 'margin') })),
    };
  });
}

export default function OpsReports({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const { locale } = useRootData();
  const money = useMoney();
  const { report, invalid } = loaderData;
  const number = new Intl.NumberFormat(locale);
  // A month by the site's named format (date-formats.ts), so /uz writes it as the server does.
  const period = (p: string) =>
    p.length === 7
      ? formatDate(locale, 'monthYear', new Date(`${p}-01T00:00:00Z`))
      : formatLocalDate(locale, p);
  const keyOf = (row: Row) =>
    report.by === 'supplier' && row.key === 'builtin'
      ? t('ops.reports.builtin')
      : report.by === 'promo_code' && row.key === ''
        ? t('ops.reports.noPromoCode')
        : row.key;
  // By promo code, what each code gave beside the discounts.
  const amounts =
    report.by === 'promo_code' ? [...AMOUNTS.slice(0, 5), PROMO_DISCOUNTS, ...AMOUNTS.slice(5)] : AMOUNTS;
  const query = new URLSearchParams({ from: report.from, to: report.to, group: report.group, by: report.by });
  const columns: OpsColumn<Row>[] = [
    { label: 'ops.reports.period', className: 'whitespace-nowrap', cell: (r) => period(r.period) },
    { label: BY_LABEL[report.by], cell: keyOf },
    ...(report.by === 'currency'
      ? []
      : [{ label: 'ops.reports.by.currency' as const, cell: (r: Row) => r.currency }]),
    { label: 'ops.reports.orders', className: 'text-end tabular-nums', cell: (r) => number.format(r.orders) },
    ...[...amounts, ...REFUNDS].map(([label, field]) => ({
      label,
      className: 'whitespace-nowrap text-end tabular-nums',
      cell: (r: Row) => money(r[field], r.currency),
    })),
    {
      label: 'ops.reports.refunds',
      className: 'text-end tabular-nums',
      cell: (r) => number.format(r.refunds),
    },
  ];
  const select = (
    name: 'group' | 'by',
    words: Readonly<Record<string, MessageKey>>,
    label: 'ops.reports.group' | 'ops.reports.by',
  ) => (
    <label className="grid gap-1">
      <span className="font-medium">{t(label)}</span>
      <select name={name} defaultValue={report[name]} className="rounded border border-neutral-400 px-3 py-2">
        {Object.entries(words).map(([value, key]) => (
          <option key={value} value={value}>
            {t(key)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="grid gap-6">
      <div>
        <PageHeading>{t('ops.reports.heading')}</PageHeading>
        <p className="-mt-4 text-neutral-700">{t('ops.reports.intro')}</p>
        <p className="text-neutral-700">{t('ops.reports.margin.explained')}</p>
      </div>
      <Form method="get" className="grid gap-3 rounded border border-neutral-200 bg-white p-4 md:grid-cols-5">
        <LabelledInput
          label={t('ops.reports.from')}
          type="date"
          name="from"
          required
          defaultValue={report.from}
        />
        <LabelledInput label={t('ops.reports.to')} type="date" name="to" required defaultValue={report.to} />
        {select('group', GROUP_LABEL, 'ops.reports.group')}
        {select('by', BY_LABEL, 'ops.reports.by')}
        <div className="flex items-end">
          <Button type="submit">{t('ops.reports.show')}</Button>
        </div>
      </Form>
      {invalid ? (
        <p role="alert" className="text-red-800">
          {t('ops.reports.invalid')}
        </p>
      ) : null}
      {report.rows.length === 0 ? (
        <p>{t('ops.reports.none')}</p>
      ) : (
        <>
          <div className="grid gap-3 md:grid-cols-2">
            {chartsOf(report.rows).flatMap(({ currency, sales, margin }) => [
              <BarChart
                key={`sales-${currency}`}
                testId={`report-sales-${currency}`}
                title={t('ops.reports.salesIn', { currency })}
                points={sales}
                format={(v) => money(v, currency)}
                formatDay={period}
              />,
              <BarChart
                key={`margin-${currency}`}
                testId={`report-margin-${currency}`}
                title={t('ops.reports.marginIn', { currency })}
                points={margin}
                format={(v) => money(v, currency)}
                formatDay={period}
              />,
            ])}
          </div>
          <OpsTable
            caption="ops.reports.table"
            minWidth="min-w-[64rem]"
            testId="report-rows"
            focusable
            rows={report.rows}
            rowKey={(r) => `${r.period}|${r.key}|${r.currency}`}
            columns={columns}
          />
        </>
      )}
      <p>
        <a
          href={`/${params.lang}/ops/reports.csv?${query}`}
          download
          className="text-primary-800 underline"
          data-testid="report-csv"
        >
          {t('ops.reports.csv')}
        </a>
      </p>
      <ReportDisagreements rows={report.disagreements} lang={params.lang} />
    </div>
  );
}
