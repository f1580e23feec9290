import type { Locale } from '@parvoz/i18n/locales';
import type { Route } from './+types/home';
import { readCookies } from '../../lib/cookies.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { displayCurrency, loadHomeTours } from '../../features/info/tours.server.ts';
import { renderWhyBookHere } from '../../features/info/content.server.ts';
import { lastOrigin } from '../../features/search/last-origin.ts';
import { loadPopularDestinations } from './home-popular.server.ts';
import { searchFormAction } from '../../features/search/search-action.server.ts';

/** Below the form: destinations from the visitor's city and the last-minute tours, both in their currency. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang: Locale = context.get(requestStateContext).locale;
  const state = context.get(requestStateContext);
  const [popular, tours] = await Promise.all([
    loadPopularDestinations(
      state.api,
      {
        lastOrigin: lastOrigin(readCookies(request)),
        lang,
        currency: displayCurrency(request, lang),
      },
      request.signal,
    ),
    loadHomeTours(request, lang, state),
  ]);
  // Without its destinations (the API did not answer) the page is not kept for others by the page cache.
  if (!popular) state.incomplete = true;
  return { popular, tours, why: renderWhyBookHere(lang) };
}

/** The search form posted without JavaScript: back with messages, or on to the results. */
export async function action({ request, context }: Route.ActionArgs) {
  return searchFormAction(
    request,
    context.get(requestStateContext).api,
    context.get(requestStateContext).locale,
  );
}
