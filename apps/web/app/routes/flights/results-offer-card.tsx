import { legLabel } from '../../lib/trip-legs.ts';
import { useState } from 'react';
import { Form } from 'react-router';
import { Link2, Luggage, ShoppingCart } from 'lucide-react';
import { buttonClasses } from '../../components/Button.tsx';
import { Disclosure } from '../../components/Disclosure.tsx';
import { notify } from '../../components/toast.tsx';
import { useLocale, useT, type MessageKey } from '../../lib/i18n.tsx';
import { formatShortDate, formatTime, useFormatDuration } from '../../features/search/format.ts';
import { useListedMoney } from '../../lib/use-money.ts';
import { bucketOf } from './results-filters.ts';
import { offerConnections } from './results-trip-filters.ts';
import {
  itineraryKeys,
  offerCarriers,
  offerTransfers,
  type Baggage,
  type FareFamily,
  type ResultOffer,
} from '../../features/search/results.ts';
import { DayMark, RouteDetails } from './results-route-details.tsx';
import type { PassengerCounts } from '../../features/search/search-form.ts';
import { AirlineMark } from '../../components/AirlineMark.tsx';

export type OfferContext = {
  segment: string;
  currency: string;
  passengers: PassengerCounts;
  /** Names of the searched places by code. */
  names: Record<string, string>;
  /**
   * Render every offer's details into the page (a browser without JavaScript opens them natively); otherwise a
   * card's details are rendered when first opened, which keeps the streamed page and its hydration small.
   */
  eagerDetails: boolean;
  /** Names of the searched cities' airports by code (the filters name them). */
  airportNames: Record<string, string>;
};

/** The shared ticket link: the route and the flights (never an offer id, which expires), and the fare. */
export function ticketLink(
  origin: string,
  lang: string,
  segment: string,
  offer: ResultOffer,
  fare: FareFamily,
): string {
  const itinerary = itineraryKeys(offer)
    .map((keys, i) => `itinerary[${i}]=${keys.map(encodeURIComponent).join(',')}`)
    .join('&');
  return `${origin}/${lang}/flight/${segment}?${itinerary}&fare=${fare}`;
}

function useBaggageText(): (b: Baggage) => string {
  const t = useT();
  return (b) =>
    b.checked_quantity > 0
      ? t('search.offer.baggageChecked', {
          cabin: b.cabin_kg,
          count: b.checked_quantity,
          weight: b.checked_kg,
        })
      : t('search.offer.baggageCabinOnly', { cabin: b.cabin_kg });
}

const FARE_NAME_KEYS: Record<FareFamily, MessageKey> = {
  light: 'search.fare.light',
  standard: 'search.fare.standard',
  business: 'search.fare.business',
  business_flex: 'search.fare.business_flex',
};

function useFareName(): (f: FareFamily) => string {
  const t = useT();
  return (f) => t(FARE_NAME_KEYS[f]);
}

