import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SlidersHorizontal } from 'lucide-react';
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
} from './filters.ts';
import { useFormatPrice } from './format.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

const BUCKET_LABEL: Record<TimeBucket, MessageKey> = {
  night: 'search.filters.time.night',
  morning: 'search.filters.time.morning',
  afternoon: 'search.filters.time.afternoon',
  evening: 'search.filters.time.evening',
};

function toggle<T>(list: T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((x) => x !== value), value] : list.filter((x) => x !== value);
}

function withSlice(lists: TimeBucket[][], slice: number, next: TimeBucket[]): TimeBucket[][] {
  const out = lists.map((l) => [...l]);
  while (out.length <= slice) out.push([]);
  out[slice] = next;
  return out;
}

/**
 * The spec's filters: transfers, cost (a range), airlines (each with its lowest price), departure and arrival
 * time per direction, and "reset filter". A GET form without JavaScript (Apply); with it, every change applies
 * at once through the URL query.
 */
export function FiltersPanel({
  facets,
  filters,
  onChange,
  currency,
  sliceNames,
}: {
  facets: ResultFacets;
  filters: ResultFilters;
  onChange: (next: ResultFilters) => void;
  currency: string;
  /** "Tashkent → Istanbul" per slice. */
  sliceNames: { from: string; to: string }[];
}) {
  const t = useT();
  const hydrated = useHydrated();
  const price = useFormatPrice();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const active = hasActiveFilters(filters);
  // Wide screens show the panel beside the results; the toggle is for phones (the native version before
  // the page is interactive opens there too).
  const [wide, setWide] = useState(false);
  useEffect(() => setWide(window.matchMedia('(min-width: 64rem)').matches), []);

  const option = (
    key: string,
    name: string,
    value: string,
    checked: boolean,
    label: string,
    facet: Facet<unknown>,
    onToggle: (on: boolean) => void,
  ) => (
    <label key={key} className="flex cursor-pointer items-center gap-2 py-1">
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onToggle(event.currentTarget.checked)}
        className="size-4 shrink-0 accent-primary-700"
      />
      <span className="flex-1">{label}</span>
      <span className="text-sm text-neutral-700 tabular-nums">{price(facet.min, currency)}</span>
    </label>
  );

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

  return (
    <Disclosure
      className="group rounded-xl bg-white shadow-sm ring-1 ring-neutral-200"
      panelId="filters-panel"
      defaultOpen={wide}
      closedClassName="max-lg:hidden"
      toggleClassName={`${buttonClasses({ variant: 'ghost', size: 'md', color: 'neutral' })} w-full justify-between rounded-xl px-4 lg:hidden`}
      summary={
        <>
          <span className="flex items-center gap-2">
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {t('search.filters.heading')}
          </span>
          {active ? <span className="text-sm text-primary-700">{t('search.filters.active')}</span> : null}
        </>
      }
    >
      <form method="get" className="grid gap-5 p-4 lg:pt-4" aria-labelledby="filters-heading">
        <h2 id="filters-heading" className="hidden text-lg font-semibold lg:block">
          {t('search.filters.heading')}
        </h2>
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
    </Disclosure>
  );
}

/** Cost: two sliders (lowest and highest total); a change applies when the slider stops moving. */
function PriceRange({
  bounds,
  min,
  max,
  currency,
  onCommit,
}: {
  bounds: { min: number; max: number };
  min: number | null;
  max: number | null;
  currency: string;
  onCommit: (min: number | null, max: number | null) => void;
}) {
  const t = useT();
  const price = useFormatPrice();
  const step = Math.max(1, Math.round((bounds.max - bounds.min) / 100));
  const lo = Math.floor(bounds.min);
  // The top end must be a step of the slider, or the slider could never reach "no upper limit".
  const hi = lo + step * Math.ceil((bounds.max - lo) / step);
  const [low, setLow] = useState(min ?? lo);
  const [high, setHigh] = useState(max ?? hi);
  const timer = useRef<number | undefined>(undefined);
  // Follow the URL (reset filter, back button) without remounting: a focused slider keeps its focus.
  useEffect(() => setLow(min ?? lo), [min, lo]);
  useEffect(() => setHigh(max ?? hi), [max, hi]);

  const schedule = (nextLow: number, nextHigh: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => onCommit(nextLow <= lo ? null : nextLow, nextHigh >= hi ? null : nextHigh),
      250,
    );
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-semibold">{t('search.filters.price')}</legend>
      <p className="text-sm text-neutral-700" aria-live="polite">
        {t('search.filters.priceRange', { min: price(low, currency), max: price(high, currency) })}
      </p>
      <label className="grid gap-1 text-sm">
        {t('search.filters.priceMin')}
        <input
          type="range"
          name="price[min]"
          min={lo}
          max={hi}
          step={step}
          value={low}
          aria-valuetext={price(low, currency)}
          onChange={(event) => {
            const value = Math.min(Number(event.currentTarget.value), high);
            setLow(value);
            schedule(value, high);
          }}
          className="w-full accent-primary-700"
        />
      </label>
      <label className="grid gap-1 text-sm">
        {t('search.filters.priceMax')}
        <input
          type="range"
          name="price[max]"
          min={lo}
          max={hi}
          step={step}
          value={high}
          aria-valuetext={price(high, currency)}
          onChange={(event) => {
            const value = Math.max(Number(event.currentTarget.value), low);
            setHigh(value);
            schedule(low, value);
          }}
          className="w-full accent-primary-700"
        />
      </label>
    </fieldset>
  );
}
