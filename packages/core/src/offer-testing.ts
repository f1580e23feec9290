/**
 * Flights and slices as a supplier answers them (search-types.ts), for tests that need an offer's shape but
 * not a search.
 */
import { formatDuration } from './schedule-time.ts';
import type { OfferSegment, OfferSlice } from './search-types.ts';

/** Uzbekistan Airways' HY601 from Tashkent to Istanbul on 15 December 2026 in economy, with `changes`. */
export function testSegment(changes: Partial<OfferSegment> = {}): OfferSegment {
  return {
    flight_key: 'HY601-2026-12-15',
    origin: 'TAS',
    destination: 'IST',
    departing_at: '2026-12-15T07:35:00+05:00',
    arriving_at: '2026-12-15T11:25:00+03:00',
    duration: 'PT4H50M',
    marketing_carrier: { iata_code: 'HY', name: 'Uzbekistan Airways' },
    flight_number: '601',
    aircraft: { iata_code: '320', name: 'Airbus A320' },
    cabin_class: 'economy',
    distance_km: 2820,
    ...changes,
  };
}

/** The slice these flights make, taking `minutes` from the first departure to the last arrival. */
export function sliceOf(segments: OfferSegment[], minutes: number): OfferSlice {
  return {
    origin: segments[0]!.origin,
    destination: segments.at(-1)!.destination,
    departing_at: segments[0]!.departing_at,
    arriving_at: segments.at(-1)!.arriving_at,
    duration: formatDuration(minutes),
    duration_minutes: minutes,
    transfers: segments.length - 1,
    segments,
  };
}
