import { useT, type MessageKey } from '../../lib/i18n.tsx';

/** The grids the overview lays its figures in: three across, or four (two on a phone). */
const COLUMNS = {
  3: 'grid grid-cols-1 gap-3 sm:grid-cols-3',
  4: 'grid grid-cols-2 gap-3 sm:grid-cols-4',
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
  figures: readonly (readonly [MessageKey, string])[];
  /** Let a long value (several currencies) break anywhere rather than widen its card. */
  wrap?: boolean;
}) {
  const t = useT();
  return (
    <dl className={COLUMNS[columns]} data-testid={testId}>
      {figures.map(([key, value]) => (
        <div key={key} className="rounded border border-neutral-200 bg-white p-3">
          <dt className="text-sm text-neutral-700">{t(key)}</dt>
          <dd className={`text-xl font-semibold tabular-nums${wrap ? ' wrap-anywhere' : ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
