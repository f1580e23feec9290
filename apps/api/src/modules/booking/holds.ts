/**
 * The caps on unpaid holds (docs/operations.md#unpaid-holds-and-order-links) applied to a booking: the rule
 * is core's `decideHold`; this reads the client's unpaid orders and makes concurrent bookings of the same
 * client wait for each other, so that two bookings sent at once cannot both pass a cap that only one of them
 * fits under.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isUniqueViolation, type Database } from '@parvoz/db';
import type { HoldLimitDetails } from '@parvoz/contracts/booking';
import { decideHold, type HoldClient, type HoldLimits } from '@parvoz/core/holds';
import { canonicalMailbox } from '@parvoz/core/mailbox';
import type { Offer } from '@parvoz/core/search-types';
import { ApiFailure } from '../../errors.ts';
import { searchEngineFor } from '../search/index.ts';
import {
  holdSeatsForOrder,
  SEAT_TAKEN_CONSTRAINT,
  SoldOutError,
  unpaidHoldsOf,
  type ChosenSeat,
  type SeatRequest,
} from '../orders/index.ts';

/** Advisory-lock namespace of the hold caps ('hold'; the migrations use another). */
const HOLD_LOCK_NAMESPACE = 0x686f6c64;

/** A 32-bit key for an advisory lock (collisions only make unrelated bookings wait a moment). */
function lockKey(name: string): number {
  return createHash('sha256').update(name).digest().readInt32BE(0);
}

/**
 * Waits for any other booking of the same client in flight: a transaction-scoped advisory lock per mailbox,
 * client network and user, taken in ascending key order so that two bookings never wait for each other in a
 * cycle.
 */
async function lockClient(tx: Database, client: HoldClient): Promise<void> {
  const names = [`email:${canonicalMailbox(client.email)}`];
  if (client.ip) names.push(`ip:${client.ip}`);
  if (client.userId) names.push(`user:${client.userId}`);
  const keys = [...new Set(names.map(lockKey))].sort((a, b) => a - b);
  for (const key of keys) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${HOLD_LOCK_NAMESPACE}::int, ${key}::int)`);
  }
}

/**
 * Throws 422 hold_limit_reached when a new unpaid order of `seats` seats would take the client over a cap.
 * Call it in the booking's transaction, before the order is recorded, with `client.ip` the client network
 * key (client-ip.ts `clientNetworkKey`), not the bare address: docs/operations.md, "Unpaid holds".
 */
export async function assertHoldAllowed(
  tx: Database,
  client: HoldClient,
  seats: number,
  limits: HoldLimits,
  now: Date,
): Promise<void> {
  await lockClient(tx, client);
  const decision = decideHold(client, seats, await unpaidHoldsOf(tx, client, now), limits);
  if (decision.allowed) return;
  const details: HoldLimitDetails = {
    reason: 'hold_limit',
    limit: decision.limit,
    scope: decision.scope,
    max_seats: limits.maxSeats,
    max_unpaid_orders: limits.maxUnpaidOrders,
    order_id: decision.orderId,
    owned: decision.ownedByUser,
  };
  throw new ApiFailure(
    'hold_limit_reached',
    'Your unpaid bookings already hold as many seats as allowed: pay for or cancel one before booking again.',
    details,
  );
}

/**
 * Holds the built-in network's seats of a new order, with the seats chosen, or refuses the booking when one is gone
 * (409 sold out) or a chosen seat was taken meanwhile (400 at the seats: the page shows the map again).
 */
export async function holdOrderSeats(
  tx: Database,
  orderId: string,
  seats: SeatRequest[],
  chosen: readonly ChosenSeat[] = [],
): Promise<void> {
  if (seats.length === 0) return;
  try {
    await holdSeatsForOrder(tx, orderId, seats, chosen);
  } catch (error) {
    if (isUniqueViolation(error, SEAT_TAKEN_CONSTRAINT))
      throw new ApiFailure('validation_failed', 'The request is not valid.', [
        { in: 'body', path: '/seats', message: 'booking.error.seatTaken' },
      ]);
    if (error instanceof SoldOutError)
      throw new ApiFailure('offer_unavailable', 'The seats of this offer are no longer available.', {
        reason: 'sold_out',
      });
    throw error;
  }
}

/** The built-in network's seats an offer takes: `seated` on every flight, in its cabin. */
export function seatRequests(offer: Offer, seated: number, seed: string): SeatRequest[] {
  const schedule = searchEngineFor(seed).schedule;
  return offer.slices.flatMap((slice) =>
    slice.segments.map((segment) => {
      const resolved = schedule.resolveKey(segment.flight_key);
      if (!resolved)
        throw new ApiFailure('offer_unavailable', 'The seats of this offer are no longer available.');
      return {
        flightKey: segment.flight_key,
        cabin: segment.cabin_class,
        seats: seated,
        capacity: schedule.capacity(resolved.slot, segment.cabin_class),
      };
    }),
  );
}
