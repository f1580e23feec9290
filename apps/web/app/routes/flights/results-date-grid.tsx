/**
 * A round trip's flexible dates (features/search/date-grid.ts): a table of departures (rows) × returns (columns)
 * three days either side of the searched ones, each cell the cheapest total for the search's travellers and a link
 * to that pair's results. A real table with row and column headers; each link says both dates and the full price,
 * the cheapest also in words (its ★ and tint are for the eye). Behind a toggle under the calendar's, so the first
 * screen is unchanged; awaited once the page is interactive, like the calendar (results-sections.tsx `LowFares`).
 */
import { Link } from 'react-router';
import { Grid3x3 } from 'lucide-react';
import { Disclosure } from '../../components/Disclosure.tsx';
import { useLocale, useT } from '../../lib/i18n.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useMoneyListFormatter } from '../../lib/use-money.ts';
import type { SearchParams } from '@parvoz/core/search-segment';
import { gridRows, gridSegment, type DateGrid } from '../../features/search/date-grid.ts';
import { currencySign, formatCompactAmount, formatShortDate } from '../../features/search/format.ts';
import { Deferred } from './results-sections.tsx';

export function FlexibleDates({
  grid,
  search,
  currency,
  noScript,
}: {
  grid: DateGrid | Promise<DateGrid>;
  search: SearchParams;
  currency: string;
  noScript: boolean;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const view = (value: DateGrid | null) => <DateGridView grid={value} search={search} currency={currency} />;
  return (
    <Disclosure
      panelId="date-grid-panel"
      toggleClassName="inline-flex w-fit items-center gap-2 font-medium text-primary-700 underline"
      panelClassName="mt-3"
      summary={
        <>
          <Grid3x3 aria-hidden="true" className="size-5" />
          {t('search.grid.toggle')}
        </>
      }
    >
      {noScript || hydrated ? (
        <Deferred value={grid} fallback={view(null)} error={view({ kind: 'error' })}>
          {(value) => view(value)}
        </Deferred>
      ) : (
        view(null)
      )}
    </Disclosure>
  );
}

/** The grid's table; `grid` null: still loading. */
export function DateGridView({
  grid,
  search,
  currency,
}: {
  grid: DateGrid | null;
  search: SearchParams;
  currency: string;
}) {
  const t = useT();
  const locale = useLocale();
  // Every cell's price by one rule (never whole lira beside kuruş).
  const price = useMoneyListFormatter(
    grid?.kind === 'ok' ? grid.cells.map((c) => c.min_amount) : [],
    (grid?.kind === 'ok' && grid.currency) || currency,
  );
  if (grid === null)
    return <div aria-busy="true" className="h-72 max-w-2xl animate-pulse rounded-lg bg-neutral-100" />;
  if (grid.kind === 'error') return <p className="text-neutral-700">{t('search.grid.unavailable')}</p>;
  if (!grid.connected) return <p className="text-neutral-700">{t('search.grid.noFlights')}</p>;
  const cheapest = grid.cheapest;
  const date = (iso: string) => formatShortDate(locale, iso);
  return (
    // On a phone the table scrolls sideways inside its region, not the page (a keyboard reaches every cell by its
    // link, which the browser scrolls into view); `relative` keeps the links' screen-reader texts (absolutely
    // placed) inside it too.
    <div
      role="region"
      aria-labelledby="date-grid-caption"
      className="relative max-w-full overflow-x-auto"
      data-testid="date-grid"
    >
      <table className="border-separate border-spacing-0.5 text-sm">
        <caption id="date-grid-caption" className="mb-2 text-left">
          <span className="block text-neutral-700">
            {t('search.grid.caption', {
              cabin: t(search.cabin === 'business' ? 'search.cabin.business' : 'search.cabin.economy'),
              currency: currencySign(locale, grid.currency || currency),
            })}
          </span>
          <span className="block text-xs text-neutral-700">{t('search.grid.legend')}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="px-1 text-left text-xs font-medium whitespace-nowrap text-neutral-700">
              {t('search.grid.corner')}
            </th>
            {grid.returns.map((ret) => (
              <th
                key={ret}
                scope="col"
                className={`px-1 pb-1 text-xs font-medium whitespace-nowrap ${
                  ret === search.returnDate ? 'text-primary-800 underline' : 'text-neutral-700'
                }`}
              >
                {date(ret)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {gridRows(grid).map((row) => (
            <tr key={row.departure}>
              <th
                scope="row"
                className={`px-1 text-left text-xs font-medium whitespace-nowrap ${
                  row.departure === search.departureDate ? 'text-primary-800 underline' : 'text-neutral-700'
                }`}
              >
                {date(row.departure)}
              </th>
              {row.cells.map((cell, column) => {
                if (!cell)
                  return (
                    <td key={`none-${column}`} className="rounded-md bg-neutral-50">
                      <span className="sr-only">{t('search.grid.noTrip')}</span>
                    </td>
                  );
                const dates = { departure: date(row.departure), return: date(cell.return) };
                const box =
                  'flex h-12 min-w-16 flex-col items-center justify-center rounded-md px-1 leading-tight';
                if (cell.min_amount === null)
                  return (
                    <td key={cell.return}>
                      <span className={`${box} text-neutral-600`}>
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">{t('search.grid.cellNone', dates)}</span>
                      </span>
                    </td>
                  );
                const lowest =
                  cheapest !== null &&
                  cheapest.departure === row.departure &&
                  cheapest.return === cell.return;
                const current = row.departure === search.departureDate && cell.return === search.returnDate;
                const full = price(cell.min_amount);
                return (
                  <td key={cell.return}>
                    <Link
                      to={`/${locale}/flight/${gridSegment(search, row.departure, cell.return)}`}
                      aria-current={current ? 'date' : undefined}
                      data-testid="grid-cell"
                      data-amount={cell.min_amount}
                      data-lowest={lowest ? '' : undefined}
                      className={`${box} tabular-nums ${
                        current
                          ? 'bg-primary-700 text-white'
                          : lowest
                            ? 'bg-green-50 text-green-900 ring-2 ring-green-700 hover:bg-green-100'
                            : 'bg-white ring-1 ring-neutral-200 hover:bg-primary-50'
                      }`}
                    >
                      <span aria-hidden="true" className="font-semibold">
                        {lowest ? '★ ' : ''}
                        {formatCompactAmount(locale, cell.min_amount)}
                      </span>
                      {lowest ? (
                        <span aria-hidden="true" className="text-[0.6875rem]">
                          {t('search.grid.lowest')}
                        </span>
                      ) : null}
                      <span className="sr-only">
                        {t(lowest ? 'search.grid.cellLowest' : 'search.grid.cell', { ...dates, price: full })}
                      </span>
                    </Link>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
