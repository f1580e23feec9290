import { lazy, Suspense } from 'react';
import type { Route } from './+types/home';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { TourCard } from '../../features/info/TourCard.tsx';
import { WhyBookHere } from './home-why-book-here.tsx';
import { PopularDestinations } from './home-popular-destinations.tsx';
import { SearchForm } from '../../features/search/SearchForm.tsx';
import { EMPTY_FORM } from '../../features/search/search-form.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Static } from '../../components/Static.tsx';

export { loader, action } from './home.server.ts';

/** Recent searches live in this browser only: their code loads once the page runs there. */
const RecentSearches = lazy(() =>
  import('./home-recent-searches.tsx').then((m) => ({ default: m.RecentSearches })),
);

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.home.title');

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const hydrated = useHydrated();
  const { popular, tours, why } = loaderData;
  return (
    <>
      <PageHeading>{t('page.home.heading')}</PageHeading>
      <p className="-mt-3 mb-6 text-neutral-700">{t('page.home.lead')}</p>
      <SearchForm
        key={actionData ? JSON.stringify(actionData.values) : 'empty'}
        idPrefix="search"
        initial={actionData?.values ?? EMPTY_FORM}
        lastResult={actionData?.submission}
      />
      <LocalizedLink to="/multi-city" className="mt-2 inline-block text-sm text-primary-700 underline">
        {t('search.multiCity.link')}
      </LocalizedLink>
      {/* What follows the form never changes once shown: not hydrated (components/Static.tsx). */}
      <Static id="home-below-form" watch={[popular, tours, why]}>
        {popular ? <PopularDestinations popular={popular} /> : null}
        {tours.length ? (
          <section aria-labelledby="home-tours-heading" className="mt-10">
            <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 id="home-tours-heading" className="text-xl font-semibold">
                {t('home.tours.heading')}
              </h2>
              <LocalizedLink to="/tours" className="text-sm text-primary-700 underline">
                {t('home.tours.all')}
              </LocalizedLink>
            </div>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {tours.map((tour) => (
                <TourCard key={tour.slug} tour={tour} heading="h3" />
              ))}
            </div>
          </section>
        ) : null}
        <WhyBookHere text={why} />
      </Static>
      {/* Last: they appear only once the page runs in the browser, and must not push the rest down. */}
      {hydrated ? (
        <Suspense fallback={null}>
          <RecentSearches />
        </Suspense>
      ) : null}
    </>
  );
}
