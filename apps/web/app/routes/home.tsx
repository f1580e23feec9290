import { lazy, Suspense } from 'react';
import { isLocale } from '@parvoz/i18n/locales';
import type { Route } from './+types/home';
import { PageHeading } from '../components/PageHeading.tsx';
import { useT } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { requestStateContext } from '../lib/request-context.server.ts';
import { SearchForm } from '../features/search/SearchForm.tsx';
import { searchFormAction } from '../features/search/search-action.server.ts';
import { EMPTY_FORM } from '../features/search/search-form.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

/** Recent searches live in this browser only: their code loads once the page runs there. */
const RecentSearches = lazy(() =>
  import('../features/search/RecentSearches.tsx').then((m) => ({ default: m.RecentSearches })),
);

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'page.home.title');

/** The search form posted without JavaScript: back with messages, or on to the results. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return searchFormAction(
    request,
    context.get(requestStateContext).api,
    isLocale(params.lang) ? params.lang : 'en',
  );
}

export default function Home({ actionData }: Route.ComponentProps) {
  const t = useT();
  const hydrated = useHydrated();
  return (
    <>
      <PageHeading>{t('page.home.heading')}</PageHeading>
      <p className="-mt-3 mb-6 text-neutral-700">{t('page.home.lead')}</p>
      <SearchForm
        key={actionData ? JSON.stringify(actionData.values) : 'empty'}
        idPrefix="search"
        initial={actionData?.values ?? EMPTY_FORM}
        serverErrors={actionData?.errors}
      />
      {hydrated ? (
        <Suspense fallback={null}>
          <RecentSearches />
        </Suspense>
      ) : null}
    </>
  );
}
