import { endpoints } from '@parvoz/contracts/endpoints';
import { callEndpoint } from '../../lib/endpoint-client.server.ts';
import { useState } from 'react';
import { data, Link } from 'react-router';
import type { Traveller } from '@parvoz/contracts/travellers';
import { formatSearchSegment } from '@parvoz/core/search-segment';
import { DEFAULT_CURRENCY_BY_LOCALE, isCurrency, type Currency } from '@parvoz/i18n/currency';
import { type Locale } from '@parvoz/i18n/locales';
import type { Route } from './+types/booking';
import { PageHeading } from '../../components/PageHeading.tsx';
import { OfferCountdown } from '../../components/OfferCountdown.tsx';
import { useExpired } from '../../lib/offer-clock.ts';
import { buttonClasses } from '../../components/Button.tsx';
import { Itinerary } from '../../components/Itinerary.tsx';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { ApiError } from '../../lib/api.server.ts';
import { readCookies } from '../../lib/cookies.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import { loadCurrentUserOnce, loadSavedTravellers } from '../../lib/user.server.ts';
import type { BookingOffer } from '../../features/booking/offer.ts';
import { countryOptions } from '../../features/booking/countries.server.ts';
import { bookingAction } from '../../features/booking/booking-action.server.ts';
import { BookingForm } from '../../features/booking/BookingForm.tsx';
import { PriceSummary, totalWithLuggage } from '../../features/booking/PriceSummary.tsx';
import { useMoney } from '../../lib/use-money.ts';
import { luggageSuits } from '@parvoz/contracts/luggage';
import { luggageOf, luggageValue } from '../../features/booking/form-fields.ts';

const BOOKING_FARE_KEYS: Record<BookingOffer['fare_family'], MessageKey> = {
  light: 'booking.fare.light',
  standard: 'booking.fare.standard',
  business: 'booking.fare.business',
  business_flex: 'booking.fare.business_flex',
};

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'page.booking.heading'),
  // The page carries a personal offer: keep it out of search engines.
  { name: 'robots', content: 'noindex' },
];

