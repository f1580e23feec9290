/**
 * Seats sold per flight and cabin (docs/design.md §3 Inventory, §4). Holding is atomic and all-or-nothing:
 * one `INSERT … ON CONFLICT DO UPDATE … WHERE sold + n <= capacity` per call, so concurrent bookings on
 * any number of instances can never sell more than the capacity (the row lock serialises them and the
 * CHECK (sold <= capacity) backs it up).
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../index.ts';
import { orderHolds, orderSeats, seatInventory, type Cabin } from '../schema.ts';

export interface SeatRequest {
  /** Flight and date, e.g. `HY601-2026-12-15` (the format belongs to core). */
  flightKey: string;
  cabin: Cabin;
  /** Seats to hold (a positive integer). */
  seats: number;
  /** The cabin's capacity from the schedule. */
  capacity: number;
}

export interface SeatRelease {
  flightKey: string;
  cabin: Cabin;
  seats: number;
}

export interface SoldOutFlight {
  flightKey: string;
  cabin: Cabin;
  requested: number;
  /** Seats still free when the hold was refused (informational: it may change at any moment). */
  available: number;
}

/** Some flight of the request lacks the seats; nothing was held. */
export class SoldOutError extends Error {
  readonly code = 'sold_out';
  readonly flights: SoldOutFlight[];

  constructor(flights: SoldOutFlight[]) {
    super(
      `Not enough seats: ${flights.map((f) => `${f.flightKey}/${f.cabin} (${f.requested} requested, ${f.available} free)`).join(', ')}`,
    );
    this.name = 'SoldOutError';
    this.flights = flights;
  }
}

const keyOf = (r: { flightKey: string; cabin: string }) => `${r.flightKey}\u0000${r.cabin}`;

function assertSeatCount(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`${what} must be a non-negative integer, got ${n}`);
}

/** Sums duplicates and sorts by (flight, cabin), so concurrent multi-flight holds lock rows in one order (no deadlocks). */
function normalise<T extends SeatRelease>(requests: readonly T[], merge: (a: T, b: T) => T): T[] {
  const merged = new Map<string, T>();
  for (const r of requests) {
    assertSeatCount(r.seats, 'seats');
    if (r.seats === 0) continue;
    const key = keyOf(r);
    const previous = merged.get(key);
    merged.set(key, previous ? merge(previous, r) : { ...r });
  }
  return [...merged.values()].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}

/**
 * Holds seats on every flight of `requests` or on none: throws `SoldOutError` (changing nothing) when any
 * flight lacks them. Runs in a transaction of its own, or in a savepoint when `db` is a transaction, so a
 * caller can catch the error and go on. Pass all flights of a booking in one call.
 */
