import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { SlidersHorizontal, X } from 'lucide-react';
import { buttonClasses } from '../../components/Button.tsx';
import { Disclosure } from '../../components/Disclosure.tsx';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import {
  filtersToQuery,
  hasActiveFilters,
  resetFilters,
  TIME_BUCKETS,
  type Facet,
  type ResultFacets,
  type ResultFilters,
  type TimeBucket,
} from './results-filters.ts';
import { useListedMoney } from '../../lib/use-money.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { PriceRange } from './results-price-range.tsx';
import { BagFilter, CheckOption, toggle, TripFilterGroups } from './results-trip-filters-panel.tsx';

const BUCKET_LABEL: Record<TimeBucket, MessageKey> = {
  night: 'search.filters.time.night',
  morning: 'search.filters.time.morning',
  afternoon: 'search.filters.time.afternoon',
  evening: 'search.filters.time.evening',
};

function withSlice(lists: TimeBucket[][], slice: number, next: TimeBucket[]): TimeBucket[][] {
  const out = lists.map((l) => [...l]);
  while (out.length <= slice) out.push([]);
  out[slice] = next;
  return out;
}

/**
 * The spec's filters: transfers, cost (a range), airlines (each with its lowest price), departure and arrival
 * time per direction, and "reset filter"; beside them, how the trip is made (results-trip-filters-panel.tsx):
 * a checked bag, the journey's and connections' length, the connections' airports and a city's airports. A GET form without JavaScript (Apply); with it, every change applies
 * at once through the URL query. Wide screens show them beside the results; on a phone they open as a sheet
 * over the results whose button says how many flights the filters leave ("Show 12 flights").
 */
