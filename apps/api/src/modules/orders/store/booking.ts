/**
 * The orders' store (docs/architecture.md, "Modules own their tables"): what a booking writes and reads when it
 * starts an order (modules/booking/create-order.ts): the order's row, its passengers, the seats it holds, and the
 * client's unpaid holds the caps count (modules/booking/holds.ts). The booking runs them all in its transaction.
 */
import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { HoldClient, UnpaidHold } from '@parvoz/core/holds';
import { mailboxCandidates } from '../../mail/index.ts';
import { unpaidOrder } from './expiry.ts';

// The seat inventory's atomic hold (all flights or none) is the database package's, beside the driver tests
// that hold it to that; the orders module is the way to it (docs/architecture.md).
/** A chosen seat another live order holds: the unique index that refuses it (`isUniqueViolation`). */
export const SEAT_TAKEN_CONSTRAINT = 'order_seats_flight_seat_key';
export {
  heldSeatDesignators,
  holdSeatsForOrder,
  SoldOutError,
  type ChosenSeat,
  type SeatRequest,
} from '@parvoz/db';

const { orders, orderHolds } = schema;

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderPassenger = typeof schema.orderPassengers.$inferInsert;

export async function insertOrder(db: Database, order: NewOrder): Promise<void> {
  await db.insert(orders).values(order);
}

export async function insertPassengers(db: Database, passengers: NewOrderPassenger[]): Promise<void> {
  await db.insert(schema.orderPassengers).values(passengers);
}

/**
 * The unpaid orders, still in their payment window, that share the client's mailbox, client network or user.
 * `client.ip` is the client network key (ip-network.ts), compared with each order's `client_network`.
 */
export async function unpaidHoldsOf(tx: Database, client: HoldClient, now: Date): Promise<UnpaidHold[]> {
  const sameClient: SQL[] = [mailboxCandidates(orders.contactEmail, client.email)];
  if (client.ip) sameClient.push(eq(orders.clientNetwork, client.ip));
  if (client.userId) sameClient.push(eq(orders.userId, client.userId));
  const rows = await tx
    .select({
      orderId: orders.id,
      email: orders.contactEmail,
      ip: orders.clientNetwork,
      userId: orders.userId,
      createdAt: orders.createdAt,
      // The seats of an order are the same on each of its flights: the largest hold still unreleased.
      seats: sql<number>`coalesce((SELECT max(${orderHolds.seats}) FROM ${orderHolds}
        WHERE ${orderHolds.orderId} = ${orders.id} AND ${orderHolds.releasedAt} IS NULL), 0)::int`,
    })
    .from(orders)
    .where(and(unpaidOrder(), gt(orders.paymentDeadline, now), or(...sameClient)));
  return rows.map((r) => ({ ...r, seats: Number(r.seats) }));
}
