import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useRevalidator } from 'react-router';
import { Clock3 } from 'lucide-react';
import { buttonClasses } from '../../components/Button.tsx';
import { useT } from '../../lib/i18n.tsx';
import {
  applyFilters,
  computeFacets,
  filtersToQuery,
  hasActiveFilters,
  PAGE_SIZE,
  parseFilters,
  resetFilters,
  sortOffers,
  SORT_ORDERS,
  type ResultFilters,
  type SortOrder,
} from './results-filters.ts';
import { FiltersPanel } from './results-filters-panel.tsx';
import { useFormatDuration } from '../../features/search/format.ts';
import { MoneyListProvider, useMoneyListFormatter } from '../../lib/use-money.ts';
import { OfferCard, type OfferContext } from './results-offer-card.tsx';
import { offerDuration, type SearchFailure, type SearchOk } from '../../features/search/results.ts';
import { useExpired } from '../../lib/offer-clock.ts';
import { OfferCountdown } from '../../components/OfferCountdown.tsx';
import type { MessageKey } from '../../lib/i18n.tsx';
import { HydrateOnSight } from '../../components/HydrateOnSight.tsx';

/** The offers a phone's first screen can show: hydrated with the page; the rest when near the screen. */
const EAGER_OFFERS = 3;

const SORT_LABEL: Record<SortOrder, MessageKey> = {
  best: 'search.sort.best',
  cheapest: 'search.sort.cheapest',
  fastest: 'search.sort.fastest',
};

/**
 * The filter state from the URL, and a way to change it without reloading the offers. A change shows at once
 * (local state) and then lands in the URL (replace, no new search), so the view can be shared.
 */
export function useFilters(): [ResultFilters, (next: ResultFilters) => void, URLSearchParams] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const fromUrl = useMemo(() => parseFilters(params), [params]);
  const [filters, setLocal] = useState(fromUrl);
  useEffect(() => setLocal(fromUrl), [fromUrl]);
  const update = useCallback(
    (next: ResultFilters) => {
      const applied = { ...next, shown: PAGE_SIZE };
      setLocal(applied);
      const query = filtersToQuery(applied, params);
      void navigate({ search: query ? `?${query}` : '' }, { replace: true, preventScrollReset: true });
    },
    [navigate, params],
  );
  return [filters, update, params];
}

/** The spec's expiry message with a one-click new search (the same search, run again). */
export function ExpiredNotice() {
  const t = useT();
  const revalidator = useRevalidator();
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-xl bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Clock3 aria-hidden="true" className="size-5 shrink-0" />
        {t('search.expired.message')}
      </p>
      <button
        type="button"
        className={buttonClasses({ size: 'md' })}
        disabled={revalidator.state === 'loading'}
        onClick={() => void revalidator.revalidate()}
      >
        {t('search.expired.newSearch')}
      </button>
    </div>
  );
}

