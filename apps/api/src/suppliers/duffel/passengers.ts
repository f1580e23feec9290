/**
 * Our passengers as Duffel's offer requests and create-order bodies name them (docs/duffel.md, Booking): the
 * search's, by type or age; the booking's, on the offer's passenger ids with the identity documents its terms call
 * for.
 */
import type {
  CreateOfferRequest,
  CreateOfferRequestPassenger,
  CreateOrderPassenger,
  Offer as DuffelOffer,
} from '@duffel/api/types';
import type { FlightSearchRequest, PassengerType } from '@parvoz/core/search-types';
import type { BookingPassenger } from '../orders.ts';

/** Ages sent for our passenger types (our search has counts, not birth dates; Duffel wants under-18s by age). */
export const CHILD_AGE = 8;
export const INFANT_AGE = 1;

/** The offer request of one search (`return_offers` and `supplier_timeout` go in the query, by the SDK). */
export function toOfferRequest(request: FlightSearchRequest): CreateOfferRequest {
  const p = request.passengers;
  const passengers: CreateOfferRequestPassenger[] = [
    ...Array.from({ length: p.adults }, () => ({ type: 'adult' as const })),
    ...Array.from({ length: p.children ?? 0 }, () => ({ age: CHILD_AGE })),
    ...Array.from({ length: p.infants ?? 0 }, () => ({ age: INFANT_AGE })),
  ];
  const maxConnections = Math.min(2, Math.max(0, request.max_connections ?? 2)) as 0 | 1 | 2;
  return {
    // The time-range filters are optional in Duffel's API (the SDK's type lists them): none is sent.
    slices: request.slices.map(
      (s) =>
        ({
          origin: s.origin,
          destination: s.destination,
          departure_date: s.departure_date,
        }) as CreateOfferRequest['slices'][number],
    ),
    passengers,
    cabin_class: request.cabin_class ?? 'economy',
    max_connections: maxConnections,
  };
}

/** One of our travellers, with the passport the booking form collects (the port's, ../orders.ts). */
export type DuffelBookingPassenger = BookingPassenger;

/**
 * What the offer's terms let the site send of the passport it collects for each passenger (Duffel: the official
 * client's OfferTypes and CreateOrderPassenger, and duffel.com/docs/api/offers/get-offers): `passport` when the
 * offer requires a document for every passenger (`passenger_identity_documents_required`) and supports passports;
 * `none` when it requires none (a supported type "may be provided", but no more is sent than the airline needs; with
 * no supported type, none may be); `unsupported` when it requires a document of a type the site does not collect.
 */
export function identityDocumentsFor(offer: DuffelOffer): 'passport' | 'none' | 'unsupported' {
  const supported: readonly string[] = offer.supported_passenger_identity_document_types ?? [];
  if (!offer.passenger_identity_documents_required) return 'none';
  return supported.includes('passport') ? 'passport' : 'unsupported';
}

/**
 * Our passengers on the offer's passenger ids, by type in order; each infant on the lap of an adult; each with
 * their passport only when the offer requires it (`identityDocumentsFor`, which the caller checks first).
 */
export function orderPassengers(
  offer: DuffelOffer,
  passengers: readonly DuffelBookingPassenger[],
  contact: { email: string; phone: string },
): CreateOrderPassenger[] | null {
  const typeOf = (p: DuffelOffer['passengers'][number]): PassengerType =>
    p.type === 'infant_without_seat' || (p.age !== null && p.age < 2)
      ? 'infant'
      : p.type === 'child' || (p.age !== null && p.age < 12 && p.type !== 'adult')
        ? 'child'
        : 'adult';
  const pool = new Map<PassengerType, string[]>();
  for (const p of offer.passengers) pool.set(typeOf(p), [...(pool.get(typeOf(p)) ?? []), p.id]);
  const out: CreateOrderPassenger[] = [];
  const withPassport = identityDocumentsFor(offer) === 'passport';
  for (const p of passengers) {
    const id = pool.get(p.type)?.shift();
    if (!id) return null;
    out.push({
      id,
      given_name: p.given_name,
      family_name: p.family_name,
      born_on: p.born_on,
      gender: p.gender === 'male' ? 'm' : 'f',
      title: p.gender === 'male' ? 'mr' : 'ms',
      email: contact.email,
      phone_number: contact.phone.replace(/[^\d+]/g, ''),
      ...(withPassport
        ? {
            identity_documents: [
              {
                type: 'passport' as const,
                unique_identifier: p.document.number,
                issuing_country_code: p.document.issuing_country_code,
                expires_on: p.document.expires_on,
              },
            ],
          }
        : {}),
    });
  }
  if ([...pool.values()].some((left) => left.length > 0)) return null;
  const adults = out.filter((_, i) => passengers[i]!.type === 'adult');
  out
    .filter((_, i) => passengers[i]!.type === 'infant')
    .forEach((infant, i) => {
      if (adults[i]) adults[i].infant_passenger_id = infant.id;
    });
  return out;
}
