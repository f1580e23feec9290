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
import type { FlightSearchRequest } from '@parvoz/core/search-types';
import type { BookingPassenger } from '../orders.ts';
import { askedAsOf, passengerIdsByAge } from './ages.ts';

/**
 * Ages a search asks for (it has counts by type, not birth dates; Duffel wants under-18s by age). A booking asks
 * again for the travellers' real ages when they differ (./ages.ts).
 */
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
 * Our passengers on the offer's passenger ids, each on the one asked for at their age (./ages.ts); each infant on
 * the lap of an adult; each with their passport only when the offer requires it (`identityDocumentsFor`, which the
 * caller checks first). Null when the offer was not asked for these travellers' ages.
 */
export function orderPassengers(
  offer: DuffelOffer,
  passengers: readonly DuffelBookingPassenger[],
  contact: { email: string; phone: string },
): CreateOrderPassenger[] | null {
  const asked = askedAsOf(
    offer,
    passengers.map((p) => p.born_on),
  );
  const ids = asked ? passengerIdsByAge(offer, asked) : null;
  if (!asked || !ids) return null;
  const out: CreateOrderPassenger[] = [];
  const withPassport = identityDocumentsFor(offer) === 'passport';
  for (const [i, p] of passengers.entries()) {
    out.push({
      id: ids[i]!,
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
  // An infant sits on the lap of a grown-up first (18 and over), then of a 12–17-year-old.
  const grownUp = (i: number) => Number(asked[i] === 'adult');
  const adults = [...passengers.keys()]
    .filter((i) => passengers[i]!.type === 'adult')
    .sort((a, b) => grownUp(b) - grownUp(a))
    .map((i) => out[i]!);
  out
    .filter((_, i) => passengers[i]!.type === 'infant')
    .forEach((infant, i) => {
      if (adults[i]) adults[i].infant_passenger_id = infant.id;
    });
  return out;
}
