import type { OpsReportDisagreement, REPORT_DISAGREEMENT_KINDS } from '@parvoz/contracts/ops-reports';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { formatInstant } from '../../lib/local-time.ts';
import { useMoney } from '../../lib/use-money.ts';
import { OpsTable, type OpsColumn } from '../../features/ops/OpsTable.tsx';

type Row = OpsReportDisagreement;

/** The words of each kind (a kind added to the contract fails to compile until it has words). */
const KIND_LABEL = {
  missing_here: 'ops.reports.disagreements.kind.missing_here',
  missing_at_provider: 'ops.reports.disagreements.kind.missing_at_provider',
  amount: 'ops.reports.disagreements.kind.amount',
  refund: 'ops.reports.disagreements.kind.refund',
  supplier_total: 'ops.reports.disagreements.kind.supplier_total',
} as const satisfies Record<(typeof REPORT_DISAGREEMENT_KINDS)[number], MessageKey>;

/**
 * The orders the reconciliations found at odds with our books in the report's period
 * (docs/operations.md#reports-and-books): each linked to its console page, with our figure, theirs and the
 * difference (none across two currencies).
 */
export function ReportDisagreements({ rows, lang }: { rows: readonly Row[]; lang: string }) {
  const t = useT();
  const { locale } = useRootData();
  const money = useMoney();
  const columns: OpsColumn<Row>[] = [
    {
      label: 'ops.reports.disagreements.order',
      cell: (r) => (
        <a
          href={`/${lang}/ops/orders/${encodeURIComponent(r.order_id)}`}
          className="text-primary-800 underline"
        >
          {r.booking_reference || r.order_id}
        </a>
      ),
    },
    {
      label: 'ops.reports.disagreements.with',
      cell: (r) => (r.name === 'builtin' ? t('ops.reports.builtin') : r.name),
    },
    { label: 'ops.reports.disagreements.kind', cell: (r) => t(KIND_LABEL[r.kind]) },
    {
      label: 'ops.reports.disagreements.ours',
      className: 'whitespace-nowrap text-end tabular-nums',
      cell: (r) => money(r.ours, r.ours_currency),
    },
    {
      label: 'ops.reports.disagreements.theirs',
      className: 'whitespace-nowrap text-end tabular-nums',
      cell: (r) => money(r.theirs, r.theirs_currency),
    },
    {
      label: 'ops.reports.disagreements.difference',
      className: 'whitespace-nowrap text-end tabular-nums',
      cell: (r) => (r.difference === null ? '—' : money(r.difference, r.ours_currency)),
    },
    {
      label: 'ops.reports.disagreements.foundAt',
      className: 'whitespace-nowrap',
      cell: (r) => <time dateTime={r.found_at}>{formatInstant(locale, r.found_at)}</time>,
    },
  ];
  return (
    <section aria-labelledby="report-disagreements" className="grid gap-2">
      <h2 id="report-disagreements" className="text-xl font-semibold">
        {t('ops.reports.disagreements.heading')}
      </h2>
      <p className="text-neutral-700">{t('ops.reports.disagreements.intro')}</p>
      {rows.length === 0 ? (
        <p>{t('ops.reports.disagreements.none')}</p>
      ) : (
        <OpsTable
          caption="ops.reports.disagreements.table"
          minWidth="min-w-[48rem]"
          testId="report-disagreements"
          rows={rows}
          rowKey={(r) => `${r.source}|${r.name}|${r.kind}|${r.order_id}`}
          columns={columns}
        />
      )}
    </section>
  );
}
