import { data, redirect } from 'react-router';
import { endpoints } from '@parvoz/contracts/endpoints';
import {
  TOUR_REQUEST_FIELDS,
  tourRequestFormSchema,
  tourSlugSchema,
  type TourSummary,
} from '@parvoz/contracts/tours';
import {
  CURRENCY_COOKIE,
  DEFAULT_CURRENCY_BY_LOCALE,
  isCurrency,
  type Currency,
} from '@parvoz/i18n/currency';
import { isLocale, type Locale } from '@parvoz/i18n/locales';
import { readCookies } from '../../lib/cookies.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { notFound, orNotFound } from '../../lib/not-found.server.ts';
import { publicPageHeaders } from '../../lib/page-cache.server.ts';
import type { RequestState } from '../../lib/request-context.server.ts';
import { readFields, submitForm } from './form-action.server.ts';

/** Tours change when the operator edits them or places run out: pages may be kept a minute. */
export const TOURS_MAX_AGE_SECONDS = 60;

export function pageLocale(lang: string | undefined): Locale {
  if (!isLocale(lang)) throw notFound();
  return lang;
}

/** The visitor's display currency: the currency cookie, else the language's default. */
export function displayCurrency(request: Request, locale: Locale): Currency {
  const chosen = readCookies(request)[CURRENCY_COOKIE];
  return isCurrency(chosen) ? chosen : DEFAULT_CURRENCY_BY_LOCALE[locale];
}

/** The list page: tours on sale, filtered by `from` (IATA city) and `month` (YYYY-MM) from the query. */
export async function loadToursPage(request: Request, lang: string | undefined, state: RequestState) {
  const locale = pageLocale(lang);
  const url = new URL(request.url);
  const from = (url.searchParams.get('from') ?? '').toUpperCase();
  const month = url.searchParams.get('month') ?? '';
  const filter = {
    from: /^[A-Z]{3}$/.test(from) ? from : '',
    month: /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : '',
  };
  const list = await callEndpoint(state.api, endpoints.listTours, {
    query: {
      lang: locale,
      currency: displayCurrency(request, locale),
      origin: filter.from || undefined,
      month: filter.month || undefined,
    },
    signal: request.signal,
  });
  return data(
    { tours: list.data, facets: list.facets, filter },
    { headers: publicPageHeaders(request, TOURS_MAX_AGE_SECONDS) },
  );
}

/** Tours on the home page: the first few still with places, soonest departure first. */
export const HOME_TOURS = 3;

/**
 * The home page's tours per language and currency, kept as long as the tours pages may be cached
 * (TOURS_MAX_AGE_SECONDS): the home page is the most visited page, and the list is the same for everyone.
 */
const homeTours = new Map<string, { until: number; tours: Promise<TourSummary[]> }>();

/** Forgets the kept lists (a tour was edited in the console: entry.server.tsx `contentChanged`). */
export function forgetHomeTours(): void {
  homeTours.clear();
}

/** The home page's last-minute tours; none when the API cannot answer (the page goes on without them). */
export function loadHomeTours(request: Request, locale: Locale, state: RequestState): Promise<TourSummary[]> {
  const currency = displayCurrency(request, locale);
  const key = `${locale} ${currency}`;
  const now = Date.now();
  const kept = homeTours.get(key);
  if (kept && kept.until > now) return kept.tours;
  const tours = callEndpoint(state.api, endpoints.listTours, { query: { lang: locale, currency } }).then(
    (list) => list.data.filter((tour) => tour.seats_left > 0).slice(0, HOME_TOURS),
  );
  homeTours.set(key, { until: now + TOURS_MAX_AGE_SECONDS * 1000, tours });
  // A failed call is not kept: the next visitor asks again.
  return tours.catch(() => {
    if (homeTours.get(key)?.tours === tours) homeTours.delete(key);
    return [];
  });
}

type TourPageParams = { lang?: string; slug?: string };

/** A tour page's language and tour: a 404 for an unknown language or a malformed slug. */
function tourPage(params: TourPageParams): { locale: Locale; slug: string } {
  const locale = pageLocale(params.lang);
  const slug = tourSlugSchema.safeParse(params.slug);
  if (!slug.success) throw notFound();
  return { locale, slug: slug.data };
}

/** The detail page: one tour on sale, else 404. `?sent=1` after a request was sent. */
export async function loadTourPage(request: Request, params: TourPageParams, state: RequestState) {
  const { locale, slug } = tourPage(params);
  const answer = await orNotFound(
    callEndpoint(state.api, endpoints.getTour, {
      params: { slug },
      query: { lang: locale, currency: displayCurrency(request, locale) },
      signal: request.signal,
    }),
  );
  const sent = new URL(request.url).searchParams.get('sent') === '1';
  return data({ tour: answer.data, sent }, { headers: publicPageHeaders(request, TOURS_MAX_AGE_SECONDS) });
}

/** The request form: validated here and by the API; stored and emailed to the operator; then back with `?sent=1`. */
export async function tourRequestAction(request: Request, params: TourPageParams, state: RequestState) {
  const { locale, slug } = tourPage(params);
  const refused = await submitForm({
    schema: tourRequestFormSchema(locale),
    fields: readFields(await request.formData(), TOUR_REQUEST_FIELDS, { lang: locale }),
    send: (body) => callEndpoint(state.api, endpoints.requestTour, { params: { slug }, body }),
  });
  if (refused) return refused;
  return redirect(`/${locale}/tours/${slug}?sent=1#tour-request`, {
    headers: { 'Cache-Control': 'no-store' },
  });
}
