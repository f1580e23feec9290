import { useId } from 'react';
import { useT } from '../../lib/i18n.tsx';

export type ChartPoint = { day: string; value: number };

const WIDTH = 300;
const HEIGHT = 100;

/**
 * A bar per day, drawn by the server as SVG (no chart library, no script: the same picture without
 * JavaScript, stretched to any width down to 360 px). A day below zero (a margin lost to refunds or fees) hangs
 * below the zero line in another colour. Screen readers get one or two sentences (total, highest day, lowest
 * day when below zero) and everyone can open the figures as a real table below it.
 */
export function BarChart({
  title,
  points,
  format,
  formatDay,
  testId,
}: {
  title: string;
  points: ChartPoint[];
  format: (value: number) => string;
  formatDay: (day: string) => string;
  testId: string;
}) {
  const t = useT();
  const id = useId();
  const max = Math.max(0, ...points.map((p) => p.value));
  const min = Math.min(0, ...points.map((p) => p.value));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const top = points.find((p) => p.value === max);
  const bottom = points.find((p) => p.value === min);
  const lowest =
    min < 0 && bottom ? t('ops.overview.chartLowest', { low: format(min), day: formatDay(bottom.day) }) : '';
  const summary = [
    max > 0 && top
      ? t('ops.overview.chartSummary', {
          what: title,
          total: format(total),
          peak: format(max),
          day: formatDay(top.day),
        })
      : min < 0
        ? t('ops.overview.chartTotal', { what: title, total: format(total) })
        : t('ops.overview.chartEmpty', { what: title }),
    lowest,
  ]
    .filter(Boolean)
    .join(' ');
  const slot = WIDTH / Math.max(1, points.length);
  const { zero, barOf } = barGeometry(min, max);
  return (
    <figure className="grid gap-2 rounded border border-neutral-200 bg-white p-3" data-testid={testId}>
      <figcaption id={`${id}-title`} className="font-semibold">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        className="h-28 w-full"
      >
        <line x1="0" y1={zero} x2={WIDTH} y2={zero} className="stroke-neutral-400" strokeWidth="1" />
        {points.map((p, i) => {
          if (p.value === 0) return null;
          const { y, height } = barOf(p.value);
          return (
            <rect
              key={p.day}
              x={i * slot + slot * 0.15}
              y={y}
              width={slot * 0.7}
              height={height}
              className={p.value > 0 ? 'fill-primary-600' : 'fill-red-700'}
              data-below-zero={p.value < 0 ? '' : undefined}
            />
          );
        })}
      </svg>
      <p className="flex flex-wrap justify-between gap-x-3 text-xs text-neutral-700" aria-hidden="true">
        <span>{points[0] ? formatDay(points[0].day) : ''}</span>
        <span>{t('ops.overview.highest', { peak: format(max) })}</span>
        {min < 0 ? <span>{t('ops.overview.lowest', { low: format(min) })}</span> : null}
        <span>{points.at(-1) ? formatDay(points.at(-1)!.day) : ''}</span>
      </p>
      <details>
        <summary className="cursor-pointer text-sm text-primary-800 underline">
          {t('ops.overview.showTable')}
        </summary>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="text-start">
                {t('ops.overview.day')}
              </th>
              <th scope="col" className="text-end">
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day} className="border-t border-neutral-100">
                <th scope="row" className="text-start font-normal">
                  {formatDay(p.day)}
                </th>
                <td className="text-end tabular-nums">{format(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * Where the zero line and each bar stand: the chart's height spans the lowest value to the highest (zero always
 * inside), less a 2-unit margin at each end; a bar runs from the zero line to its value.
 */
function barGeometry(min: number, max: number) {
  const span = max - min;
  const scale = span > 0 ? (HEIGHT - 4) / span : 0;
  // Two decimals are finer than any screen draws, and keep the markup short.
  const round = (n: number) => Math.round(n * 100) / 100;
  const zero = round(2 + max * scale);
  return {
    zero,
    barOf: (value: number) => ({
      y: value > 0 ? round(zero - value * scale) : zero,
      height: round(Math.abs(value) * scale),
    }),
  };
}
