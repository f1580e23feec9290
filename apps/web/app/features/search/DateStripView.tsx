import { Link } from 'react-router';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatShortDate, useFormatPrice } from './format.ts';
import type { DateStrip } from './results.ts';

/** The cheapest price on the three days before and after the chosen date(s); each day opens its search. */
export function DateStripView({ strip }: { strip: DateStrip }) {
  const t = useT();
  const locale = useLocale();
  const price = useFormatPrice();
  if (strip.days.length < 2) return null;
  const cheapest = Math.min(
    ...strip.days.flatMap((d) => (d.min_amount === null ? [] : [Number(d.min_amount)])),
  );
  return (
    <nav aria-label={t('search.strip.label')} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-2 sm:grid sm:min-w-0 sm:grid-cols-7">
        {strip.days.map((day) => {
          const current = day.offset === 0;
          const lowest = day.min_amount !== null && Number(day.min_amount) === cheapest;
          const dates = day.ret
            ? `${formatShortDate(locale, day.depart)} – ${formatShortDate(locale, day.ret)}`
            : formatShortDate(locale, day.depart);
          const body = (
            <>
              <span className="text-xs">{dates}</span>
              <span
                className={`text-sm font-semibold tabular-nums ${lowest && !current ? 'text-green-800' : ''}`}
              >
                {day.min_amount === null ? t('search.strip.none') : price(day.min_amount, strip.currency)}
              </span>
            </>
          );
          const classes = `grid h-full w-28 gap-0.5 rounded-lg px-2 py-2 text-center sm:w-auto ${
            current ? 'bg-primary-700 text-white' : 'bg-white ring-1 ring-neutral-200 hover:bg-primary-50'
          }`;
          return (
            <li key={day.offset}>
              {current ? (
                <span aria-current="date" className={classes}>
                  {body}
                </span>
              ) : (
                <Link to={`/${locale}/flight/${day.segment}`} className={classes}>
                  {body}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
