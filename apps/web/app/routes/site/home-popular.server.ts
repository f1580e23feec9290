/** The home page's popular destinations from the API (GET /v1/flights/popular). */
import type { PopularDestinations } from '@parvoz/contracts/offers';
import type { Currency } from '@parvoz/i18n/currency';
import type { Locale } from '@parvoz/i18n/locales';
import { endpoints } from '@parvoz/contracts/endpoints';
import type { ApiClient } from '../../lib/api.server.ts';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { webConfig } from '../../lib/config.server.ts';

/**
 * Where a visitor without a search of their own is shown flights from: the capital of the language's home
 * market (Moscow, Tashkent, Istanbul). English is the language of no one market: it is the agency's own, where
 * it sells from (`AGENCY_HOME_CITY`, Tashkent unless set; docs/operations.md#production-settings), not a city
 * the agency does not sell in (docs/decisions/0010-home-page-and-low-fare-calendar.md).
 */
export function homeOriginOf(lang: Locale, agencyHomeCity: string): string {
  return lang === 'en' ? agencyHomeCity : HOME_ORIGIN_OF_MARKET[lang];
}

const HOME_ORIGIN_OF_MARKET: Record<Exclude<Locale, 'en'>, string> = { ru: 'MOW', uz: 'TAS', tr: 'IST' };

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
  const fallback = homeOriginOf(query.lang, webConfig.agencyHomeCity);
  if (query.lastOrigin && query.lastOrigin !== fallback) {
    const own = await ask(query.lastOrigin);
    if (own?.destinations.length) return own;
  }
  return ask(fallback);
}
