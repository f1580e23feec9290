import type { ReactNode } from 'react';
import type { OpsOverview } from '@parvoz/contracts/ops';
import { useRootData, useT, type MessageKey } from '../../lib/i18n.tsx';
import { useMoney } from '../../lib/use-money.ts';

/** The grids the overview lays its figures in: three across, or four (one column on a phone up to 360 px). */
const COLUMNS = {
  3: 'grid grid-cols-1 gap-3 sm:grid-cols-3',
  4: 'grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 sm:grid-cols-4',
} as const;

/** Key figures as cards: each its words (a message key) over its value, formatted by the page. */
export function Figures({
  testId,
  columns = 3,
  figures,
  wrap = false,
}: {
  testId: string;
  columns?: keyof typeof COLUMNS;
  figures: readonly (readonly [MessageKey, ReactNode])[];
  /** Let a long value (several currencies) break anywhere rather than widen its card. */
  wrap?: boolean;
}) {
  const t = useT();
  return (
    <dl className={COLUMNS[columns]} data-testid={testId}>
      {figures.map(([key, value]) => (
        <div key={key} className="min-w-0 rounded border border-neutral-200 bg-white p-3">
          <dt className="text-sm text-neutral-700">{t(key)}</dt>
          <dd className={`text-xl font-semibold tabular-nums${wrap ? ' wrap-anywhere' : ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One line per currency (never added together), or the words for none. */
function PerCurrency({ lines, none }: { lines: { key: string; text: string }[]; none: string }) {
  if (!lines.length) return <span className="text-base font-normal">{none}</span>;
  return (
    <>
      {lines.map((line) => (
        <span key={line.key} className="block" data-currency={line.key}>
          {line.text}
        </span>
      ))}
    </>
  );
}

/**
 * The period's totals: searches, orders, the orders paid (refunded ones included, as the label says), the revenue
 * net of refunds and, beside it, the refunds themselves, counted and summed per currency.
 */
export function OverviewTotals({ totals }: { totals: OpsOverview['totals'] }) {
  const t = useT();
  const { locale } = useRootData();
  const money = useMoney();
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  return (
    <Figures
      testId="ops-totals"
      columns={4}
      wrap
      figures={[
        ['ops.overview.searches', count(totals.searches)],
        ['ops.overview.orders', count(totals.orders)],
        ['ops.overview.paidOrdersWithRefunded', count(totals.paid_orders)],
        [
          'ops.overview.revenue',
          <PerCurrency
            key="revenue"
            lines={totals.revenue.map((r) => ({ key: r.currency, text: money(r.amount, r.currency) }))}
            none={t('ops.overview.noRevenue')}
          />,
        ],
        [
          'ops.overview.refunds',
          <PerCurrency
            key="refunds"
            lines={totals.refunds.map((r) => ({
              key: r.currency,
              text: t('ops.overview.refundsIn', { count: r.count, amount: money(r.amount, r.currency) }),
            }))}
            none={t('ops.overview.noRefunds')}
          />,
        ],
      ]}
    />
  );
}
