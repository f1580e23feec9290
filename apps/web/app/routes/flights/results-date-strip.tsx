import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { formatShortDate } from '../../features/search/format.ts';
import { useMoneyList } from '../../lib/use-money.ts';
import type { DateStrip, StripDay } from '../../features/search/results.ts';

/** The cheapest price on the three days before and after the chosen date(s); each day opens its search. */
export function DateStripView({ strip }: { strip: DateStrip }) {
  const t = useT();
  const locale = useLocale();
  const prices = useMoneyList();
  const scrollerRef = useRef<HTMLElement>(null);
  const days = useChosenDayWithMore(strip);
  // On a phone the strip scrolls sideways: bring the chosen day (the middle one) into sight.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const current = scroller?.querySelector('[aria-current]');
    if (!scroller || !current || scroller.scrollWidth <= scroller.clientWidth) return;
    const box = scroller.getBoundingClientRect();
    const day = current.getBoundingClientRect();
    scroller.scrollLeft += day.left - box.left - (box.width - day.width) / 2;
  }, [strip]);
  if (days.length < 2) return null;
  // One rule for the strip's prices: whole lira or roubles only when every day's price is whole.
  const shown = prices(
    days.map((d) => d.min_amount),
    strip.currency,
  );
  const cheapest = Math.min(...days.flatMap((d) => (d.min_amount === null ? [] : [Number(d.min_amount)])));
  return (
    <nav
      ref={scrollerRef}
      aria-label={t('search.strip.label')}
      className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
    >
      <ul className="flex min-w-max gap-2 sm:grid sm:min-w-0 sm:grid-cols-7">
        {days.map((day, index) => {
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
                {shown[index] ?? t('search.strip.none')}
              </span>
            </>
          );
          // As wide as the day's dates and price on a phone (the strip scrolls), a seventh of the row above.
          const classes = `grid h-full min-w-28 gap-0.5 rounded-lg px-3 py-2 text-center whitespace-nowrap sm:min-w-0 sm:px-2 sm:whitespace-normal ${
            current ? 'bg-primary-700 text-white' : 'bg-white ring-1 ring-neutral-200 hover:bg-primary-50'
          }`;
          return (
            <li key={day.offset} data-testid="strip-day" data-amount={day.min_amount ?? ''}>
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

/**
 * The strip's days, the chosen one lowered to the other supplier's cheapest offer once the merged list is in
 * (the calendar behind the other days is the built-in network's alone).
 */
function useChosenDayWithMore(strip: DateStrip): StripDay[] {
  const [more, setMore] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setMore(null);
    void strip.chosenMore?.then((min) => live && setMore(min));
    return () => {
      live = false;
    };
  }, [strip.chosenMore]);
  if (more === null) return strip.days;
  return strip.days.map((day) =>
    day.offset === 0 && (day.min_amount === null || Number(more) < Number(day.min_amount))
      ? { ...day, min_amount: more }
      : day,
  );
}
