/**
 * The itinerary rewrite of an accepted airline change (modules/after-sale/airline-change-itinerary.ts), on the real network:
 * replaced flights, the slice's times and connections, which ticket coupon each new flight takes, and the changes
 * that do not fit (left as booked).
 */
import { expect, test } from 'vitest';
import type { ChangedFlight } from '@parvoz/db';
import type { Offer, OfferSegment } from '@parvoz/core/search-types';
import { sliceOf } from '@parvoz/core/offer-testing';
import { applyChangeToItinerary, applyChangesToItinerary } from './airline-change-itinerary.ts';
import { searchEngineFor } from '../search/index.ts';

const network = searchEngineFor('parvoz').network;

function segment(
  from: string,
  to: string,
  departing: string,
  arriving: string,
  number: string,
): OfferSegment {
  return {
    flight_key: `QP${number}-${departing.slice(0, 10)}`,
    origin: from,
    destination: to,
    departing_at: departing,
    arriving_at: arriving,
    duration: 'PT1H',
    marketing_carrier: { iata_code: 'QP', name: 'Duffel Only Air' },
    flight_number: number,
    aircraft: { iata_code: '320', name: 'Airbus A320' },
    cabin_class: 'business',
    distance_km: 1,
  };
}

const flight = (s: OfferSegment, slice?: number): ChangedFlight => ({
  carrier: s.marketing_carrier.iata_code,
  flight_number: s.flight_number,
  origin: s.origin,
  destination: s.destination,
  departing_at: s.departing_at,
  arriving_at: s.arriving_at,
  ...(slice === undefined ? {} : { slice }),
});

/** Round trip: out TAS–ALA–IST (two flights), back IST–TAS (one). */
const out1 = segment('TAS', 'ALA', '2026-12-15T08:00:00+05:00', '2026-12-15T09:30:00+05:00', '11');
const out2 = segment('ALA', 'IST', '2026-12-15T11:00:00+05:00', '2026-12-15T14:00:00+03:00', '12');
const back = segment('IST', 'TAS', '2026-12-22T13:10:00+03:00', '2026-12-22T20:05:00+05:00', '21');
const slice = (segments: OfferSegment[]) => sliceOf(segments, 60);
const offer = { id: 'dfl.x', slices: [slice([out1, out2]), slice([back])] } as unknown as Offer;

test('a moved second flight: replaced in its slice, times and connection follow, the coupon moves with it', () => {
  const moved = {
    ...flight(out2, 0),
    departing_at: '2026-12-15T12:30:00+05:00',
    arriving_at: '2026-12-15T15:30:00+03:00',
  };
  const result = applyChangeToItinerary(offer, { removed: [flight(out2, 0)], added: [moved] }, network)!;
  const [first, second] = result.offer.slices[0]!.segments;
  expect(first).toEqual(out1);
  expect(second).toMatchObject({
    flight_key: 'QP12-2026-12-15',
    departing_at: '2026-12-15T12:30:00+05:00',
    arriving_at: '2026-12-15T15:30:00+03:00',
    duration: 'PT5H',
    aircraft: out2.aircraft,
    cabin_class: 'business',
    connection_minutes: 180,
  });
  expect(result.offer.slices[0]).toMatchObject({
    arriving_at: '2026-12-15T15:30:00+03:00',
    duration: 'PT9H30M',
    duration_minutes: 570,
    transfers: 1,
  });
  expect(result.offer.slices[1]).toEqual(offer.slices[1]);
  expect(result.ticketSource).toEqual([0, 1, 2]);
});

