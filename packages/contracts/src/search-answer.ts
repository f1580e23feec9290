/**
 * A search answer's offers made whole again (ADR 0015): POST /v1/flights/search lists each flight, slice,
 * carrier, aircraft and fare family once and its offers refer to them; this gives each offer its slices (with
 * their segments), baggage, fare families (with their signed ids), luggage and owner as GET /v1/offers/{id}
 * shapes them, less the price breakdown. Pure; the web's results page and the tests read answers through it.
 * Offers sharing a slice share one slice object.
 */
import type { ApiOffer, SearchAnswer } from './offers.ts';

/** An offer of a search, whole: the priced offer's shape without the breakdown per passenger type. */
export type SearchOffer = Omit<ApiOffer, 'price_breakdown'>;

/** Thrown for an answer whose offers name a slice or fare family it does not list. */
export class BrokenSearchAnswer extends Error {}

export function expandSearchOffers(data: SearchAnswer): SearchOffer[] {
  const baggage = new Map(data.fare_families.map((f) => [f.fare_family, f.baggage]));
  const baggageOf = (family: string) => {
    const b = baggage.get(family as never);
    if (!b) throw new BrokenSearchAnswer(`fare family ${family} is not listed`);
    return b;
  };
  const listed = <T>(table: Record<string, T>, what: string, key: string): T => {
    const item = Object.hasOwn(table, key) ? table[key] : undefined;
    if (!item) throw new BrokenSearchAnswer(`${what} ${key} is not listed`);
    return item;
  };
  const flightOf = (key: string) => {
    const flight = listed(data.flights, 'flight', key);
    return {
      ...flight,
      marketing_carrier: { ...listed(data.carriers, 'carrier', flight.marketing_carrier) },
      aircraft: { ...listed(data.aircraft, 'aircraft', flight.aircraft) },
    };
  };
  const slices = new Map<string, ApiOffer['slices'][number]>();
  const sliceOf = (key: string) => {
    let slice = slices.get(key);
    if (!slice) {
      const {
        luggage: _luggage,
        flights,
        connection_minutes: connections,
        ...rest
      } = listed(data.slices, 'slice', key);
      if (connections.length !== flights.length - 1)
        throw new BrokenSearchAnswer(
          `slice ${key} has ${connections.length} connections for ${flights.length} flights`,
        );
      const segments = flights.map((flight, i) =>
        i === 0 ? flightOf(flight) : { ...flightOf(flight), connection_minutes: connections[i - 1]! },
      );
      slices.set(key, (slice = { ...rest, segments }));
    }
    return slice;
  };
  return data.offers.map((o) => {
    const own = { fare_family: o.fare_family, offer_id: o.id, total_amount: o.total_amount };
    const fares = data.fare_families
      .map((f) =>
        f.fare_family === o.fare_family ? own : o.other_fares.find((x) => x.fare_family === f.fare_family),
      )
      .filter((f) => f !== undefined);
    const offerSlices = o.slices.map(sliceOf);
    // The offer's own bags where its airline sets them, else its family's.
    const bagsOf = (family: string) =>
      family === o.fare_family && o.baggage ? o.baggage : baggageOf(family);
    const first = offerSlices[0]!.segments[0];
    const offer: SearchOffer = {
      id: o.id,
      total_amount: o.total_amount,
      total_currency: data.currency,
      base_amount: o.base_amount,
      tax_amount: o.tax_amount,
      expires_at: data.expires_at,
      slices: offerSlices,
      passengers: data.passengers,
      cabin_class: data.cabin_class,
      fare_family: o.fare_family,
      baggage: bagsOf(o.fare_family),
      fare_families: fares.map((f) => ({
        fare_family: f.fare_family,
        offer_id: f.offer_id,
        total_amount: f.total_amount,
        total_currency: data.currency,
        baggage: bagsOf(f.fare_family),
      })),
      available_services: o.slices.map((key, i) => {
        const luggage = data.slices[key]!.luggage;
        return {
          id: `lug_${i}`,
          type: 'baggage' as const,
          slice_index: i,
          weight_kg: luggage.weight_kg,
          amount: luggage.amount,
          currency: data.currency,
          passenger_types: luggage.passenger_types,
        };
      }),
      owner: first ? { ...first.marketing_carrier } : { iata_code: '', name: '' },
    };
    if (o.seats_left !== undefined) offer.seats_left = o.seats_left;
    if (o.payment_requirements) offer.payment_requirements = o.payment_requirements;
    return offer;
  });
}