export function FiltersPanel({
  facets,
  filters,
  onChange,
  currency,
  sliceNames,
  resultCount,
  airportNames,
}: {
  facets: ResultFacets;
  filters: ResultFilters;
  onChange: (next: ResultFilters) => void;
  currency: string;
  /** "Tashkent → Istanbul" per slice. */
  sliceNames: { from: string; to: string }[];
  /** How many offers the current filters leave. */
  resultCount: number;
  /** Names of the searched cities' airports by code. */
  airportNames: Record<string, string>;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const price = useListedMoney();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const active = hasActiveFilters(filters);
  // Wide screens show the panel beside the results; the toggle is for phones (the native version before
  // the page is interactive opens there too).
  const wide = useMediaQuery('(min-width: 64rem)');

  const option = (
    key: string,
    name: string,
    value: string,
    checked: boolean,
    label: string,
    facet: Facet<unknown>,
    onToggle: (on: boolean) => void,
  ) => (
    <CheckOption
      key={key}
      name={name}
      value={value}
      checked={checked}
      label={label}
      price={price(facet.min, currency)}
      onToggle={onToggle}
    />
  );
  const groupProps = { facets, filters, onChange, currency };

  const timeGroup = (kind: 'departure' | 'arrival', slice: number, list: Facet<TimeBucket>[]) => {
    const chosen = filters[kind][slice] ?? [];
    const place = kind === 'departure' ? sliceNames[slice]?.from : sliceNames[slice]?.to;
    return (
      <fieldset key={`${kind}-${slice}`} className="grid">
        <legend className="mb-1 font-semibold">
          {kind === 'departure'
            ? t('search.filters.departureTime', { place: place ?? '' })
            : t('search.filters.arrivalTime', { place: place ?? '' })}
        </legend>
        {list.map((f) =>
          option(
            f.key,
            `${kind}[${slice}][${TIME_BUCKETS.indexOf(f.key)}]`,
            f.key,
            chosen.includes(f.key),
            t(BUCKET_LABEL[f.key]),
            f,
            (on) =>
              onChange({ ...filters, [kind]: withSlice(filters[kind], slice, toggle(chosen, f.key, on)) }),
          ),
        )}
      </fieldset>
    );
  };

  const summary = (
    <>
      <span className="flex items-center gap-2">
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {t('search.filters.heading')}
      </span>
      {active ? <span className="text-sm text-primary-700">{t('search.filters.active')}</span> : null}
    </>
  );
  const toggleClassName = `${buttonClasses({ variant: 'ghost', size: 'md', color: 'neutral' })} w-full justify-between rounded-xl px-4 lg:hidden`;
  // A phone once interactive: the sheet. Before that (and without JavaScript) the native disclosure.
  const sheet = hydrated && !wide;
  const form = (
    <form method="get" className="grid gap-5 p-4 lg:pt-4" aria-labelledby="filters-heading">
      {sheet ? null : (
        <h2 id="filters-heading" className="hidden text-lg font-semibold lg:block">
          {t('search.filters.heading')}
        </h2>
      )}
      {[...params]
        .filter(([key]) => /^itinerary\[\d\]$|^fare$|^sort$/.test(key))
        .map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
      {facets.transfers.length > 0 ? (
        <fieldset className="grid">
          <legend className="mb-1 font-semibold">{t('search.filters.transfers')}</legend>
          {facets.transfers.map((f) =>
            option(
              String(f.key),
              `transfers[${f.key}]`,
              String(f.key),
              filters.transfers.includes(f.key),
              t('search.offer.transfers', { count: f.key }),
              f,
              (on) => onChange({ ...filters, transfers: toggle(filters.transfers, f.key, on).sort() }),
            ),
          )}
        </fieldset>
      ) : null}
      <BagFilter {...groupProps} />
      {facets.price && facets.price.max > facets.price.min ? (
        <PriceRange
          bounds={facets.price}
          min={filters.priceMin}
          max={filters.priceMax}
          currency={currency}
          onCommit={(priceMin, priceMax) => onChange({ ...filters, priceMin, priceMax })}
        />
      ) : null}
      {facets.airlines.length > 0 ? (
        <fieldset className="grid">
          <legend className="mb-1 font-semibold">{t('search.filters.airlines')}</legend>
          {facets.airlines.map((f, i) =>
            option(f.key, `airlines[${i}]`, f.key, filters.airlines.includes(f.key), f.name, f, (on) =>
              onChange({ ...filters, airlines: toggle(filters.airlines, f.key, on) }),
            ),
          )}
        </fieldset>
      ) : null}
      <TripFilterGroups
        {...groupProps}
        places={{ origin: sliceNames[0]?.from ?? '', destination: sliceNames[0]?.to ?? '' }}
        airportNames={airportNames}
      />
      {facets.departure.map((list, s) =>
        list.length > 1 || (filters.departure[s]?.length ?? 0) > 0 ? timeGroup('departure', s, list) : null,
      )}
      {facets.arrival.map((list, s) =>
        list.length > 1 || (filters.arrival[s]?.length ?? 0) > 0 ? timeGroup('arrival', s, list) : null,
      )}
      <div className="flex flex-wrap gap-2">
        {!hydrated ? (
          <button type="submit" className={buttonClasses({ size: 'sm' })}>
            {t('search.filters.apply')}
          </button>
        ) : null}
        {active ? (
          <Link
            to={`?${filtersToQuery(resetFilters(filters), params)}`}
            replace
            preventScrollReset
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            {t('search.filters.reset')}
          </Link>
        ) : null}
      </div>
    </form>
  );

  if (sheet) {
    return (
      <FiltersSheet
        summary={summary}
        toggleClassName={toggleClassName}
        showLabel={t('search.filters.showResults', { count: resultCount })}
      >
        {form}
      </FiltersSheet>
    );
  }
  return (
    <Disclosure
      className="group rounded-xl bg-white shadow-sm ring-1 ring-neutral-200"
      panelId="filters-panel"
      defaultOpen={wide}
      closedClassName="max-lg:hidden"
      toggleClassName={toggleClassName}
      summary={summary}
    >
      {form}
    </Disclosure>
  );
}

/**
 * The filters on a phone: a button that opens them in a modal sheet from the bottom of the screen (a native
 * <dialog>: focus stays inside, Escape closes, the page behind does not scroll), with the filtered count on
 * its "Show N flights" button, which closes it on those results.
 */
function FiltersSheet({
  summary,
  toggleClassName,
  showLabel,
  children,
}: {
  summary: ReactNode;
  toggleClassName: string;
  showLabel: string;
  children: ReactNode;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    if (!dialog.open) dialog.showModal();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-neutral-200">
      <button
        ref={toggleRef}
        type="button"
        className={`${toggleClassName} cursor-pointer`}
        aria-expanded={open}
        aria-controls="filters-panel"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {summary}
      </button>
      <dialog
        ref={dialogRef}
        id="filters-panel"
        aria-labelledby="filters-heading"
        // Escape (the dialog's own "cancel") and closing by any other way end in "close".
        onClose={close}
        className="m-0 mt-auto max-h-[85dvh] w-full max-w-none flex-col rounded-t-2xl bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-black/40 open:flex"
      >
        <div className="flex items-center justify-between gap-4 border-b border-neutral-200 py-2 pr-2 pl-4">
          <h2 id="filters-heading" className="text-lg font-semibold">
            {t('search.filters.heading')}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={t('modal.close')}
            className="grid size-11 place-items-center rounded-full text-neutral-700 hover:bg-neutral-100"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
        <div className="border-t border-neutral-200 p-4">
          <button type="button" onClick={close} className={`${buttonClasses({ size: 'lg' })} w-full`}>
            {showLabel}
          </button>
        </div>
      </dialog>
    </div>
  );
}
