import { memo, Suspense, useEffect, type ReactNode } from 'react';
import { CalendarDays } from 'lucide-react';
import { Await, isRouteErrorResponse, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/results';
import { Disclosure } from '../../components/Disclosure.tsx';
import { ErrorPage } from '../../components/ErrorPage.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useLocale, useRootData, useT } from '../../lib/i18n.tsx';
import { errorMeta, errorPageTitle, pageMeta } from '../../lib/meta.ts';
import { DateStripView } from '../../features/search/DateStripView.tsx';
import { formatShortDate } from '../../features/search/format.ts';
import { OfferCard, type OfferContext } from '../../features/search/OfferCard.tsx';
import { rememberSearch } from '../../features/search/recent-searches.ts';
import { rememberOrigin } from '../../features/search/last-origin.ts';
import {
  asFareFamily,
  type FirstOutcome,
  type SearchOk,
  type SearchOutcome,
  type SharedOutcome,
} from '../../features/search/results.ts';
import { MoreOffersStatus } from '../../features/search/MoreOffersStatus.tsx';
import type { FareCalendar } from '../../features/search/fare-calendar.ts';
import { routeName } from '../../features/search/results.ts';
import { ExpiredNotice, ResultsView, SearchFailed } from '../../features/search/ResultsView.tsx';
import { EMPTY_FORM, localToday, passengerTotal } from '../../features/search/search-form.ts';
import { FareCalendarView } from '../../features/search/FareCalendarView.tsx';
import { SearchForm } from '../../features/search/SearchForm.tsx';
import { ResultsSkeleton, StripSkeleton } from '../../features/search/Skeletons.tsx';
import { useExpired } from '../../lib/offer-clock.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { OfferCountdown } from '../../components/OfferCountdown.tsx';
import { PriceAlertForm } from '../../features/price-alerts/PriceAlertForm.tsx';
import { priceAlertAction } from '../../features/price-alerts/result.ts';
import type { BadSearch } from './results.server.ts';

export { loader } from './results.server.ts';

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
  return pageMeta(args, 'page.results.heading', {
    route: routeName(args.loaderData.origin, args.loaderData.destination),
  });
};

/** A streamed value (or, for a browser without JavaScript, one already there). */
function Deferred<T>({
  value,
  fallback,
  error,
  children,
}: {
  value: T | Promise<T>;
  fallback: ReactNode;
  error: ReactNode;
  children: (value: T) => ReactNode;
}) {
  if (!(value instanceof Promise)) return <>{children(value)}</>;
  return (
    <Suspense fallback={fallback}>
      <Await resolve={value} errorElement={error}>
        {children}
      </Await>
    </Suspense>
  );
}

function SharedTicket({
  outcome,
  context,
  fare,
}: {
  outcome: SharedOutcome;
  context: OfferContext;
  fare: string | null;
}) {
  const t = useT();
  const expired = useExpired(
    outcome.kind === 'ok' ? outcome.expires_at : null,
    outcome.kind === 'ok' ? outcome.served_at : 0,
  );
  return (
    <section aria-labelledby="shared-ticket-heading" className="grid gap-3">
      <h2 id="shared-ticket-heading" className="text-lg font-semibold">
        {t('search.shared.heading')}
      </h2>
      {outcome.kind !== 'ok' ? (
        <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
          {t('search.shared.unavailable')}
        </p>
      ) : expired ? (
        <ExpiredNotice />
      ) : (
        <>
          <p className="-mt-2 text-sm text-neutral-700">{t('search.shared.repriced')}</p>
          <OfferCountdown expiresAt={outcome.expires_at} servedAt={outcome.served_at} />
          <OfferCard
            offer={outcome.offer}
            context={context}
            idPrefix="shared"
            defaultOpen
            initialFare={asFareFamily(fare)}
          />
        </>
      )}
    </section>
  );
}

type LoaderData = Route.ComponentProps['loaderData'];

/**
 * The streamed parts: the ±3-day strip, a shared ticket and the offers. A memo of the loader data alone: until
 * React has hydrated a streamed boundary, any change of its props makes React drop the server's HTML and
 * render it again in the browser (a flash of the skeleton), so a re-render of the page must not reach them.
 */
