/**
 * The wire form of a search (ADR 0015): the supplier's full offers folded into an answer that lists each
 * flight, slice and fare family once. A round trip's 100 offers combine a few outbound and return slices,
 * and those slices share flights (the same first leg to a hub, say); repeating them, their luggage and the
 * families' baggage in every offer made ~370 kB of JSON.
 */
import { fareFamiliesOf, baggageAllowance } from './pricing.ts';
import type {
  FlightSearchData,
  Offer,
  OfferSegment,
  SearchAnswer,
  SearchFlight,
  SearchOffer,
  SearchSlice,
} from './search-types.ts';

/** A slice's key: its flights (the same flights are the same slice in every offer of one search). */
const flightsOf = (slice: Offer['slices'][number]): string =>
  slice.segments.map((s) => s.flight_key).join(',');

/** Folds a search's offers into its wire form; the offers keep their order, ids and totals. */
export function compactSearch(data: FlightSearchData): SearchAnswer {
  const keys = new Map<string, string>();
  const slices: Record<string, SearchSlice> = {};
  const table = flightTable();
  const cabin = data.cabin_class;
  const offers = data.offers.map((offer): SearchOffer => {
    const refs = offer.slices.map((slice, i) => {
      const flights = flightsOf(slice);
      let key = keys.get(flights);
      if (key === undefined) {
        key = `s${keys.size}`;
        keys.set(flights, key);
        const luggage = offer.available_services.find((s) => s.slice_index === i);
        const { segments, ...rest } = slice;
        slices[key] = {
          ...rest,
          flights: segments.map(table.keyOf),
          connection_minutes: segments.slice(1).map((s) => s.connection_minutes ?? 0),
          luggage: {
            weight_kg: luggage?.weight_kg ?? 0,
            amount: luggage?.amount ?? '0',
            passenger_types: luggage?.passenger_types ?? [],
          },
        };
      }
      return key;
    });
    const out: SearchOffer = {
      id: offer.id,
      slices: refs,
      fare_family: offer.fare_family,
      total_amount: offer.total_amount,
      base_amount: offer.base_amount,
      tax_amount: offer.tax_amount,
      other_fares: offer.fare_families
        .filter((f) => f.fare_family !== offer.fare_family)
        .map((f) => ({ fare_family: f.fare_family, offer_id: f.offer_id, total_amount: f.total_amount })),
    };
    if (offer.seats_left !== undefined) out.seats_left = offer.seats_left;
    // Only the airline's own requirement: bags are chosen later, on the booking page, which says so there.
    if (offer.payment_requirements?.requires_instant_payment)
      out.payment_requirements = { requires_instant_payment: true };
    return out;
  });
  return {
    id: data.id,
    created_at: data.created_at,
    expires_at: data.expires_at,
    currency: data.currency,
    cabin_class: cabin,
    passengers: data.passengers,
    fare_families: fareFamiliesOf(cabin).map((f) => ({ fare_family: f, baggage: baggageAllowance(f) })),
    flights: table.listed,
    slices,
    offers,
    facets: data.facets,
    connected: data.connected,
  };
}

/**
 * The answer's flights by key: the flight key, unless two suppliers describe the same flight differently (an
 * aircraft named otherwise, say), when the other description is listed under a key of its own.
 */
function flightTable() {
  const listed: Record<string, SearchFlight> = {};
  // A listed flight's JSON, made when the same key comes again.
  const texts = new Map<string, string>();
  const textOf = (key: string): string => {
    let text = texts.get(key);
    if (text === undefined) texts.set(key, (text = JSON.stringify(listed[key])));
    return text;
  };
  const keyOf = (segment: OfferSegment): string => {
    const { connection_minutes: _, ...flight } = segment;
    if (!Object.hasOwn(listed, flight.flight_key)) {
      listed[flight.flight_key] = flight;
      return flight.flight_key;
    }
    const text = JSON.stringify(flight);
    for (let n = 1; ; n++) {
      const key = n === 1 ? flight.flight_key : `${flight.flight_key}~${n}`;
      if (!Object.hasOwn(listed, key)) {
        listed[key] = flight;
        texts.set(key, text);
        return key;
      }
      if (textOf(key) === text) return key;
    }
  };
  return { listed, keyOf };
}