/** A personal page (offer, idempotency key, saved travellers): never stored by a cache. */
export function headers({ parentHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  merged.set('Cache-Control', 'private, no-store');
  return merged;
}

const DEFAULT_PHONE_COUNTRY: Record<Locale, string> = { en: 'UZ', ru: 'UZ', uz: 'UZ', tr: 'TR' };

/** The results page of the same search, for "new search" (a search path given by the results page wins). */
function searchPathOf(lang: Locale, offer: BookingOffer | null, given: string | null): string {
  if (given && /^[A-Z]{3}\d{4}[A-Z]{3}\d{0,4}\d{1,3}b?$/.test(given)) return `/${lang}/flight/${given}`;
  if (!offer) return `/${lang}`;
  const out = offer.slices[0]!;
  const back = offer.slices[1];
  const count = (type: string) => offer.passengers.filter((p) => p.type === type).length;
  try {
    const segment = formatSearchSegment({
      origin: out.origin,
      destination: out.destination,
      departureDate: out.departing_at.slice(0, 10),
      returnDate: back ? back.departing_at.slice(0, 10) : null,
      passengers: { adults: count('adult'), children: count('child'), infants: count('infant') },
      cabin: offer.cabin_class,
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
      query: { currency },
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
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang: Locale = context.get(requestStateContext).locale;
  return bookingAction(request, context.get(requestStateContext), lang, readCookies(request).currency);
}

export default function FlightBooking({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const expired = useExpired(
    loaderData.kind === 'offer' ? loaderData.offer.expires_at : null,
    loaderData.kind === 'offer' ? loaderData.servedAt : 0,
  );
  if (
    loaderData.kind !== 'offer' ||
    expired ||
    actionData?.problem === 'expired' ||
    actionData?.problem === 'unavailable'
  ) {
    const kind = expired ? 'expired' : (actionData?.problem ?? loaderData.kind);
    const searchPath = actionData?.searchPath ?? loaderData.searchPath;
    return (
      <>
        <PageHeading>{t('page.booking.heading')}</PageHeading>
        <div
          role={kind === 'none' ? 'status' : 'alert'}
          className="grid max-w-xl gap-4 rounded border border-amber-400 bg-amber-50 p-5 text-amber-950"
        >
          <p className="text-lg font-semibold">
            {kind === 'expired'
              ? t('booking.expired')
              : kind === 'unavailable'
                ? t('booking.unavailable')
                : kind === 'none'
                  ? t('booking.noOffer')
                  : t('booking.error.offer')}
          </p>
          <div>
            <Link to={searchPath} className={buttonClasses({ size: 'md' })}>
              {t('booking.newSearch')}
            </Link>
          </div>
        </div>
      </>
    );
  }
  return <OfferBooking loaderData={loaderData} actionData={actionData} />;
}

function OfferBooking({
  loaderData,
  actionData,
}: {
  loaderData: Extract<Route.ComponentProps['loaderData'], { kind: 'offer' }>;
  actionData: Route.ComponentProps['actionData'];
}) {
  const t = useT();
  const money = useMoney();
  const { offer } = loaderData;
  const [luggage, setLuggage] = useState<ReadonlySet<string>>(
    () => new Set(actionData ? luggageOf(actionData.submission.initialValue) : loaderData.preselectedLuggage),
  );
  const services = [...luggage].flatMap((value) => {
    const service = offer.available_services.find((s) => s.id === value.split(':')[0]);
    return service ? [service] : [];
  });
  const total = money(totalWithLuggage(offer, services), offer.total_currency);
  return (
    <>
      <PageHeading>{t('page.booking.heading')}</PageHeading>
      <div className="mb-4">
        <OfferCountdown expiresAt={offer.expires_at} servedAt={loaderData.servedAt} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="trip-heading" className="grid min-w-0 content-start gap-3 lg:col-start-1">
          <h2 id="trip-heading" className="text-xl font-semibold">
            {t('booking.trip.heading')}
          </h2>
          <p className="text-sm text-neutral-700">
            {t('booking.trip.summary', {
              cabin:
                offer.cabin_class === 'business' ? t('booking.cabin.business') : t('booking.cabin.economy'),
              family: t(BOOKING_FARE_KEYS[offer.fare_family]),
            })}
            {offer.seats_left !== undefined
              ? ` · ${t('booking.trip.seatsLeft', { count: offer.seats_left })}`
              : ''}
          </p>
          <Itinerary slices={offer.slices} />
          {offer.payment_requirements?.requires_instant_payment ? (
            // The airline will not hold this fare (docs/duffel.md): it is booked there only once the payment
            // completes.
            <p
              className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="booking-instant-payment"
            >
              {t('booking.instantPayment')}
            </p>
          ) : offer.payment_requirements?.instant_with_services ? (
            // With an extra bag the airline holds no seats (docs/duffel.md): said before the traveller
            // chooses one.
            <p
              className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="booking-bags-instant-payment"
            >
              {t('booking.bagsInstantPayment')}
            </p>
          ) : null}
          {offer.display_total ? (
            // A real airline's fare is charged in the airline's currency (docs/duffel.md): the one asked for,
            // for reference.
            <p
              className="rounded border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950"
              data-testid="booking-charged-currency"
            >
              {t('booking.chargedInAirlineCurrency', {
                currency: offer.total_currency,
                total: money(offer.total_amount, offer.total_currency),
                approx: money(offer.display_total.amount, offer.display_total.currency),
              })}
            </p>
          ) : null}
        </section>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="lg:sticky lg:top-4">
            <PriceSummary offer={offer} luggage={services} />
          </div>
        </div>
        <div className="min-w-0 lg:col-start-1">
          <BookingForm
            key={offer.id}
            offer={offer}
            countries={loaderData.countries}
            travellers={loaderData.travellers}
            idempotencyKey={loaderData.idempotencyKey}
            searchPath={loaderData.searchPath}
            defaults={loaderData.defaults}
            luggage={luggage}
            onLuggageChange={(value, checked) =>
              setLuggage((current) => {
                const next = new Set(current);
                if (checked) next.add(value);
                else next.delete(value);
                return next;
              })
            }
            total={total}
            actionData={actionData}
          />
        </div>
      </div>
    </>
  );
}
