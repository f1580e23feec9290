/**
 * Duffel's calls (./orders.ts) behind the supplier port (../orders.ts, docs/suppliers.md): a refusal Duffel
 * answered (a 4xx `DuffelError`) becomes the port's SupplierRefused, with Duffel's own errors as its detail; no
 * answer (a 5xx, a dropped connection, DuffelNoAnswer) is thrown as it is. An airline-initiated change is read
 * into the port's shape: its slices as our flights, with their local times and offsets.
 */
import { DuffelError } from '@duffel/api';
import type { AirlineInitiatedChange } from '@duffel/api/types';
import type { ChangedFlight } from '@parvoz/db';
import { SupplierRefused, type AirlineChange, type SupplierOrders } from '../orders.ts';
import { localWithOffset } from './mapping.ts';
import { notNowError } from './not-now.ts';
import type { DuffelOrderCalls } from './orders.ts';
import { DUFFEL_SUPPLIER_ID } from './supplier.ts';

/** Duffel answered with a refusal (below 500): the port's SupplierRefused; anything else as it was thrown. */
export function asPortError(error: unknown): unknown {
  // A rate limit or our credentials refused: not a refusal of what was asked (./not-now.ts).
  const notNow = notNowError(error);
  if (notNow) return notNow;
  if (error instanceof DuffelError && typeof error.status === 'number' && error.status < 500)
    return new SupplierRefused(error.message, error.errors, { cause: error });
  return error;
}

async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asPortError(error);
  }
}

/** Our view of a change's slices: every flight with its local times and their offsets. */
export function changedFlights(slices: AirlineInitiatedChange['added']): ChangedFlight[] {
  return slices.flatMap((slice, position) =>
    slice.segments.map((s) => ({
      carrier: s.marketing_carrier?.iata_code ?? '',
      flight_number: String(s.marketing_carrier_flight_number ?? ''),
      origin: s.origin?.iata_code ?? '',
      destination: s.destination?.iata_code ?? '',
      departing_at: localWithOffset(s.departing_at, s.origin?.time_zone),
      arriving_at: localWithOffset(s.arriving_at, s.destination?.time_zone),
      slice: position,
      ...(s.aircraft?.iata_code
        ? { aircraft: { iata_code: s.aircraft.iata_code, name: s.aircraft.name ?? '' } }
        : {}),
    })),
  );
}

export const changeOf = (c: AirlineInitiatedChange): AirlineChange => ({
  id: c.id,
  createdAt: c.created_at,
  removed: changedFlights(c.removed),
  added: changedFlights(c.added),
  canAccept: c.available_actions.includes('accept'),
  actionTaken: c.action_taken,
  actionTakenAt: c.action_taken_at,
});

export function duffelSupplierOrders(calls: DuffelOrderCalls, bookMaxMs: number): SupplierOrders {
  return {
    id: DUFFEL_SUPPLIER_ID,
    bookMaxMs,
    book: (input, now, expectedTotal) => refusing(() => calls.book(input, now, expectedTotal)),
    findBooking: (key) => refusing(() => calls.findBooking(key)),
    seatMaps: (offerId, now) => refusing(() => calls.seatMaps(offerId, now)),
    payOrder: (orderId, ceiling) => refusing(() => calls.payOrder(orderId, ceiling)),
    ticketsOf: (orderId) => refusing(() => calls.ticketsOf(orderId)),
    cancelOrder: (orderId) => refusing(() => calls.cancelOrder(orderId)),
    listOurOrders: (since) => refusing(() => calls.listOurOrders(since)),
    listChanges: (orderId) => refusing(async () => (await calls.listChanges(orderId)).map(changeOf)),
    acceptChange: (changeId) => refusing(async () => changeOf(await calls.acceptChange(changeId))),
    quoteCancellation: (orderId) => refusing(() => calls.quoteCancellation(orderId)),
    confirmCancellation: (quoteId) => refusing(() => calls.confirmCancellation(quoteId)),
  };
}
