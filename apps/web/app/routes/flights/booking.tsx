import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/booking';
import { PageHeading } from '../../components/PageHeading.tsx';
import { OfferCountdown } from '../../components/OfferCountdown.tsx';
import { useExpired } from '../../lib/offer-clock.ts';
import { buttonClasses } from '../../components/Button.tsx';
import { Itinerary } from '../../components/Itinerary.tsx';
import { Static } from '../../components/Static.tsx';
import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import type { BookingOffer } from './booking-offer.ts';
import { BookingForm } from './booking-form.tsx';
import { bookingClientAction } from './booking-client-action.ts';
import { PriceSummary, totalWithLuggage } from './booking-price-summary.tsx';
import { useMoney } from '../../lib/use-money.ts';
import { luggageOf } from './booking-form-fields.ts';
import { offeredPicks, pickedAmounts, seatPicksOf, type SeatPicks } from './booking-seats-model.ts';
import { personalPageHeaders } from '../../lib/page-cache.server.ts';

export { loader, action } from './booking.server.ts';

export const clientAction = (args: Route.ClientActionArgs) => bookingClientAction(args);

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
export const headers = personalPageHeaders;

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
  // With a promo code applied, the offer's total is the one with its discount (booking-promo.server.ts).
  const promo = actionData?.promo;
  const offer = promo ? { ...loaderData.offer, total_amount: promo.total_amount } : loaderData.offer;
  const [luggage, setLuggage] = useState<ReadonlySet<string>>(
    () => new Set(actionData ? luggageOf(actionData.submission.initialValue) : loaderData.preselectedLuggage),
  );
  const services = [...luggage].flatMap((value) => {
    const service = offer.available_services.find((s) => s.id === value.split(':')[0]);
    return service ? [service] : [];
  });
  const [picked, setSeatPicks] = useState<SeatPicks>(() => seatPicksOf(actionData?.submission.initialValue));
  const seatPicks = offeredPicks(picked, loaderData.seatMaps);
  const seatAmounts = pickedAmounts(seatPicks);
  const total = money(totalWithLuggage(offer, services, seatAmounts), offer.total_currency);
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
          {/* The flights never change on this page: not hydrated (components/Static.tsx). */}
          <Static id="booking-itinerary" watch={[offer.slices]}>
            <Itinerary slices={offer.slices} />
          </Static>
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
            <PriceSummary offer={offer} luggage={services} seats={seatAmounts} promo={promo} />
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
            seatMaps={loaderData.seatMaps}
            seatPicks={seatPicks}
            onSeatPick={(passenger, flight, pick) =>
              setSeatPicks((current) => {
                const next = new Map(current);
                const flights = new Map(next.get(passenger));
                if (pick) flights.set(flight, pick);
                else flights.delete(flight);
                return next.set(passenger, flights);
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
