/**
 * The wire form of a search (ADR 0015): the supplier's full offers folded into an answer that lists each
 * flight, slice, carrier, aircraft and fare family once. A round trip's 100 offers combine a few outbound and
 * return slices, and those slices share flights (the same first leg to a hub, say); repeating them, their
 * luggage, the carriers' and aircraft's names and the families' baggage in every offer made ~370 kB of JSON.
 */
import { fareFamiliesOf, baggageAllowance } from './pricing.ts';
import type {
  AircraftRef,
  BaggageAllowance,
  CarrierRef,
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
  const table = flightTables();
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
    // A supplier's airline sets its own bags (docs/duffel.md): they travel when the family's listed ones differ.
    if (!sameBaggage(offer.baggage, baggageAllowance(offer.fare_family))) out.baggage = offer.baggage;
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
    carriers: table.carriers,
    aircraft: table.aircraft,
    flights: table.flights,
    slices,
    offers,
    facets: data.facets,
    connected: data.connected,
  };
}

function sameBaggage(a: BaggageAllowance, b: BaggageAllowance): boolean {
  return (
    a.cabin.quantity === b.cabin.quantity &&
    a.cabin.weight_kg === b.cabin.weight_kg &&
    a.checked.quantity === b.checked.quantity &&
    a.checked.weight_kg === b.checked.weight_kg
  );
}

/**
 * A table of the answer that lists each thing once under a key of its own (a flight's key, a carrier's or an
 * aircraft's code). Two suppliers may describe the same key differently (an aircraft named otherwise, say):
 * the other description is listed under `{key}~2` (and so on), so expanding gives back what each supplier sent.
 */
function keyedTable<T extends object>(naturalKey: (item: T) => string) {
  const listed: Record<string, T> = {};
  // A listed item's JSON, made when its key comes again.
  const texts = new Map<string, string>();
  const textOf = (key: string): string => {
    let text = texts.get(key);
    if (text === undefined) texts.set(key, (text = JSON.stringify(listed[key])));
    return text;
  };
  const keyOf = (item: T): string => {
    const natural = naturalKey(item);
    if (!Object.hasOwn(listed, natural)) {
      listed[natural] = item;
      return natural;
    }
    const text = JSON.stringify(item);
    for (let n = 1; ; n++) {
      const key = n === 1 ? natural : `${natural}~${n}`;
      if (!Object.hasOwn(listed, key)) {
        listed[key] = item;
        texts.set(key, text);
        return key;
      }
      if (textOf(key) === text) return key;
    }
  };
  return { listed, keyOf };
}

/** The answer's flights, with their carriers and aircraft listed once by code. */
function flightTables() {
  const carriers = keyedTable<CarrierRef>((c) => c.iata_code);
  const aircraft = keyedTable<AircraftRef>((a) => a.iata_code);
  const flights = keyedTable<SearchFlight>((f) => f.flight_key);
  const keyOf = (segment: OfferSegment): string => {
    const { connection_minutes: _, marketing_carrier, aircraft: plane, ...rest } = segment;
    return flights.keyOf({
      ...rest,
      marketing_carrier: carriers.keyOf(marketing_carrier),
      aircraft: aircraft.keyOf(plane),
    });
  };
  return { flights: flights.listed, carriers: carriers.listed, aircraft: aircraft.listed, keyOf };
}
