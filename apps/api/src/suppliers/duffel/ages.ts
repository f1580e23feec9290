/**
 * Passengers' ages as Duffel asks for them (docs/duffel.md, "Passengers' ages"). The official client's offer-request
 * types (@duffel/api, CreateOfferRequestAdultPassenger and CreateOfferRequestNonAdultPassenger) say: "If the
 * passenger is aged 18 or over, you should specify a `type` of `adult`. If a passenger is aged under 18, you should
 * specify their `age` instead", "the age of the passenger on the `departure_date` of the final slice … you must set
 * the age to 16". Our search has only counts by the site's age groups (12 and over, 2–11, under 2), so it asks for
 * an adult, a child of 8 and an infant of 1. Once the booking form gives the birth dates, an offer asked for other
 * ages is searched again for the travellers as they are, and the same flights, airline and fare brand are booked
 * at the price the airline gives them (a moved price is confirmed by the traveller first).
 */
import type {
  CreateOfferRequest,
  CreateOfferRequestPassenger,
  Offer as DuffelOffer,
  OfferPassenger,
} from '@duffel/api/types';
import { ageOn } from '@parvoz/core/passengers';

/** From this age Duffel takes a passenger as `{ type: "adult" }`; under it, by `{ age }`. */
export const DUFFEL_ADULT_AGE = 18;

/** How one passenger is asked for in an offer request: `adult`, or their age on the final slice's departure. */
export type AskedAs = 'adult' | number;

/** The local date of the final slice's departure: the day Duffel counts ages on. */
export const finalDepartureDate = (offer: DuffelOffer): string =>
  offer.slices.at(-1)!.segments[0]!.departing_at.slice(0, 10);

/** How each traveller (birth dates in booking order) must be asked for this offer; null for a birth after it. */
export function askedAsOf(offer: DuffelOffer, bornOn: readonly string[]): AskedAs[] | null {
  const on = finalDepartureDate(offer);
  const asked: AskedAs[] = [];
  for (const born of bornOn) {
    const age = ageOn(born, on);
    if (age === null) return null;
    asked.push(age >= DUFFEL_ADULT_AGE ? 'adult' : age);
  }
  return asked;
}

/** How the offer's passenger was asked for (null: by a type other than adult, which this site never sends). */
const askedAsIn = (p: Pick<OfferPassenger, 'age' | 'type'>): AskedAs | null =>
  p.age ?? (p.type === 'adult' ? 'adult' : null);

/**
 * Each traveller's passenger id in the offer: the first one not yet taken that was asked for as they are; null
 * when the offer was not asked for exactly these travellers.
 */
export function passengerIdsByAge(offer: DuffelOffer, asked: readonly AskedAs[]): string[] | null {
  const free = offer.passengers.map((p) => ({ id: p.id, as: askedAsIn(p) }));
  if (free.length !== asked.length) return null;
  const ids: string[] = [];
  for (const want of asked) {
    const at = free.findIndex((p) => p.as === want);
    if (at < 0) return null;
    ids.push(free[at]!.id);
    free.splice(at, 1);
  }
  return ids;
}

/** The offer request for the offer's own flights (its slices' airports and local dates), for these travellers. */
export function sameFlightsRequest(offer: DuffelOffer, asked: readonly AskedAs[]): CreateOfferRequest {
  const passengers: CreateOfferRequestPassenger[] = asked.map((a) =>
    a === 'adult' ? { type: 'adult' as const } : { age: a },
  );
  const connections = Math.max(...offer.slices.map((s) => s.segments.length - 1));
  return {
    slices: offer.slices.map(
      (s) =>
        ({
          origin: s.segments[0]!.origin.iata_code,
          destination: s.segments.at(-1)!.destination.iata_code,
          departure_date: s.segments[0]!.departing_at.slice(0, 10),
        }) as CreateOfferRequest['slices'][number],
    ),
    passengers,
    cabin_class: offer.slices[0]?.segments[0]?.passengers[0]?.cabin_class ?? 'economy',
    max_connections: Math.min(2, connections) as 0 | 1 | 2,
  };
}

/** A slice's flights as one string: carrier, number and local departure of each, and the fare brand. */
const sliceKey = (s: DuffelOffer['slices'][number]) =>
  [
    s.fare_brand_name ?? '',
    ...s.segments.map(
      (g) =>
        `${g.marketing_carrier?.iata_code ?? ''}${g.marketing_carrier_flight_number ?? ''}@${g.departing_at}`,
    ),
  ].join(' ');

/** Of `offers`, the cheapest that sells the same flights as `offer` with the same airline and fare brands. */
export function sameTripOffer(offer: DuffelOffer, offers: readonly DuffelOffer[]): DuffelOffer | null {
  const key = (o: DuffelOffer) => [o.owner?.iata_code ?? '', ...o.slices.map(sliceKey)].join(' | ');
  const wanted = key(offer);
  const same = offers
    .filter((o) => o.total_currency === offer.total_currency && key(o) === wanted)
    .sort((a, b) => Number(a.total_amount) - Number(b.total_amount));
  return same[0] ?? null;
}
