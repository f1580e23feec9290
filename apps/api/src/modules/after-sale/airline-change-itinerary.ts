/**
 * An accepted airline-initiated change written into the order's itinerary snapshot (docs/duffel.md;
 * ADR 0017): the flights the change removed are replaced by the ones it added, so the order page, the
 * e-ticket, the receipt, the emails, the order lists and the console show the flights the traveller will fly.
 * Pure: no I/O, no clock.
 */
import type { ChangedFlight } from '@parvoz/db';
import { greatCircleKm } from '@parvoz/core/geo';
import type { Network } from '@parvoz/core/network';
import { formatDuration } from '@parvoz/core/schedule-time';
import type { Offer, OfferSegment, OfferSlice } from '@parvoz/core/search-types';

const MINUTE_MS = 60_000;

export type RewrittenItinerary = {
  offer: Offer;
  /**
   * For every flight of the new itinerary (in order, over all slices), the index of the old flight whose ticket
   * coupon it takes over (the replaced flights' coupons in turn), or null when it needs a new one.
   */
  ticketSource: (number | null)[];
};

const flightNumber = (n: string) => n.replace(/^0+/, '');

/** The same flight: carrier, number, airports and local departure (to the minute; offsets written alike). */
function sameFlight(segment: OfferSegment, flight: ChangedFlight): boolean {
  return (
    segment.marketing_carrier.iata_code === flight.carrier &&
    flightNumber(segment.flight_number) === flightNumber(flight.flight_number) &&
    segment.origin === flight.origin &&
    segment.destination === flight.destination &&
    segment.departing_at.slice(0, 16) === flight.departing_at.slice(0, 16)
  );
}

/** A flight of the change as a segment of our itinerary; null when it cannot be shown as one. */
function segmentOf(net: Network, flight: ChangedFlight, replaced: OfferSegment): OfferSegment | null {
  const from = net.airport(flight.origin);
  const to = net.airport(flight.destination);
  const departs = Date.parse(flight.departing_at);
  const arrives = Date.parse(flight.arriving_at);
  const number = flightNumber(flight.flight_number);
  // Times without an offset (the supplier gave no zone) would be read as the server's: not an itinerary.
  const withOffset = /(?:Z|[+-]\d{2}:\d{2})$/;
  if (!from || !to || !/^[A-Z0-9]{2}$/.test(flight.carrier) || !/^[1-9]\d{0,3}$/.test(number)) return null;
  if (!withOffset.test(flight.departing_at) || !withOffset.test(flight.arriving_at)) return null;
  if (Number.isNaN(departs) || Number.isNaN(arrives) || arrives <= departs) return null;
  const sameCarrier = replaced.marketing_carrier.iata_code === flight.carrier;
  return {
    flight_key: `${flight.carrier}${number}-${flight.departing_at.slice(0, 10)}`,
    origin: from.iata,
    destination: to.iata,
    departing_at: flight.departing_at,
    arriving_at: flight.arriving_at,
    duration: formatDuration((arrives - departs) / MINUTE_MS),
    marketing_carrier: {
      iata_code: flight.carrier,
      name:
        net.airline(flight.carrier)?.name ?? (sameCarrier ? replaced.marketing_carrier.name : flight.carrier),
    },
    flight_number: number,
    aircraft:
      flight.aircraft ??
      (sameCarrier && flightNumber(replaced.flight_number) === number
        ? replaced.aircraft
        : { iata_code: '', name: '' }),
    cabin_class: replaced.cabin_class,
    distance_km: Math.round(greatCircleKm(from.lat, from.lon, to.lat, to.lon)),
  };
}