test('two flights become one nonstop, the return gets two: each slice from its own added slice; new coupons for extra flights', () => {
  const nonstop: ChangedFlight = {
    carrier: 'HY',
    flight_number: '0601',
    origin: 'TAS',
    destination: 'IST',
    departing_at: '2026-12-15T09:00:00+05:00',
    arriving_at: '2026-12-15T12:00:00+03:00',
    slice: 0,
    aircraft: { iata_code: '32N', name: 'Airbus A320neo' },
  };
  const backVia = [
    {
      ...flight(segment('IST', 'ALA', '2026-12-22T10:00:00+03:00', '2026-12-22T17:00:00+05:00', '31')),
      slice: 1,
    },
    {
      ...flight(segment('ALA', 'TAS', '2026-12-22T18:00:00+05:00', '2026-12-22T19:30:00+05:00', '32')),
      slice: 1,
    },
  ];
  const result = applyChangeToItinerary(
    offer,
    { removed: [flight(out1, 0), flight(out2, 0), flight(back, 1)], added: [nonstop, ...backVia] },
    network,
  )!;
  expect(result.offer.slices.map((s) => s.segments.map((x) => x.flight_key))).toEqual([
    ['HY601-2026-12-15'],
    ['QP31-2026-12-22', 'QP32-2026-12-22'],
  ]);
  const [onlyOut] = result.offer.slices[0]!.segments;
  expect(onlyOut!.marketing_carrier.iata_code).toBe('HY');
  expect(onlyOut!.aircraft).toEqual({ iata_code: '32N', name: 'Airbus A320neo' });
  expect(onlyOut!.connection_minutes).toBeUndefined();
  expect(result.offer.slices[0]!.transfers).toBe(0);
  expect(result.offer.slices[1]!.segments[1]!.connection_minutes).toBe(60);
  // The nonstop takes the first outbound coupon; the return's first flight the return's, the second a new one.
  expect(result.ticketSource).toEqual([0, 2, null]);
});

test('a change that does not fit is refused: unknown flight, nothing added, unknown airport, no offset', () => {
  const other = segment('TAS', 'IST', '2026-12-16T08:00:00+05:00', '2026-12-16T11:00:00+03:00', '99');
  const moved = {
    ...flight(out2, 0),
    departing_at: '2026-12-15T12:30:00+05:00',
    arriving_at: '2026-12-15T15:30:00+03:00',
  };
  expect(applyChangeToItinerary(offer, { removed: [flight(other, 0)], added: [moved] }, network)).toBeNull();
  expect(applyChangeToItinerary(offer, { removed: [flight(out2, 0)], added: [] }, network)).toBeNull();
  expect(
    applyChangeToItinerary(
      offer,
      { removed: [flight(out2, 0)], added: [{ ...moved, destination: 'XXX' }] },
      network,
    ),
  ).toBeNull();
  expect(
    applyChangeToItinerary(
      offer,
      { removed: [flight(out2, 0)], added: [{ ...moved, departing_at: '2026-12-15T12:30:00' }] },
      network,
    ),
  ).toBeNull();
  // Without slice positions, a change touching two slices cannot be split between them.
  expect(
    applyChangeToItinerary(
      offer,
      { removed: [flight(out2), flight(back)], added: [flight(out2), flight(back)] },
      network,
    ),
  ).toBeNull();
  // Without them, one changed slice takes all the added flights.
  expect(
    applyChangeToItinerary(
      offer,
      { removed: [flight(out2)], added: [{ ...moved, slice: undefined }] },
      network,
    ),
  ).not.toBeNull();
});

test('changes in turn: the second made on top of the first; coupons traced back to the itinerary as booked', () => {
  const nonstop: ChangedFlight = {
    carrier: 'QP',
    flight_number: '50',
    origin: 'TAS',
    destination: 'IST',
    departing_at: '2026-12-15T09:00:00+05:00',
    arriving_at: '2026-12-15T12:00:00+03:00',
    slice: 0,
  };
  const later = {
    ...nonstop,
    departing_at: '2026-12-15T10:00:00+05:00',
    arriving_at: '2026-12-15T13:00:00+03:00',
  };
  const first = { removed: [flight(out1, 0), flight(out2, 0)], added: [nonstop] };
  const second = { removed: [nonstop], added: [later] };
  // The second alone does not fit the itinerary as booked; after the first it does.
  expect(applyChangeToItinerary(offer, second, network)).toBeNull();
  const result = applyChangesToItinerary(offer, [first, second], network)!;
  expect(result.offer.slices[0]!.segments.map((s) => s.departing_at)).toEqual(['2026-12-15T10:00:00+05:00']);
  expect(result.ticketSource).toEqual([0, 2]);
  expect(applyChangesToItinerary(offer, [second, first], network)).toBeNull();
});
