/**
 * Seat maps of an offer and the seats a booking chooses from them (docs/seats.md). The built-in network's maps are
 * core's (`builtInSeatMap`: the aircraft's layout, the seats sold and the seats our live orders hold); a supplier's
 * are its own, read through its port (`SupplierOrders.seatMaps`). A booking's seats are priced against the maps
 * read then, never against what a page showed earlier.
 */
import type { Database } from '@parvoz/db';
import { DEFAULT_RATES } from '@parvoz/core/money';
import type { Offer } from '@parvoz/core/search-types';
import {
  builtInSeatMap,
  priceSeats,
  type OrderSeatLine,
  type SeatChoice,
  type SeatMap,
} from '@parvoz/core/seat-maps';
import type { PassengerType } from '@parvoz/core/passengers';
import type { ApiConfig } from '../../config.ts';
import { ApiFailure } from '../../errors.ts';
import { heldSeatDesignators, type ChosenSeat } from '../orders/index.ts';
import type { FlightService } from '../search/index.ts';

export interface SeatMapDeps {
  db: Database;
  config: ApiConfig;
  flights: FlightService;
}

const unavailable = () =>
  new ApiFailure('unavailable', 'The airline could not be reached. Please try again.', {
    reason: 'supplier_unavailable',
  });

/**
 * The maps of every flight of a priced offer (`offerId`: the id it was priced under, a supplier's own), for these
 * passengers (by default the offer's). 503 when a supplier could not answer.
 */
export async function seatMapsOf(
  deps: SeatMapDeps,
  offer: Offer,
  offerId: string,
  now: Date,
  passengers: readonly { type: PassengerType }[] = offer.passengers,
): Promise<SeatMap[]> {
  const seller = deps.flights.suppliers.ofOffer(offerId);
  if (seller.kind === 'supplier') {
    const read = seller.supplier.orders.seatMaps;
    if (!read) return [];
    try {
      return await read.call(seller.supplier.orders, offerId, now.getTime());
    } catch {
      throw unavailable();
    }
  }
  if (seller.kind !== 'demo') return [];
  const soldSeats = await deps.flights.soldSeatsNow();
  const flights = offer.slices.flatMap((slice) => slice.segments.map((s) => s.flight_key));
  const held = await heldSeatDesignators(deps.db, flights);
  const rates = { ...DEFAULT_RATES, ...deps.config.exchangeRates };
  return offer.slices.flatMap((slice, slice_index) =>
    slice.segments.map((segment, segment_index) =>
      builtInSeatMap({
        slice_index,
        segment_index,
        flight_key: segment.flight_key,
        aircraftCode: segment.aircraft.iata_code,
        cabin: segment.cabin_class,
        family: offer.fare_family,
        distanceKm: segment.distance_km,
        currency: offer.total_currency,
        rates,
        passengers,
        assigned: held.get(segment.flight_key) ?? new Set(),
        sold: soldSeats(segment.flight_key, segment.cabin_class),
      }),
    ),
  );
}

/** A map as the API shows it: the supplier's service ids stay on the server. */
export function publicSeatMap(map: SeatMap): SeatMap {
  return {
    ...map,
    rows: map.rows.map((row) => ({
      ...row,
      sections: row.sections.map((section) =>
        section.map((seat) => ({
          ...seat,
          services: seat.services.map((s) => ({ passenger_index: s.passenger_index, amount: s.amount })),
        })),
      ),
    })),
  };
}

/** 400 with each wrong seat at its place in the body (`/seats/1/designator`) and its message key. */
export function seatFailure(errors: readonly { index: number; message: string }[]): ApiFailure {
  return new ApiFailure(
    'validation_failed',
    'The request is not valid.',
    errors.map((e) => ({ in: 'body', path: `/seats/${e.index}/designator`, message: e.message })),
  );
}

/** The seats a booking asks for, priced against the offer's maps now; throws 400 for a wrong one. */
export async function chooseSeats(
  deps: SeatMapDeps,
  offer: Offer,
  offerId: string,
  passengers: readonly { type: PassengerType }[],
  choices: readonly SeatChoice[],
  now: Date,
): Promise<OrderSeatLine[]> {
  if (choices.length === 0) return [];
  const priced = priceSeats(choices, await seatMapsOf(deps, offer, offerId, now, passengers));
  if (!priced.ok) throw seatFailure(priced.errors);
  return priced.lines;
}

/** The built-in network's seats of an order, as its seat holds record them. */
export function chosenSeats(lines: readonly OrderSeatLine[]): ChosenSeat[] {
  return lines.map((line) => ({
    flightKey: line.flight_key,
    designator: line.designator,
    passengerPosition: line.passenger_index,
  }));
}
