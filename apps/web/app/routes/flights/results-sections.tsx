/** The results page's streamed sections (routes/flights/results.tsx), each shown as its part of the search arrives. */
import { Suspense, type ReactNode } from 'react';
import { CalendarDays } from 'lucide-react';
import { Await } from 'react-router';
import type { Route } from './+types/results';
import { Disclosure } from '../../components/Disclosure.tsx';
import { useT } from '../../lib/i18n.tsx';
import { OfferCard, type OfferContext } from './results-offer-card.tsx';
import {
  asFareFamily,
  type FirstOutcome,
  type SearchOk,
  type SearchOutcome,
  type SharedOutcome,
} from '../../features/search/results.ts';
import { MoreOffersStatus } from './results-more-offers-status.tsx';
import type { FareCalendar } from '../../features/search/fare-calendar.ts';
import { ExpiredNotice, ResultsView, SearchFailed } from './results-view.tsx';
import { FareCalendarView } from './results-fare-calendar.tsx';
import { ResultsSkeleton } from './results-skeletons.tsx';
import { useExpired } from '../../lib/offer-clock.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { OfferCountdown } from '../../components/OfferCountdown.tsx';

/** A streamed value (or, for a browser without JavaScript, one already there). */
export function Deferred<T>({
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

export function SharedTicket({
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

/** What the page's loader (results.server.ts) answers. */
export type LoaderData = Route.ComponentProps['loaderData'];

/**
 * The month of low fares, behind a toggle under the ±3-day strip (its rows would push the offers down). The
 * toggle is in the server's page (appearing later, it moved the offers under a traveller's finger); with
 * JavaScript the month itself is awaited only once the page is interactive: its boundary, streamed while the
 * offers hydrated, left their "Flight details" buttons dead until it came. The wait lives here, not in
 * StreamedResults: a re-render there would reach the offers' boundaries before they hydrate and replace them.
 */
export function LowFares({
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

export function ResultsSection({
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
export function MoreOffers({
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