const StreamedResults = memo(function StreamedResults({ data }: { data: LoaderData }) {
  const { segment, search, origin, destination, offers, strip, shared, calendar, initialFare, noScript } =
    data;
  const names = { [origin.code]: origin.name, [destination.code]: destination.name };
  const sliceNames = [
    { from: origin.name, to: destination.name },
    { from: destination.name, to: origin.name },
  ];
  const context = (currency: string): OfferContext => ({
    segment,
    currency,
    passengers: search.passengers,
    names,
    eagerDetails: noScript,
  });
  const failed = <SearchFailed failure={{ kind: 'error', reason: 'unavailable' }} />;
  return (
    <>
      <Deferred value={strip} fallback={<StripSkeleton />} error={null}>
        {(value) => <DateStripView strip={value} />}
      </Deferred>
      <LowFares
        calendar={calendar}
        search={search}
        currency={data.currency}
        bookable={data.bookable}
        noScript={noScript}
      />
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

/**
 * The month of low fares, behind a toggle under the ±3-day strip (its rows would push the offers down). The
 * toggle is in the server's page (appearing later, it moved the offers under a traveller's finger); with
 * JavaScript the month itself is awaited only once the page is interactive: its boundary, streamed while the
 * offers hydrated, left their "Flight details" buttons dead until it came. The wait lives here, not in
 * StreamedResults: a re-render there would reach the offers' boundaries before they hydrate and replace them.
 */
function LowFares({
  calendar,
  search,
  currency,
  bookable,
  noScript,
}: {
  calendar: LoaderData['calendar'];
  search: LoaderData['search'];
  currency: string;
  bookable: LoaderData['bookable'];
  noScript: boolean;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const view = (value: FareCalendar | null) => (
    <FareCalendarView calendar={value} search={search} currency={currency} bookable={bookable} />
  );
  return (
    <Disclosure
      panelId="fare-calendar-panel"
      toggleClassName="inline-flex w-fit items-center gap-2 font-medium text-primary-700 underline"
      panelClassName="mt-3 max-w-xl"
      summary={
        <>
          <CalendarDays aria-hidden="true" className="size-5" />
          {t('search.calendar.toggle')}
        </>
      }
    >
      {noScript || hydrated ? (
        <Deferred value={calendar} fallback={view(null)} error={view({ kind: 'error' })}>
          {(value) => view(value)}
        </Deferred>
      ) : (
        view(null)
      )}
    </Disclosure>
  );
}

function ResultsSection({
  offers,
  context,
  sliceNames,
  failed,
}: {
  offers: LoaderData['offers'];
  context: (currency: string) => OfferContext;
  sliceNames: { from: string; to: string }[];
  failed: ReactNode;
}) {
  const t = useT();
  return (
    <section aria-labelledby="results-heading" className="grid gap-4">
      <h2 id="results-heading" className="sr-only">
        {t('search.results.heading')}
      </h2>
      <Deferred value={offers} fallback={<ResultsSkeleton />} error={failed}>
        {(outcome: FirstOutcome) =>
          outcome.kind !== 'ok' ? (
            <SearchFailed failure={outcome} />
          ) : outcome.more ? (
            <MoreOffers first={outcome} more={outcome.more} context={context} sliceNames={sliceNames} />
          ) : (
            <ResultsView outcome={outcome} context={context(outcome.currency)} sliceNames={sliceNames} />
          )
        }
      </Deferred>
    </section>
  );
}

/**
 * The built-in offers while another supplier still searches, replaced by the merged, re-ranked list (with its
 * filters and, when the supplier failed or ran out of time, the notice that some results may be missing) as soon
 * as it streams in. Should it not come (an API fault, or the page's stream ending first), the first list stays,
 * flagged as incomplete.
 */
function MoreOffers({
  first,
  more,
  context,
  sliceNames,
}: {
  first: SearchOk;
  more: Promise<SearchOutcome>;
  context: (currency: string) => OfferContext;
  sliceNames: { from: string; to: string }[];
}) {
  const view = (outcome: SearchOk) => (
    <ResultsView outcome={outcome} context={context(outcome.currency)} sliceNames={sliceNames} />
  );
  const incomplete = view({ ...first, incomplete: true });
  return (
    <>
      <MoreOffersStatus more={more} />
      <Suspense fallback={view(first)}>
        <Await resolve={more} errorElement={incomplete}>
          {(merged: SearchOutcome) => (merged.kind === 'ok' ? view(merged) : incomplete)}
        </Await>
      </Suspense>
    </>
  );
}

export default function FlightResults({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { user } = useRootData();
  const { segment, search, origin, destination } = loaderData;

  useEffect(() => {
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

  const dates = search.returnDate
    ? `${formatShortDate(locale, search.departureDate)} – ${formatShortDate(locale, search.returnDate)}`
    : formatShortDate(locale, search.departureDate);
  return (
    <div className="grid gap-6">
      <div>
        <PageHeading>{t('page.results.heading', { route: routeName(origin, destination) })}</PageHeading>
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
      </Disclosure>
      <PriceAlertForm segment={segment} defaultEmail={user?.email ?? ''} />
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