/** A slice's summary (ends, times, duration, transfers, connections) from its segments. */
function sliceOf(segments: OfferSegment[]): OfferSlice | null {
  const first = segments[0];
  const last = segments[segments.length - 1];
  if (!first || !last) return null;
  const out: OfferSegment[] = [];
  for (const [i, s] of segments.entries()) {
    const { connection_minutes: _, ...segment } = s;
    if (i > 0) {
      const gap = (Date.parse(s.departing_at) - Date.parse(segments[i - 1]!.arriving_at)) / MINUTE_MS;
      if (!(gap >= 0)) return null;
      out.push({ ...segment, connection_minutes: Math.round(gap) });
    } else out.push(segment);
  }
  const minutes = Math.round((Date.parse(last.arriving_at) - Date.parse(first.departing_at)) / MINUTE_MS);
  return {
    origin: first.origin,
    destination: last.destination,
    departing_at: first.departing_at,
    arriving_at: last.arriving_at,
    duration: formatDuration(minutes),
    duration_minutes: minutes,
    transfers: out.length - 1,
    segments: out,
  };
}

/**
 * The itinerary with a change applied: in each slice holding removed flights, the run from the first to the last
 * of them is replaced by the added flights of the same supplier slice. Null when the change does not fit the
 * itinerary (a removed flight not in it, nothing to put in its place, a flight we cannot show): then the snapshot
 * stays as booked and the caller reports it.
 */
export function applyChangeToItinerary(
  offer: Offer,
  change: { removed: ChangedFlight[]; added: ChangedFlight[] },
  net: Network,
): RewrittenItinerary | null {
  if (change.removed.length === 0) return null;
  const found = new Set<ChangedFlight>();
  const slices: OfferSlice[] = [];
  const ticketSource: (number | null)[] = [];
  let oldIndex = 0;
  let touched = 0;
  for (const slice of offer.slices) {
    const hits = slice.segments.flatMap((segment, i) => {
      const flight = change.removed.find((f) => !found.has(f) && sameFlight(segment, f));
      if (!flight) return [];
      found.add(flight);
      return [{ i, flight }];
    });
    if (hits.length === 0) {
      slices.push(slice);
      for (let k = 0; k < slice.segments.length; k++) ticketSource.push(oldIndex + k);
      oldIndex += slice.segments.length;
      continue;
    }
    touched++;
    const from = hits[0]!.i;
    const to = hits[hits.length - 1]!.i;
    const groups = new Set(hits.map((h) => h.flight.slice));
    // Without slice positions (changes read before they were kept) the added flights belong to one slice only.
    const added = groups.has(undefined) ? change.added : change.added.filter((f) => groups.has(f.slice));
    if (added.length === 0) return null;
    const replacement = added.map((f) => segmentOf(net, f, slice.segments[from]!));
    if (replacement.some((s) => s === null)) return null;
    const rewritten = sliceOf([
      ...slice.segments.slice(0, from),
      ...(replacement as OfferSegment[]),
      ...slice.segments.slice(to + 1),
    ]);
    if (!rewritten) return null;
    slices.push(rewritten);
    for (let k = 0; k < from; k++) ticketSource.push(oldIndex + k);
    for (let k = 0; k < replacement.length; k++)
      ticketSource.push(k <= to - from ? oldIndex + from + k : null);
    for (let k = to + 1; k < slice.segments.length; k++) ticketSource.push(oldIndex + k);
    oldIndex += slice.segments.length;
  }
  if (found.size !== change.removed.length) return null;
  if (touched > 1 && change.removed.some((f) => f.slice === undefined)) return null;
  return { offer: { ...offer, slices }, ticketSource };
}

/**
 * Several changes applied in turn (an airline's later change made on top of earlier ones): the itinerary after the
 * last, with each new flight's coupon traced back to the itinerary given. Null when one of them does not fit.
 */
export function applyChangesToItinerary(
  offer: Offer,
  changes: Array<{ removed: ChangedFlight[]; added: ChangedFlight[] }>,
  net: Network,
): RewrittenItinerary | null {
  let current: RewrittenItinerary = {
    offer,
    ticketSource: offer.slices.flatMap((s) => s.segments).map((_, i) => i),
  };
  for (const change of changes) {
    const next = applyChangeToItinerary(current.offer, change, net);
    if (!next) return null;
    current = {
      offer: next.offer,
      ticketSource: next.ticketSource.map((s) => (s === null ? null : (current.ticketSource[s] ?? null))),
    };
  }
  return current;
}