/** Why a search could not run (a date already passed at the origin, too many searches, API down). */
export function SearchFailed({ failure }: { failure: SearchFailure }) {
  const t = useT();
  const revalidator = useRevalidator();
  const message: MessageKey =
    failure.reason === 'busy'
      ? 'search.failed.busy'
      : failure.reason === 'invalid'
        ? failure.code === 'date_out_of_range'
          ? 'search.failed.dateOutOfRange'
          : 'search.failed.invalid'
        : 'search.failed.unavailable';
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-xl bg-white p-5 ring-1 ring-neutral-200"
    >
      <p className="font-semibold">{t(message)}</p>
      {failure.reason !== 'invalid' ? (
        <button
          type="button"
          className={buttonClasses({ size: 'md' })}
          onClick={() => void revalidator.revalidate()}
        >
          {t('search.failed.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** Sorting, filters and the offer list over one search's offers, all in the browser. */
export function ResultsView({
  outcome,
  context,
  sliceNames,
}: {
  outcome: SearchOk;
  context: OfferContext;
  sliceNames: { from: string; to: string }[];
}) {
  const t = useT();
  // Every price of the list by one rule (never whole lira beside kuruş): the offers' and their fares' totals.
  const listPrice = useMoneyListFormatter(
    outcome.offers.flatMap((o) => [o.total_amount, ...o.fares.map((f) => f.total_amount)]),
    outcome.currency,
  );
  const duration = useFormatDuration();
  const [filters, setFilters, params] = useFilters();
  const expired = useExpired(outcome.expires_at, outcome.served_at);
  const facets = useMemo(() => computeFacets(outcome.offers, filters.bag), [outcome.offers, filters.bag]);
  const visible = useMemo(() => applyFilters(outcome.offers, filters), [outcome.offers, filters]);
  // The list, its count and the sort tabs follow a changed filter or order a moment later, in a render React
  // may interrupt: the control and the filters (with the sheet's "Show N flights") answer at once, and the
  // next paint does not wait for ten cards (docs/performance.md, "Filters that answer at once").
  const listFilters = useDeferredValue(filters);
  const listed = useMemo(() => applyFilters(outcome.offers, listFilters), [outcome.offers, listFilters]);
  const shown = useMemo(() => listed.slice(0, listFilters.shown), [listed, listFilters.shown]);
  // The top offer under each order (of the filtered list), shown on the sort tabs.
  const tops = useMemo(() => {
    const pool = applyFilters(outcome.offers, { ...listFilters, sort: 'best' });
    return Object.fromEntries(SORT_ORDERS.map((order) => [order, sortOffers(pool, order)[0] ?? null]));
  }, [outcome.offers, listFilters]);

  if (expired) return <ExpiredNotice />;

  // A supplier that did not answer in time: what is shown may not be all there is.
  const incomplete = outcome.incomplete ? (
    <p
      role="status"
      data-testid="results-incomplete"
      className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200"
    >
      {t('search.incomplete')}
    </p>
  ) : null;

  if (outcome.offers.length === 0) {
    return (
      <section
        aria-labelledby="no-routes"
        className="grid gap-4 rounded-xl bg-white p-6 text-center ring-1 ring-neutral-200"
      >
        {incomplete}
        <h2 id="no-routes" className="text-xl font-semibold">
          {t('search.empty.heading')}
        </h2>
        <p
          className="mt-2 text-neutral-700"
          data-testid={outcome.connected ? 'no-flights' : 'no-connection'}
          data-no-connection={outcome.connected ? undefined : ''}
        >
          {t(outcome.connected ? 'search.empty.message' : 'search.empty.noConnection')}
        </p>
      </section>
    );
  }

  const link = (next: ResultFilters) => {
    const query = filtersToQuery(next, params);
    return query ? `?${query}` : '?';
  };
  return (
    <MoneyListProvider value={listPrice}>
      <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start">
        <aside aria-label={t('search.filters.heading')}>
          <FiltersPanel
            facets={facets}
            filters={filters}
            onChange={setFilters}
            currency={outcome.currency}
            sliceNames={sliceNames}
            resultCount={visible.length}
            airportNames={context.airportNames}
          />
        </aside>
        <div className="grid gap-4">
          {incomplete}
          <OfferCountdown expiresAt={outcome.expires_at} servedAt={outcome.served_at} />
          {/* Sort buttons, the pressed one the current order: they re-sort at once; without JavaScript the
              form asks for the same results sorted (the other query parameters kept). */}
          <form method="get">
            {[...params]
              .filter(([key]) => key !== 'sort' && key !== 'shown')
              .map(([key, value]) => (
                <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
              ))}
            <div
              role="group"
              aria-label={t('search.sort.label')}
              // One row per order on a phone (a third of it is narrower than "Оптимальные" and a price in
              // soʻm); three side by side from 640 px.
              className="grid gap-1 rounded-xl bg-white p-1 ring-1 ring-neutral-200 sm:grid-cols-3"
            >
              {SORT_ORDERS.map((order) => {
                const top = tops[order];
                const current = filters.sort === order;
                return (
                  <button
                    key={order}
                    type="submit"
                    name="sort"
                    value={order}
                    aria-pressed={current}
                    onClick={(event) => {
                      event.preventDefault();
                      setFilters({ ...filters, sort: order });
                    }}
                    className={`flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3 rounded-lg px-3 py-2 text-left sm:grid sm:justify-normal sm:px-2 sm:text-center ${
                      current ? 'bg-primary-700 text-white' : 'text-neutral-900 hover:bg-neutral-100'
                    }`}
                  >
                    <span className="font-semibold">{t(SORT_LABEL[order])}</span>
                    {top ? (
                      <span className={`text-sm sm:text-xs ${current ? 'text-white' : 'text-neutral-700'}`}>
                        {listPrice(top.total_amount)} · {duration(offerDuration(top))}
                      </span>
                    ) : null}
                  </button>
                );
              })}
            </div>
          </form>
          <p role="status" className="text-sm text-neutral-700" data-testid="results-count">
            {hasActiveFilters(listFilters)
              ? t('search.results.countFiltered', { count: listed.length, total: outcome.offers.length })
              : t('search.results.count', { count: listed.length })}
          </p>
          {listed.length === 0 ? (
            <div className="grid justify-items-center gap-3 rounded-xl bg-white p-6 text-center ring-1 ring-neutral-200">
              <p className="font-semibold">{t('search.empty.filtered')}</p>
              <Link
                to={link(resetFilters(filters))}
                replace
                preventScrollReset
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                {t('search.filters.reset')}
              </Link>
            </div>
          ) : (
            <OfferList offers={shown} context={context} />
          )}
          {listed.length > shown.length ? (
            <Link
              to={link({ ...filters, shown: filters.shown + PAGE_SIZE })}
              replace
              preventScrollReset
              className={`${buttonClasses({ variant: 'outline', size: 'md' })} justify-self-center`}
            >
              {t('search.results.showMore', { count: Math.min(PAGE_SIZE, listed.length - shown.length) })}
            </Link>
          ) : null}
        </div>
      </div>
    </MoneyListProvider>
  );
}

/** The offers shown, rendered again only when they change (not when a control above them does). */
const OfferList = memo(function OfferList({
  offers,
  context,
}: {
  offers: readonly SearchOk['offers'][number][];
  context: OfferContext;
}) {
  return (
    <ol className="grid gap-4">
      {offers.map((offer, index) => (
        <li key={offer.id}>
          <HydrateOnSight id={`offer-${offer.rank}`} version={offer} eager={index < EAGER_OFFERS}>
            <OfferCard offer={offer} context={context} idPrefix={`offer-${offer.rank}`} />
          </HydrateOnSight>
        </li>
      ))}
    </ol>
  );
});