export async function holdSeats(db: Database, requests: readonly SeatRequest[]): Promise<void> {
  const rows = normalise(requests, (a, b) => ({
    ...a,
    seats: a.seats + b.seats,
    capacity: Math.min(a.capacity, b.capacity),
  }));
  for (const r of rows) assertSeatCount(r.capacity, 'capacity');
  if (rows.length === 0) return;

  const impossible = rows.filter((r) => r.seats > r.capacity);
  if (impossible.length > 0) {
    throw new SoldOutError(
      impossible.map((r) => ({
        flightKey: r.flightKey,
        cabin: r.cabin,
        requested: r.seats,
        available: r.capacity,
      })),
    );
  }

  await db.transaction(async (tx) => {
    const held = await tx
      .insert(seatInventory)
      .values(
        rows.map((r) => ({ flightKey: r.flightKey, cabin: r.cabin, sold: r.seats, capacity: r.capacity })),
      )
      .onConflictDoUpdate({
        target: [seatInventory.flightKey, seatInventory.cabin],
        set: {
          sold: sql`${seatInventory.sold} + excluded.sold`,
          capacity: sql`excluded.capacity`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${seatInventory.sold} + excluded.sold <= excluded.capacity`,
      })
      .returning({ flightKey: seatInventory.flightKey, cabin: seatInventory.cabin });
    if (held.length === rows.length) return;

    const heldKeys = new Set(held.map(keyOf));
    const missing = rows.filter((r) => !heldKeys.has(keyOf(r)));
    const current = await tx
      .select({ flightKey: seatInventory.flightKey, cabin: seatInventory.cabin, sold: seatInventory.sold })
      .from(seatInventory)
      .where(
        or(
          ...missing.map((r) =>
            and(eq(seatInventory.flightKey, r.flightKey), eq(seatInventory.cabin, r.cabin)),
          ),
        ),
      );
    const soldNow = new Map(current.map((c) => [keyOf(c), c.sold]));
    throw new SoldOutError(
      missing.map((r) => ({
        flightKey: r.flightKey,
        cabin: r.cabin,
        requested: r.seats,
        available: Math.max(0, r.capacity - (soldNow.get(keyOf(r)) ?? 0)),
      })),
    );
  });
}

/** Gives seats back (never below zero). */
export async function releaseSeats(db: Database, releases: readonly SeatRelease[]): Promise<void> {
  const rows = normalise(releases, (a, b) => ({ ...a, seats: a.seats + b.seats }));
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    for (const r of rows) {
      await tx
        .update(seatInventory)
        .set({ sold: sql`greatest(${seatInventory.sold} - ${r.seats}::int, 0)`, updatedAt: sql`now()` })
        .where(and(eq(seatInventory.flightKey, r.flightKey), eq(seatInventory.cabin, r.cabin)));
    }
  });
}

/** Seats sold on each flight; every requested flight is in the map (0 when nothing was sold yet). */
export type SoldSeats = Record<Cabin, number>;

const SOLD_SEATS_CHUNK = 5000;

export async function soldSeats(
  db: Database,
  flightKeys: readonly string[],
): Promise<Map<string, SoldSeats>> {
  const unique = [...new Set(flightKeys)];
  const result = new Map<string, SoldSeats>(unique.map((k) => [k, { economy: 0, business: 0 }]));
  for (let i = 0; i < unique.length; i += SOLD_SEATS_CHUNK) {
    const chunk = unique.slice(i, i + SOLD_SEATS_CHUNK);
    const rows = await db
      .select({ flightKey: seatInventory.flightKey, cabin: seatInventory.cabin, sold: seatInventory.sold })
      .from(seatInventory)
      .where(inArray(seatInventory.flightKey, chunk));
    for (const row of rows) {
      const entry = result.get(row.flightKey);
      if (entry) entry[row.cabin] = row.sold;
    }
  }
  return result;
}

/** A seat chosen for a passenger of an order on one flight (docs/seats.md). */
export interface ChosenSeat {
  flightKey: string;
  designator: string;
  passengerPosition: number;
}

/**
 * Holds the seats for an order and records them in `order_holds`, with the seats chosen in `order_seats` (call it
 * in the transaction that inserts the order). Throws `SoldOutError` like `holdSeats`, and a unique violation of
 * `order_seats_flight_seat_key` (`isUniqueViolation`) when a chosen seat is another live order's.
 */
export async function holdSeatsForOrder(
  db: Database,
  orderId: string,
  requests: readonly SeatRequest[],
  chosen: readonly ChosenSeat[] = [],
): Promise<void> {
  const rows = normalise(requests, (a, b) => ({
    ...a,
    seats: a.seats + b.seats,
    capacity: Math.min(a.capacity, b.capacity),
  }));
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    await holdSeats(tx, rows);
    await tx
      .insert(orderHolds)
      .values(rows.map((r) => ({ orderId, flightKey: r.flightKey, cabin: r.cabin, seats: r.seats })));
    if (chosen.length > 0) await tx.insert(orderSeats).values(chosen.map((c) => ({ orderId, ...c })));
  });
}

/** The seats live orders hold on these flights: flight key → designators. */
export async function heldSeatDesignators(
  db: Database,
  flightKeys: readonly string[],
): Promise<Map<string, Set<string>>> {
  const result = new Map<string, Set<string>>(flightKeys.map((k) => [k, new Set<string>()]));
  if (flightKeys.length === 0) return result;
  const rows = await db
    .select({ flightKey: orderSeats.flightKey, designator: orderSeats.designator })
    .from(orderSeats)
    .where(and(inArray(orderSeats.flightKey, [...new Set(flightKeys)]), isNull(orderSeats.releasedAt)));
  for (const row of rows) result.get(row.flightKey)?.add(row.designator);
  return result;
}

/**
 * Releases what the given orders still hold (on cancel or when their payment window ends). Idempotent: a
 * second call, or a concurrent one, releases nothing more. Pass every order of a batch in one call: the
 * seats are then given back in one (flight, cabin) order, so two workers releasing overlapping flights
 * cannot deadlock (releasing order by order locked the flights in the orders' order). Returns what this
 * call released, summed per flight and cabin.
 */
export async function releaseOrderHolds(
  db: Database,
  orderIds: string | readonly string[],
): Promise<SeatRelease[]> {
  const ids = typeof orderIds === 'string' ? [orderIds] : [...orderIds];
  if (ids.length === 0) return [];
  return db.transaction(async (tx) => {
    const released = await tx
      .update(orderHolds)
      .set({ releasedAt: sql`now()` })
      .where(and(inArray(orderHolds.orderId, ids), isNull(orderHolds.releasedAt)))
      .returning({ flightKey: orderHolds.flightKey, cabin: orderHolds.cabin, seats: orderHolds.seats });
    await tx
      .update(orderSeats)
      .set({ releasedAt: sql`now()` })
      .where(and(inArray(orderSeats.orderId, ids), isNull(orderSeats.releasedAt)));
    const merged = normalise(released, (a, b) => ({ ...a, seats: a.seats + b.seats }));
    await releaseSeats(tx, merged);
    return merged;
  });
}

/**
 * Every flight with seats sold that departs on `fromDate` (YYYY-MM-DD) or later, as "flightKey cabin" →
 * sold: the snapshot search reads through a short cache (docs/design.md §3 Inventory).
 */
export async function soldSeatsSince(db: Database, fromDate: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ flightKey: seatInventory.flightKey, cabin: seatInventory.cabin, sold: seatInventory.sold })
    .from(seatInventory)
    .where(and(sql`${seatInventory.sold} > 0`, sql`right(${seatInventory.flightKey}, 10) >= ${fromDate}`));
  return new Map(rows.map((r) => [`${r.flightKey} ${r.cabin}`, r.sold]));
}
