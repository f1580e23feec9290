import { useId } from 'react';
import { useT } from '../../lib/i18n.tsx';

export type ChartPoint = { day: string; value: number };

const WIDTH = 300;
const HEIGHT = 100;

/**
 * A bar per day, drawn by the server as SVG (no chart library, no script: the same picture without
 * JavaScript, stretched to any width down to 360 px). Screen readers get one sentence (total, highest day)
 * and everyone can open the figures as a real table below it.
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
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const top = points.find((p) => p.value === max);
  const summary =
    max > 0 && top
      ? t('ops.overview.chartSummary', {
          what: title,
          total: format(total),
          peak: format(max),
          day: formatDay(top.day),
        })
      : t('ops.overview.chartEmpty', { what: title });
  const slot = WIDTH / Math.max(1, points.length);
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
        <line
          x1="0"
          y1={HEIGHT - 0.5}
          x2={WIDTH}
          y2={HEIGHT - 0.5}
          className="stroke-neutral-400"
          strokeWidth="1"
        />
        {points.map((p, i) => {
          const height = max > 0 ? (p.value / max) * (HEIGHT - 4) : 0;
          return p.value > 0 ? (
            <rect
              key={p.day}
              x={i * slot + slot * 0.15}
              y={HEIGHT - 1 - height}
              width={slot * 0.7}
              height={height}
              className="fill-primary-600"
            />
          ) : null;
        })}
      </svg>
      <p className="flex flex-wrap justify-between gap-x-3 text-xs text-neutral-700" aria-hidden="true">
        <span>{points[0] ? formatDay(points[0].day) : ''}</span>
        <span>{t('ops.overview.highest', { peak: format(max) })}</span>
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
