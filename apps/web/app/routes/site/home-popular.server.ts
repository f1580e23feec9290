/** The home page's popular destinations from the API (GET /v1/flights/popular). */
import type { PopularDestinations } from '@parvoz/contracts/offers';
import type { Currency } from '@parvoz/i18n/currency';
import type { Locale } from '@parvoz/i18n/locales';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { ApiClient } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';

/**
 * Where a visitor without a search of their own is shown flights from: the capital of the language's home
 * market (Tashkent, Moscow, Istanbul). English is the language of visitors from abroad rather than of one
 * market; London is the English-speaking city with the most routes in the network, and it has nonstop flights
 * to Tashkent, Moscow and Istanbul (docs/decisions/0010-home-page-and-low-fare-calendar.md).
 */
export const HOME_ORIGIN_BY_LOCALE: Record<Locale, string> = { en: 'LON', ru: 'MOW', uz: 'TAS', tr: 'IST' };

/**
 * Destinations from the visitor's last origin, else (unknown place, nothing found from it) from the language's
 * city; null when the API cannot answer (the page goes on without them).
 */
export async function loadPopularDestinations(
  api: ApiClient,
  query: { lastOrigin: string | null; lang: Locale; currency: Currency },
  signal?: AbortSignal,
): Promise<PopularDestinations | null> {
  const ask = (origin: string) =>
    callEndpoint(api, endpoints.popularDestinations, {
      query: { origin, currency: query.currency, lang: query.lang },
      ...(signal ? { signal } : {}),
    })
      .then((answer) => answer.data)
      .catch(() => null);
  const fallback = HOME_ORIGIN_BY_LOCALE[query.lang];
  if (query.lastOrigin && query.lastOrigin !== fallback) {
    const own = await ask(query.lastOrigin);
    if (own?.destinations.length) return own;
  }
  return ask(fallback);
}
