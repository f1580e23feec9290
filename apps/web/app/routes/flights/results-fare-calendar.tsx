import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatSearchSegment, type SearchParams } from '@parvoz/core/search-segment';
import { useLocale, useT } from '../../lib/i18n.tsx';
import {
  dateInMonth,
  lowestAmount,
  monthOf,
  monthWeeks,
  weekStart,
  type FareCalendar,
} from '../../features/search/fare-calendar.ts';
import { addDays, daysBetween } from '../../features/search/search-form.ts';
import {
  currencySign,
  formatCompactAmount,
  formatLongDate,
  formatMonth,
  formatWeekday,
} from '../../features/search/format.ts';
import { useMoneyListFormatter } from '../../lib/use-money.ts';

const dayNumber = (date: string) => Number(date.slice(8));

/**
 * The month of the searched date as a table of days, each with its lowest fare for one adult and a link to that
 * day's results (the same search on another date). For a round trip a day's fare is the cheapest round trip
 * leaving that day and returning as many days later as the search does; its link moves both dates. A real table: screen readers announce each day with
 * its weekday column; each link says the full date and price, the month's lowest also in words (its ★ and colour
 * are for the eye). `calendar` null: still loading (same size).
 */
export function FareCalendarView({
  calendar,
  search,
  currency,
  bookable,
}: {
  calendar: FareCalendar | null;
  search: SearchParams;
  /** The page's display currency (the calendar's, once loaded). */
  currency: string;
  /** The bookable dates (from the server's today), for the month links. */
  bookable: { first: string; last: string };
}) {
  const t = useT();
  const locale = useLocale();
  const month = monthOf(search.departureDate);
  const firstWeekday = weekStart(locale);
  const ok = calendar?.kind === 'ok' ? calendar : null;
  const amounts = new Map(ok?.days.map((d) => [d.date, d.min_amount]));
  const lowest = ok ? lowestAmount(ok.days) : null;
  // Every day's price by one rule (never whole lira beside kuruş), each formatted by its own day.
  const price = useMoneyListFormatter(ok?.days.map((d) => d.min_amount) ?? [], ok?.currency ?? currency);
  // Days between departure and return: kept when another day is chosen.
  const stay = search.returnDate ? daysBetween(search.departureDate, search.returnDate) : null;
  const hrefOf = (date: string) =>
    `/${locale}/flight/${formatSearchSegment({
      ...search,
      departureDate: date,
      returnDate: stay === null ? null : addDays(date, stay),
    })}`;
  // The return must be bookable too.
  const departures = stay === null ? bookable : { ...bookable, last: addDays(bookable.last, -stay) };
  const monthLink = (offset: -1 | 1) => {
    const date = dateInMonth(search.departureDate, offset, departures);
    if (!date) return <span />;
    const Icon = offset < 0 ? ChevronLeft : ChevronRight;
    return (
      <Link
        to={hrefOf(date)}
        className="inline-flex items-center gap-1 rounded px-1 py-2 text-sm font-medium text-primary-700 underline hover:text-primary-800"
      >
        {offset < 0 ? <Icon aria-hidden="true" className="size-4" /> : null}
        <span className="inline-block first-letter:uppercase">{formatMonth(locale, monthOf(date))}</span>
        {offset > 0 ? <Icon aria-hidden="true" className="size-4" /> : null}
      </Link>
    );
  };

  if (calendar?.kind === 'ok' && !calendar.connected)
    return <p className="text-neutral-700">{t('search.calendar.noFlights')}</p>;
  if (calendar?.kind === 'error')
    return <p className="text-neutral-700">{t('search.calendar.unavailable')}</p>;
  return (
    <div className="grid gap-2" data-testid="fare-calendar">
      <nav aria-label={t('search.calendar.months')} className="flex items-center justify-between gap-2">
        {monthLink(-1)}
        {monthLink(1)}
      </nav>
      <table className="w-full table-fixed border-separate border-spacing-0.5" aria-busy={calendar === null}>
        <caption className="mb-2 text-left">
          <span className="block font-semibold first-letter:uppercase">{formatMonth(locale, month)}</span>
          <span className="block text-sm text-neutral-700">
            {t(stay === null ? 'search.calendar.note' : 'search.calendar.noteRoundTrip', {
              cabin: t(search.cabin === 'business' ? 'search.cabin.business' : 'search.cabin.economy'),
              currency: currencySign(locale, ok?.currency ?? currency),
              days: stay ?? 0,
            })}
          </span>
          {lowest !== null ? (
            <span className="block text-xs text-neutral-700">{t('search.calendar.lowestMark')}</span>
          ) : null}
        </caption>
        <thead>
          <tr>
            {[0, 1, 2, 3, 4, 5, 6].map((column) => {
              const weekday = (firstWeekday + column) % 7;
              return (
                <th key={weekday} scope="col" className="pb-1 text-xs font-medium text-neutral-700">
                  <span aria-hidden="true">{formatWeekday(locale, weekday, 'short')}</span>
                  <span className="sr-only">{formatWeekday(locale, weekday, 'long')}</span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month, firstWeekday).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, column) =>
                date === null ? (
                  <td key={`empty-${column}`} />
                ) : (
                  <CalendarDay
                    key={date}
                    date={date}
                    amount={calendar === null ? 'loading' : amounts.get(date)}
                    current={date === search.departureDate}
                    lowest={lowest}
                    price={price}
                    stay={stay}
                    href={hrefOf(date)}
                  />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One day of the month: a component of its own so that React can pause between days while it hydrates or
 * renders in a transition (each day formats a date, a price and its short form: on /uz, in the FormatJS
 * polyfills, ~1–2 ms a day on a phone, a long task for the whole month in one render).
 */
function CalendarDay({
  date,
  amount,
  current,
  lowest,
  price,
  stay,
  href,
}: {
  date: string;
  /** The day's lowest fare; null: no flight that day; undefined: not bookable; 'loading': not known yet. */
  amount: string | null | undefined | 'loading';
  current: boolean;
  lowest: number | null;
  /** The month's formatter of prices (one rule for all its days). */
  price: (amount: string) => string;
  stay: number | null;
  href: string;
}) {
  const t = useT();
  const locale = useLocale();
  const cell = 'flex h-14 flex-col items-center justify-center rounded-md leading-tight';
  if (amount === undefined || amount === null || amount === 'loading') {
    // Not bookable, still loading, or no flight that day: the day, without a link.
    return (
      <td>
        <span className={`${cell} text-neutral-600 ${current ? 'ring-2 ring-primary-700' : ''}`}>
          <span aria-hidden="true" className="text-sm">
            {dayNumber(date)}
          </span>
          {amount === 'loading' ? (
            <span aria-hidden="true" className="mt-1 h-3 w-8 animate-pulse rounded bg-neutral-200" />
          ) : amount === null ? (
            <span aria-hidden="true" className="text-xs">
              –
            </span>
          ) : null}
          <span className="sr-only">
            {amount === null
              ? t('search.calendar.dayNone', { date: formatLongDate(locale, date) })
              : formatLongDate(locale, date)}
          </span>
        </span>
      </td>
    );
  }
  const cheapest = Number(amount) === lowest;
  const full = price(amount);
  return (
    <td>
      <Link
        to={href}
        aria-current={current ? 'date' : undefined}
        data-date={date}
        data-lowest={cheapest ? '' : undefined}
        className={`${cell} ${
          current ? 'bg-primary-700 text-white' : 'bg-white ring-1 ring-neutral-200 hover:bg-primary-50'
        }`}
      >
        <span aria-hidden="true" className="text-sm">
          {cheapest ? '★' : ''}
          {dayNumber(date)}
        </span>
        <span
          aria-hidden="true"
          className={`px-0.5 text-center text-[0.6875rem] font-semibold tabular-nums ${
            cheapest && !current ? 'text-green-800' : ''
          }`}
        >
          {formatCompactAmount(locale, amount)}
        </span>
        <span className="sr-only">
          {t(cheapest ? 'search.calendar.dayLowest' : 'search.calendar.day', {
            date:
              stay === null
                ? formatLongDate(locale, date)
                : t('search.calendar.dates', {
                    departure: formatLongDate(locale, date),
                    return: formatLongDate(locale, addDays(date, stay)),
                  }),
            price: full,
          })}
        </span>
      </Link>
    </td>
  );
}
