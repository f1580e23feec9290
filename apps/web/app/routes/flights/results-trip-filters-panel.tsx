import type { ComponentProps } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { useListedMoney } from '../../lib/use-money.ts';
import type { ResultFacets, ResultFilters } from './results-filters.ts';
import type { AirportFacet } from './results-trip-filters.ts';
import { MinutesRange } from './results-minutes-range.tsx';

/** A checkbox of the filters: its label and the cheapest total it leaves. */
export function CheckOption({
  name,
  value,
  checked,
  label,
  price,
  onToggle,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  price: string;
  onToggle: (on: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 py-1">
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onToggle(event.currentTarget.checked)}
        className="size-4 shrink-0 accent-primary-700"
      />
      <span className="min-w-0 flex-1 break-words">{label}</span>
      <span className="text-sm text-neutral-700 tabular-nums">{price}</span>
    </label>
  );
}

export function toggle<T>(list: T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((x) => x !== value), value] : list.filter((x) => x !== value);
}

type GroupProps = {
  facets: ResultFacets;
  filters: ResultFilters;
  onChange: (next: ResultFilters) => void;
  currency: string;
};

/** "Bag included": offers with a checked bag in the fare, at that fare's price. */
export function BagFilter({ facets, filters, onChange, currency }: GroupProps) {
  const t = useT();
  const price = useListedMoney();
  if (!facets.bag && !filters.bag) return null;
  return (
    <fieldset className="grid">
      <legend className="mb-1 font-semibold">{t('search.filters.baggage')}</legend>
      <CheckOption
        name="bag"
        value="1"
        checked={filters.bag}
        label={t('search.filters.bagIncluded')}
        price={facets.bag ? price(facets.bag.min, currency) : ''}
        onToggle={(bag) => onChange({ ...filters, bag })}
      />
    </fieldset>
  );
}

/** A range of minutes over the offers' values, shown only when they differ (one value can't be narrowed). */
function RangeFilter({
  bounds,
  ...range
}: Omit<ComponentProps<typeof MinutesRange>, 'bounds'> & { bounds: { min: number; max: number } | null }) {
  return bounds && bounds.max > bounds.min ? <MinutesRange bounds={bounds} {...range} /> : null;
}

/**
 * The filters of how the trip is made: the longest journey, the connections' length and airports, and the
 * airports of a searched city that has several (Istanbul's IST and SAW), each shown when it can narrow the
 * list (or is on). Airports are named where the searched places name them, else by their codes.
 */
export function TripFilterGroups({
  facets,
  filters,
  onChange,
  currency,
  places,
  airportNames,
}: GroupProps & {
  /** The searched origin's and destination's names. */
  places: { origin: string; destination: string };
  airportNames: Record<string, string>;
}) {
  const t = useT();
  const price = useListedMoney();
  const airportLabel = (code: string) => (airportNames[code] ? `${airportNames[code]} (${code})` : code);
  const airportGroup = (
    id: string,
    legend: string,
    name: string,
    list: AirportFacet[],
    chosen: string[],
    set: (next: string[]) => ResultFilters,
    hint?: string,
  ) =>
    list.length > 1 || chosen.length > 0 ? (
      <fieldset className="grid" aria-describedby={hint ? `${id}-hint` : undefined}>
        <legend className="mb-1 font-semibold">{legend}</legend>
        {hint ? (
          <p id={`${id}-hint`} className="mb-1 text-sm text-neutral-700">
            {hint}
          </p>
        ) : null}
        {list.map((f, i) => (
          <CheckOption
            key={f.key}
            name={`${name}[${i}]`}
            value={f.key}
            checked={chosen.includes(f.key)}
            label={airportLabel(f.key)}
            price={price(f.min, currency)}
            onToggle={(on) => onChange(set(toggle(chosen, f.key, on)))}
          />
        ))}
      </fieldset>
    ) : null;

  return (
    <>
      <RangeFilter
        legend={t('search.filters.duration')}
        bounds={facets.duration}
        step={30}
        high={{ name: 'duration[max]', label: t('search.filters.durationMax'), value: filters.durationMax }}
        describe={(_, high) => t('search.filters.durationUpTo', { duration: high })}
        onCommit={(_, durationMax) => onChange({ ...filters, durationMax })}
      />
      <RangeFilter
        legend={t('search.filters.layover')}
        bounds={facets.layover}
        step={15}
        low={{ name: 'layover[min]', label: t('search.filters.layoverMin'), value: filters.layoverMin }}
        high={{ name: 'layover[max]', label: t('search.filters.layoverMax'), value: filters.layoverMax }}
        describe={(shortest, longest) => t('search.filters.layoverRange', { shortest, longest })}
        onCommit={(layoverMin, layoverMax) => onChange({ ...filters, layoverMin, layoverMax })}
      />
      {airportGroup(
        'filter-via',
        t('search.filters.via'),
        'via',
        facets.via,
        filters.via,
        (via) => ({ ...filters, via }),
        t('search.filters.viaHint'),
      )}
      {airportGroup(
        'filter-origin-airports',
        t('search.filters.cityAirports', { place: places.origin }),
        'origin',
        facets.originAirports,
        filters.originAirports,
        (originAirports) => ({ ...filters, originAirports }),
      )}
      {airportGroup(
        'filter-destination-airports',
        t('search.filters.cityAirports', { place: places.destination }),
        'destination',
        facets.destinationAirports,
        filters.destinationAirports,
        (destinationAirports) => ({ ...filters, destinationAirports }),
      )}
    </>
  );
}
