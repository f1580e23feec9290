import { lazy, memo, Suspense, useEffect } from 'react';
import { isRouteErrorResponse, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/results';
import { Disclosure } from '../../components/Disclosure.tsx';
import { ErrorPage } from '../../components/ErrorPage.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useLocale, useRootData, useT } from '../../lib/i18n.tsx';
import { errorMeta, errorPageTitle, pageMeta } from '../../lib/meta.ts';
import { DateStripView } from './results-date-strip.tsx';
import { formatShortDate } from '../../features/search/format.ts';
import type { OfferContext } from './results-offer-card.tsx';
import { rememberSearch } from '../../features/search/recent-searches.ts';
import { rememberOrigin } from '../../features/search/last-origin.ts';
import { SearchFailed } from './results-view.tsx';
import { EMPTY_FORM, localToday, passengerTotal } from '../../features/search/search-form.ts';
import { SearchForm } from '../../features/search/SearchForm.tsx';
import { multiCityValues } from '../../features/search/multi-city.ts';
import { StripSkeleton } from './results-skeletons.tsx';
import { PriceAlertForm } from '../../features/price-alerts/PriceAlertForm.tsx';
import { priceAlertAction } from '../../features/price-alerts/result.ts';
import type { BadSearch } from './results.server.ts';
import { type LoaderData, Deferred, SharedTicket, LowFares, ResultsSection } from './results-sections.tsx';
import { FlexibleDates } from './results-date-grid.tsx';

export { loader } from './results.server.ts';

/** A multi-city trip's form: only its results pages load it (docs/performance.md, "Page weight"). */
const MultiCityForm = lazy(() =>
  import('../../features/search/MultiCityForm.tsx').then((m) => ({ default: m.MultiCityForm })),
);

function badSearchOf(error: unknown): BadSearch | null {
  return isRouteErrorResponse(error) && (error.data as BadSearch | null)?.kind === 'bad-search'
    ? (error.data as BadSearch)
    : null;
}

/** Sorting, filters and "show more" live in the query and work over the loaded offers: no new search. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // Subscribing to a price alert (its own route) changes nothing the page shows: no new search.
  if (formAction && formAction === priceAlertAction(currentUrl.pathname.split('/')[1] ?? '')) return false;
  if (formMethod && formMethod !== 'GET') return true;
  if (currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search)
    return defaultShouldRevalidate;
  const sharedKeys = ['itinerary[0]', 'itinerary[1]', 'fare'];
  const sameTicket = sharedKeys.every((k) => currentUrl.searchParams.get(k) === nextUrl.searchParams.get(k));
  return sameTicket ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) => {
  const bad = badSearchOf(args.error);
  if (bad) {
    return bad.route
      ? errorMeta(args, { key: 'page.results.badTitle', values: { route: bad.route } })
      : errorMeta(args, { key: 'search.bad.heading' });
  }
  if (args.error || !args.loaderData) return errorMeta(args, errorPageTitle(args.error));
  return pageMeta(args, 'page.results.heading', { route: args.loaderData.routeTitle });
};

/** Hidden once the results say no flight connects the places (see FlightResults). */
const HIDDEN_WITHOUT_CONNECTION = 'group-has-[[data-no-connection]]/results:hidden';

/**
 * The streamed parts: the ±3-day strip, the low-fare calendar and a round trip's date grid (both behind toggles), a
 * shared ticket and the offers. A memo of the loader data alone: until
 * React has hydrated a streamed boundary, any change of its props makes React drop the server's HTML and
 * render it again in the browser (a flash of the skeleton), so a re-render of the page must not reach them.
 */
const StreamedResults = memo(function StreamedResults({ data }: { data: LoaderData }) {
  const {
    segment,
    search,
    origin,
    destination,
    offers,
    strip,
    shared,
    calendar,
    grid,
    initialFare,
    noScript,
    airportNames,
    legs,
  } = data;
  const names = { [origin.code]: origin.name, [destination.code]: destination.name };
  for (const leg of legs ?? [])
    Object.assign(names, {
      [leg.origin.code]: leg.origin.name,
      [leg.destination.code]: leg.destination.name,
    });
  const sliceNames = legs
    ? legs.map((leg) => ({ from: leg.origin.name, to: leg.destination.name }))
    : [
        { from: origin.name, to: destination.name },
        { from: destination.name, to: origin.name },
      ];
  const context = (currency: string): OfferContext => ({
    segment,
    currency,
    passengers: search.passengers,
    names,
    eagerDetails: noScript,
    airportNames,
  });
  const failed = <SearchFailed failure={{ kind: 'error', reason: 'unavailable' }} />;
  return (
    <>
      {strip ? (
        <Deferred value={strip} fallback={<StripSkeleton />} error={null}>
          {(value) => <DateStripView strip={value} />}
        </Deferred>
      ) : null}
      {calendar ? (
        <div className={HIDDEN_WITHOUT_CONNECTION}>
          <LowFares
            calendar={calendar}
            search={search}
            currency={data.currency}
            bookable={data.bookable}
            noScript={noScript}
          />
        </div>
      ) : null}
      {grid ? (
        // min-w-0: a grid item as wide as the page, so that the table scrolls inside its region on a phone.
        <div className={`min-w-0 ${HIDDEN_WITHOUT_CONNECTION}`}>
          <FlexibleDates grid={grid} search={search} currency={data.currency} noScript={noScript} />
        </div>
      ) : null}
      {shared ? (
        <Deferred value={shared} fallback={null} error={failed}>
          {(value) => (
            <SharedTicket
              outcome={value}
              context={context(value.kind === 'ok' ? value.currency : '')}
              fare={initialFare}
            />
          )}
        </Deferred>
      ) : null}
      <ResultsSection offers={offers} context={context} sliceNames={sliceNames} failed={failed} />
    </>
  );
});

export default function FlightResults({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { user } = useRootData();
  const { segment, search, origin, destination, legs, routeTitle } = loaderData;

  useEffect(() => {
    // A multi-city trip is not one of the recent searches (they are one way or round trips).
    if (search.moreLegs?.length) return;
    rememberSearch(
      {
        segment,
        from: origin,
        to: destination,
        depart: search.departureDate,
        ret: search.returnDate,
        passengers: search.passengers,
        cabin: search.cabin,
      },
      localToday(),
    );
    rememberOrigin(origin.code);
  }, [segment, origin, destination, search]);

  const dates = legs
    ? legs.map((leg) => formatShortDate(locale, leg.date)).join(', ')
    : search.returnDate
      ? `${formatShortDate(locale, search.departureDate)} – ${formatShortDate(locale, search.returnDate)}`
      : formatShortDate(locale, search.departureDate);
  // `group/results`: where the streamed answer says no flight connects the places (its `data-no-connection`),
  // the price alert and the low-fare calendar hide by CSS alone: nothing remounts (a half-typed alert email
  // stays), and a page without JavaScript hides them too.
  return (
    <div className="group/results grid gap-6">
      <div>
        <PageHeading>{t('page.results.heading', { route: routeTitle })}</PageHeading>
        <p className="-mt-4 text-neutral-700">
          {dates}
          {' · '}
          {t('search.passengers.count', { count: passengerTotal(search.passengers) })}
          {' · '}
          {search.cabin === 'business' ? t('search.cabin.business') : t('search.cabin.economy')}
        </p>
      </div>
      <Disclosure
        panelId="change-search"
        toggleClassName="w-fit font-medium text-primary-700 underline"
        panelClassName="mt-3"
        summary={t('search.form.change')}
      >
        {legs ? (
          <Suspense fallback={null}>
            <MultiCityForm key={segment} idPrefix="change" initial={multiCityValues(legs, search)} />
          </Suspense>
        ) : (
          <SearchForm
            key={segment}
            idPrefix="change"
            compact
            initial={{
              fromCode: origin.code,
              fromName: origin.name,
              toCode: destination.code,
              toName: destination.name,
              depart: search.departureDate,
              ret: search.returnDate ?? '',
              passengers: search.passengers,
              cabin: search.cabin,
            }}
          />
        )}
      </Disclosure>
      {/* An alert watches one way or a round trip (docs/operations.md#price-alerts). */}
      {legs ? null : (
        <div className={HIDDEN_WITHOUT_CONNECTION}>
          <PriceAlertForm segment={segment} defaultEmail={user?.email ?? ''} />
        </div>
      )}
      <StreamedResults data={loaderData} />
    </div>
  );
}

const BAD_SEARCH_MESSAGES: Record<string, Parameters<ReturnType<typeof useT>>[0]> = {
  unknown_origin: 'search.bad.unknownPlace',
  unknown_destination: 'search.bad.unknownPlace',
  same_origin_destination: 'search.bad.samePlace',
  invalid_date: 'search.bad.date',
  date_out_of_range: 'search.bad.dateRange',
  return_before_departure: 'search.bad.returnBeforeDeparture',
  too_many_passengers: 'search.bad.passengers',
  too_many_infants: 'search.bad.passengers',
  no_adults: 'search.bad.passengers',
};

/** A search path that cannot be a search: a clear page with the form to start again, never a 500. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const location = useLocation();
  const bad = badSearchOf(error);
  if (bad) {
    const code = bad.code;
    return (
      <section aria-labelledby="bad-search-heading" className="grid gap-4">
        <PageHeading>
          <span id="bad-search-heading">{t('search.bad.heading')}</span>
        </PageHeading>
        <p role="alert" className="-mt-3 text-neutral-700" data-testid="bad-search">
          {t(BAD_SEARCH_MESSAGES[code] ?? 'search.bad.malformed')}
        </p>
        <SearchForm idPrefix="search" initial={EMPTY_FORM} />
        <LocalizedLink to="/" className="text-primary-700 underline">
          {t('error.backHome')}
        </LocalizedLink>
      </section>
    );
  }
  // As the root's error page shows it (and `errorPageTitle` titles it): a status text for all but 404.
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const statusText =
    isRouteErrorResponse(error) && status !== 404 ? error.statusText || undefined : undefined;
  return <ErrorPage status={status} statusText={statusText} path={location.pathname} />;
}
