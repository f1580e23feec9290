import { endpoints } from '@parvoz/contracts/endpoints';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { data } from 'react-router';
import type { Traveller } from '@parvoz/contracts/travellers';
import { formatSearchSegment } from '@parvoz/core/search-segment';
import { DEFAULT_CURRENCY_BY_LOCALE, isCurrency, type Currency } from '@parvoz/i18n/currency';
import type { Locale } from '@parvoz/i18n/locales';
import type { Route } from './+types/booking';
import { ApiError } from '../../lib/api.server.ts';
import { readCookies } from '../../lib/cookies.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { loadCurrentUserOnce, loadSavedTravellers } from '../../lib/user.server.ts';
import type { BookingOffer } from './booking-offer.ts';
import { countryOptions } from './booking-countries.server.ts';
import { bookingAction } from './booking-action.server.ts';
import { luggageSuits } from '@parvoz/contracts/luggage';
import { luggageValue } from './booking-form-fields.ts';
import { loadSeatMaps } from './booking-seats.server.ts';

const DEFAULT_PHONE_COUNTRY: Record<Locale, string> = { en: 'UZ', ru: 'UZ', uz: 'UZ', tr: 'TR' };

/** The results page of the same search, for "new search" (a search path given by the results page wins). */
function searchPathOf(lang: Locale, offer: BookingOffer | null, given: string | null): string {
  if (given && /^([A-Z]{3}\d{4}[A-Z]{3}-){0,5}[A-Z]{3}\d{4}[A-Z]{3}\d{0,4}\d{1,3}b?$/.test(given))
    return `/${lang}/flight/${given}`;
  if (!offer) return `/${lang}`;
  const [out, ...rest] = offer.slices;
  const legs = [out!, ...rest].map((slice) => ({
    origin: slice.origin,
    destination: slice.destination,
    departureDate: slice.departing_at.slice(0, 10),
  }));
  // The way back of a round trip returns to where the trip began; anything else is a multi-city trip.
  const roundTrip =
    legs.length === 2 && legs[1]!.origin === out!.destination && legs[1]!.destination === out!.origin;
  const count = (type: string) => offer.passengers.filter((p) => p.type === type).length;
  try {
    const segment = formatSearchSegment({
      ...legs[0]!,
      returnDate: roundTrip ? legs[1]!.departureDate : null,
      passengers: { adults: count('adult'), children: count('child'), infants: count('infant') },
      cabin: offer.cabin_class,
      ...(legs.length > 1 && !roundTrip ? { moreLegs: legs.slice(1) } : {}),
    });
    return `/${lang}/flight/${segment}`;
  } catch {
    return `/${lang}`;
  }
}

/**
 * Luggage chosen on the results page: `luggage[i]=<service id>` adds that bag for every passenger it suits,
 * `luggage[i]=<service id>:<passenger index>` for one passenger.
 */
function preselectedLuggage(url: URL, offer: BookingOffer): string[] {
  const chosen = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (!/^luggage(\[\d{1,2}\])?$/.test(name)) continue;
    const [id, index] = value.split(':');
    const service = offer.available_services.find((s) => s.id === id);
    if (!service) continue;
    offer.passengers.forEach((p, i) => {
      if (luggageSuits(service, i, p.type) && (index === undefined || Number(index) === i)) {
        chosen.add(luggageValue(service.id, i));
      }
    });
  }
  return [...chosen];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang: Locale = context.get(requestStateContext).locale;
  const state = context.get(requestStateContext);
  const url = new URL(request.url);
  const offerId = url.searchParams.get('offer');
  const givenSearch = url.searchParams.get('search');
  const cookie = readCookies(request).currency;
  const currency: Currency = isCurrency(cookie) ? cookie : DEFAULT_CURRENCY_BY_LOCALE[lang];
  // Nothing chosen yet (e.g. the page opened from a bookmark): a page that says what to do, not an error.
  if (!offerId) return { kind: 'none' as const, searchPath: searchPathOf(lang, null, givenSearch) };
  if (offerId.length > 2000) {
    return data(
      { kind: 'invalid' as const, searchPath: searchPathOf(lang, null, givenSearch) },
      { status: 404 },
    );
  }
  let offer: BookingOffer;
  try {
    const answer = await callEndpoint(state.api, endpoints.getOffer, {
      params: { id: offerId },
      // The page's language is the market the agency's rules price for, as the search did.
      query: { currency, lang },
    });
    offer = answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 410) {
      return data(
        { kind: 'expired' as const, searchPath: searchPathOf(lang, null, givenSearch) },
        { status: 410 },
      );
    }
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return data(
        { kind: 'invalid' as const, searchPath: searchPathOf(lang, null, givenSearch) },
        { status: 404 },
      );
    }
    if (error instanceof ApiError && error.code === 'offer_unavailable') {
      return data(
        { kind: 'unavailable' as const, searchPath: searchPathOf(lang, null, givenSearch) },
        { status: 422 },
      );
    }
    throw error;
  }

  // The seat maps (a supplier's are a call to the airline) while the traveller's own data is read.
  const seatMaps = loadSeatMaps(state, offer.id, offer.passengers.length, { currency, lang });
  const user = state.token ? await loadCurrentUserOnce(state) : null;
  let travellers: Traveller[] | null = null;
  if (user) {
    travellers = await loadSavedTravellers(state);
  }
  return {
    kind: 'offer' as const,
    offer,
    // The server's clock when the offer was read: the countdown measures the offer's lifetime from it.
    servedAt: Date.now(),
    countries: countryOptions(lang),
    travellers,
    idempotencyKey: crypto.randomUUID(),
    searchPath: searchPathOf(lang, offer, givenSearch),
    defaults: {
      fullName: user?.name ?? '',
      email: user?.email ?? '',
      phoneCountry: DEFAULT_PHONE_COUNTRY[lang],
    },
    preselectedLuggage: preselectedLuggage(url, offer),
    seatMaps: await seatMaps,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang: Locale = context.get(requestStateContext).locale;
  return bookingAction(request, context.get(requestStateContext), lang, readCookies(request).currency);
}
