/** Offers of the results page for the filters' tests: built from their fares (the first is the offer's own). */
import type { FareOption, ResultOffer, ResultSegment } from '../features/search/results.ts';

/** A slice of these flights, `minutes` door to door. */
export function resultSlice(minutes: number, segments: ResultSegment[]): ResultOffer['slices'][number] {
  return {
    origin: segments[0]!.origin,
    destination: segments.at(-1)!.destination,
    departing_at: segments[0]!.departing_at,
    arriving_at: segments.at(-1)!.arriving_at,
    duration_minutes: minutes,
    transfers: segments.length - 1,
    segments,
  };
}

/** An offer in its first fare, with the others as its fare families. */
export function resultOffer(rank: number, fares: FareOption[], slices: ResultOffer['slices']): ResultOffer {
  const own = fares[0]!;
  return {
    id: own.offer_id,
    rank,
    total_amount: own.total_amount,
    fare_family: own.fare_family,
    baggage: own.baggage,
    seats_left: null,
    instant_payment: false,
    fares,
    luggage: [],
    slices,
  };
}