/** One offer: the summary line per slice, price, fare and baggage; details with luggage, buy and share. */
export function OfferCard({
  offer,
  context,
  idPrefix,
  defaultOpen = false,
  initialFare,
}: {
  offer: ResultOffer;
  context: OfferContext;
  idPrefix: string;
  defaultOpen?: boolean;
  initialFare?: FareFamily;
}) {
  const t = useT();
  const locale = useLocale();
  const price = useListedMoney();
  const duration = useFormatDuration();
  const baggageText = useBaggageText();
  const fareName = useFareName();
  const passengerCount = context.passengers.adults + context.passengers.children + context.passengers.infants;
  const carriers = offerCarriers(offer);
  // The details render once first opened (or at once where asked: no JavaScript, a shared ticket).
  const [opened, setOpened] = useState(defaultOpen);
  return (
    <article
      aria-labelledby={`${idPrefix}-title`}
      className="rounded-xl bg-white shadow-sm ring-1 ring-neutral-200"
      data-testid="offer"
      data-total={offer.total_amount}
      data-transfers={offerTransfers(offer)}
      data-carriers={carriers.map((c) => c.code).join(' ')}
      data-itinerary={itineraryKeys(offer)
        .map((keys) => keys.join(','))
        .join(' ')}
      data-departure={offer.slices.map((s) => bucketOf(s.departing_at)).join(' ')}
      data-arrival={offer.slices.map((s) => bucketOf(s.arriving_at)).join(' ')}
      data-checked-bags={offer.baggage.checked_quantity}
      data-via={offerConnections(offer)
        .flatMap((c) => c.airports)
        .join(' ')}
    >
      <div className="grid gap-4 p-4 sm:grid-cols-[1fr_auto] sm:gap-6">
        <div className="grid gap-3">
          <h3
            id={`${idPrefix}-title`}
            className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-neutral-700"
          >
            {carriers.map((c, i) => (
              <span key={c.code} className="inline-flex items-center gap-1.5">
                <AirlineMark code={c.code} />
                {i < carriers.length - 1 ? `${c.name} ·` : c.name}
              </span>
            ))}
          </h3>
          {offer.slices.map((slice, s) => (
            <div key={s} className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-3">
              <p className="grid text-left">
                <span className="sr-only">{legLabel(t, s, offer.slices)}: </span>
                <span className="text-xl font-semibold tabular-nums">
                  {formatTime(locale, slice.departing_at)}
                </span>
                <span className="text-sm font-medium text-neutral-700">{slice.origin}</span>
                <span className="text-xs text-neutral-700 sm:text-sm">
                  {formatShortDate(locale, slice.departing_at)}
                </span>
              </p>
              <div className="grid gap-1 text-center text-sm">
                <span className="text-xs whitespace-nowrap text-neutral-700 sm:text-sm">
                  {duration(slice.duration_minutes)}
                </span>
                <span aria-hidden="true" className="relative mx-1 block h-px bg-neutral-300">
                  {slice.segments.slice(1).map((seg, i) => (
                    <span
                      key={seg.flight_key}
                      className="absolute top-1/2 size-2 -translate-x-1/2 -translate-y-1/2 rounded-full border border-neutral-500 bg-white"
                      style={{ left: `${((i + 1) / slice.segments.length) * 100}%` }}
                    />
                  ))}
                </span>
              </div>
              <p className="grid text-right">
                <span className="text-xl font-semibold tabular-nums">
                  {formatTime(locale, slice.arriving_at)}
                  <DayMark from={slice.departing_at} to={slice.arriving_at} />
                </span>
                <span className="text-sm font-medium text-neutral-700">{slice.destination}</span>
                <span className="text-xs text-neutral-700 sm:text-sm">
                  {formatShortDate(locale, slice.arriving_at)}
                </span>
              </p>
              <p
                className={`col-span-3 -mt-2 text-center text-sm ${slice.transfers === 0 ? 'font-medium text-green-800' : 'text-neutral-700'}`}
              >
                {t('search.offer.transfers', { count: slice.transfers })}
                {slice.transfers > 0
                  ? `: ${slice.segments
                      .slice(1)
                      .map((seg) => `${seg.origin} ${duration(seg.connection_minutes ?? 0)}`)
                      .join(', ')}`
                  : ''}
              </p>
            </div>
          ))}
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-neutral-700">
            <Luggage aria-hidden="true" className="size-4" />
            <span>
              {fareName(offer.fare_family)} · {baggageText(offer.baggage)}
            </span>
          </p>
        </div>
        <div className="flex items-end justify-between gap-3 sm:grid sm:content-start sm:justify-items-end sm:text-right">
          <p className="grid">
            <span className="text-2xl font-bold tabular-nums text-neutral-900">
              {price(offer.total_amount, context.currency)}
            </span>
            <span className="text-sm text-neutral-700">
              {t('search.offer.totalFor', { count: passengerCount })}
            </span>
          </p>
          {offer.seats_left !== null || offer.instant_payment ? (
            <div className="grid justify-items-end gap-1">
              {offer.seats_left !== null ? (
                <p className="rounded bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900">
                  {t('search.offer.seatsLeft', { count: offer.seats_left })}
                </p>
              ) : null}
              {offer.instant_payment ? (
                // The airline will not hold this fare (docs/duffel.md): said before the traveller picks it,
                // not only on booking.
                <p
                  className="rounded bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900"
                  data-testid="offer-instant-payment"
                >
                  {t('search.offer.instantPayment')}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      <Disclosure
        className="group border-t border-neutral-200"
        panelId={`${idPrefix}-details`}
        defaultOpen={defaultOpen}
        onOpenChange={(open) => open && setOpened(true)}
        toggleClassName={`${buttonClasses({ variant: 'ghost', size: 'md' })} w-full justify-start rounded-none rounded-b-xl px-4`}
        summary={
          <>
            <span className="group-open:hidden group-data-[open]:hidden">
              {t('search.offer.showDetails')}
            </span>
            <span className="hidden group-open:inline group-data-[open]:inline">
              {t('search.offer.hideDetails')}
            </span>
          </>
        }
      >
        {opened || context.eagerDetails ? (
          <div className="grid gap-5 px-4 pt-2 pb-4">
            <RouteDetails slices={offer.slices} names={context.names} />
            {offer.instant_payment ? (
              <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                {t('search.offer.instantPaymentDetails')}
              </p>
            ) : null}
            <BuyPanel
              offer={offer}
              context={context}
              idPrefix={idPrefix}
              initialFare={initialFare ?? offer.fare_family}
            />
          </div>
        ) : null}
      </Disclosure>
    </article>
  );
}

/** Fare family, "add luggage" with its price, the total, buy (to the booking page) and the ticket link. */
function BuyPanel({
  offer,
  context,
  idPrefix,
  initialFare,
}: {
  offer: ResultOffer;
  context: OfferContext;
  idPrefix: string;
  initialFare: FareFamily;
}) {
  const t = useT();
  const locale = useLocale();
  const price = useListedMoney();
  const baggageText = useBaggageText();
  const fareName = useFareName();
  const fares = offer.fares.length ? offer.fares : [];
  const [fare, setFare] = useState<FareFamily>(
    fares.some((f) => f.fare_family === initialFare) ? initialFare : offer.fare_family,
  );
  const [luggage, setLuggage] = useState<string[]>([]);
  const chosen = fares.find((f) => f.fare_family === fare);
  const offerId = chosen?.offer_id ?? offer.id;
  const base = Number(chosen?.total_amount ?? offer.total_amount);
  const bagPassengers = (types: string[]) =>
    (types.includes('adult') ? context.passengers.adults : 0) +
    (types.includes('child') ? context.passengers.children : 0) +
    (types.includes('infant') ? context.passengers.infants : 0);
  const luggageTotal = offer.luggage
    .filter((l) => luggage.includes(l.id))
    .reduce((sum, l) => sum + Number(l.amount) * bagPassengers(l.passenger_types), 0);
  const total = Math.round((base + luggageTotal) * 100) / 100;

  const copy = async () => {
    const link = ticketLink(window.location.origin, locale, context.segment, offer, fare);
    try {
      await navigator.clipboard.writeText(link);
      notify(t('search.offer.linkCopied'), { type: 'success' });
    } catch {
      notify(t('search.offer.linkCopyFailed', { link }), { type: 'error', autoClose: false });
    }
  };

  return (
    <Form method="get" action={`/${locale}/flight/booking`} className="grid gap-4">
      <input type="hidden" name="search" value={context.segment} />
      {fares.length > 1 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-semibold">{t('search.fare.label')}</legend>
          {fares.map((f) => (
            <label
              key={f.fare_family}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-neutral-200 p-3 has-checked:border-primary-600 has-checked:bg-primary-50"
            >
              <input
                type="radio"
                name="offer"
                value={f.offer_id}
                checked={fare === f.fare_family}
                onChange={() => setFare(f.fare_family)}
                className="mt-1 size-4 accent-primary-700"
              />
              <span className="grid flex-1">
                <span className="font-medium">{fareName(f.fare_family)}</span>
                <span className="text-sm text-neutral-700">{baggageText(f.baggage)}</span>
              </span>
              <span className="font-semibold tabular-nums">{price(f.total_amount, context.currency)}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <input type="hidden" name="offer" value={offerId} />
      )}
      {offer.luggage.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-semibold">{t('search.luggage.label')}</legend>
          {offer.luggage.map((l) => {
            const count = bagPassengers(l.passenger_types);
            return (
              <label key={l.id} className="flex cursor-pointer items-start gap-3">
                <input
                  type="checkbox"
                  name={`luggage[${l.slice_index}]`}
                  value={l.id}
                  checked={luggage.includes(l.id)}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    setLuggage((list) => (on ? [...list, l.id] : list.filter((x) => x !== l.id)));
                  }}
                  className="mt-1 size-4 accent-primary-700"
                />
                <span>
                  {t('search.luggage.add', {
                    weight: l.weight_kg,
                    slice: legLabel(t, l.slice_index, offer.slices),
                  })}
                  <span className="block text-sm text-neutral-700">
                    {t('search.luggage.price', { price: price(l.amount, context.currency), count })}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-neutral-200 pt-4">
        <p>
          <span className="text-neutral-700">{t('search.offer.total')} </span>
          <output
            id={`${idPrefix}-total`}
            aria-live="polite"
            className="text-xl font-bold tabular-nums text-neutral-900"
          >
            {price(total, context.currency)}
          </output>
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClasses({ variant: 'outline', size: 'md' })}
            onClick={() => void copy()}
          >
            <Link2 aria-hidden="true" className="size-4" />
            {t('search.offer.copyLink')}
          </button>
          <button type="submit" className={buttonClasses({ size: 'md' })}>
            <ShoppingCart aria-hidden="true" className="size-4" />
            {t('search.offer.buy')}
          </button>
        </div>
      </div>
    </Form>
  );
}
