import type { PriceAlert } from '@parvoz/contracts/price-alerts';
import { useT } from '../../lib/i18n.tsx';
import { useMoneyList } from '../../lib/use-money.ts';

const WIDTH = 240;
const HEIGHT = 48;
const PAD = 4;

/**
 * An alert's price history (docs/operations.md#price-alerts): the lowest price at each check as a small line,
 * said in words too (lowest, highest, latest). Checks with nothing on sale leave a gap. Two checks at least.
 */
export function PriceHistoryChart({ alert }: { alert: PriceAlert }) {
  const t = useT();
  const prices = useMoneyList();
  const priced = alert.history.flatMap((check, index) =>
    check.amount === null ? [] : [{ index, amount: Number(check.amount) }],
  );
  if (priced.length < 2) return null;
  const amounts = priced.map((p) => p.amount);
  const [lowest, highest] = [Math.min(...amounts), Math.max(...amounts)];
  const latest = amounts.at(-1)!;
  const [lowText, highText, latestText] = prices([lowest, highest, latest], alert.currency);
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / Math.max(1, alert.history.length - 1);
  const y = (amount: number) =>
    highest === lowest ? HEIGHT / 2 : PAD + ((highest - amount) * (HEIGHT - 2 * PAD)) / (highest - lowest);
  // A new line after each gap (a check with nothing on sale).
  const path = priced
    .map(
      (p, i) =>
        `${i > 0 && priced[i - 1]!.index === p.index - 1 ? 'L' : 'M'}${x(p.index).toFixed(1)} ${y(p.amount).toFixed(1)}`,
    )
    .join('');
  const label = t('priceAlert.history.label', {
    lowest: lowText ?? '',
    highest: highText ?? '',
    latest: latestText ?? '',
  });
  return (
    <figure className="m-0" data-testid="price-history">
      {/* The caption says it in words: the line itself is for the eye. */}
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-12 w-60 max-w-full rounded bg-neutral-50"
      >
        <path d={path} fill="none" stroke="#1d4ed8" strokeWidth="2" strokeLinejoin="round" />
        <circle cx={x(priced.at(-1)!.index)} cy={y(latest)} r="3" fill="#1d4ed8" />
      </svg>
      <figcaption className="text-xs text-neutral-700">{label}</figcaption>
    </figure>
  );
}
