/**
 * The database behaviour both drivers must share; run by db.test.ts (PGlite) and db.pg.test.ts (PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idempotency,
  isMigrated,
  isUniqueViolation,
  migrate,
  pgError,
  PG_CHECK_VIOLATION,
  PG_FOREIGN_KEY_VIOLATION,
  schema,
  type Database,
  type DatabaseHandle,
} from './index.ts';
import {
  holdSeats,
  heldSeatDesignators,
  holdSeatsForOrder,
  releaseOrderHolds,
  releaseSeats,
  soldSeats,
  soldSeatsSince,
  SoldOutError,
  type SeatRequest,
} from './repositories/seat-inventory.ts';

const { seatInventory, users, orders, orderHolds } = schema;

let counter = 0;
/** A key unique within the run, so that tests sharing one database never see each other's rows. */
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${++counter}-${randomBytes(3).toString('hex')}`;

async function expectPgError(promise: Promise<unknown>, code: string, constraint?: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the statement should have failed').toBeDefined();
  const info = pgError(error);
  expect(info?.code).toBe(code);
  if (constraint) expect(info?.constraint).toBe(constraint);
}

async function inventoryRow(db: Database, flightKey: string, cabin: 'economy' | 'business' = 'economy') {
  const [row] = await db
    .select()
    .from(seatInventory)
    .where(sql`${seatInventory.flightKey} = ${flightKey} AND ${seatInventory.cabin} = ${cabin}`);
  return row;
}

function soldOut(promise: Promise<unknown>): Promise<SoldOutError> {
  return promise.then(
    () => {
      throw new Error('expected SoldOutError, the hold succeeded');
    },
    (error: unknown) => {
      if (error instanceof SoldOutError) return error;
      throw error;
    },
  );
}

export async function insertOrder(
  db: Database,
  overrides: Partial<typeof orders.$inferInsert> = {},
): Promise<string> {
  const id = overrides.id ?? unique('ord');
  const reference = overrides.bookingReference ?? randomBytes(6).toString('hex').slice(0, 6).toUpperCase();
  await db.insert(orders).values({
    id,
    bookingReference: reference,
    contactFullName: 'Aziza Karimova',
    contactEmail: 'aziza@example.com',
    contactPhone: '+998901234567',
    offer: { slices: [] },
    price: { total: '412.50' },
    totalMinor: 41250,
    currency: 'USD',
    lang: 'en',
    paymentDeadline: new Date(Date.now() + 20 * 60_000),
    ...overrides,
  });
  return id;
}

export function defineDatabaseSuite(label: string, makeDb: () => Promise<DatabaseHandle>): void {
  describe(`database (${label})`, () => {
    let handle: DatabaseHandle;
    let db: Database;

    beforeAll(async () => {
      handle = await makeDb();
      db = handle.db;
    }, 60_000);
    afterAll(async () => {
      await handle?.close();
    });

    describe('connection and migrations', () => {
      it('answers ping and reports itself migrated', async () => {
        await handle.ping();
        expect(await isMigrated(db)).toBe(true);
      });

      it('migrate() is idempotent: running it twice more changes nothing', async () => {
        const count = async () =>
          Number(
            (
              await db.execute<{ n: string }>(
                sql`SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations`,
              )
            ).rows[0]?.n,
          );
        const before = await count();
        expect(before).toBeGreaterThan(0);
        await migrate(db);
        await migrate(db);
        expect(await count()).toBe(before);
        expect(await isMigrated(db)).toBe(true);
      });

      it('isMigrated() is false when migrations are missing', async () => {
        const marker = new Error('rollback');
        await expect(
          db.transaction(async (tx) => {
            await tx.execute(sql`DELETE FROM drizzle.__drizzle_migrations`);
            expect(await isMigrated(tx)).toBe(false);
            throw marker;
          }),
        ).rejects.toBe(marker);
        expect(await isMigrated(db)).toBe(true);
      });

      it('maps column types the same way on both drivers', async () => {
        const id = await insertOrder(db, {
          totalMinor: 9_007_199_254_740,
          offer: { slices: [{ origin: 'TAS' }] },
        });
        const [row] = await db.select().from(orders).where(eq(orders.id, id));
        expect(row?.totalMinor).toBe(9_007_199_254_740);
        expect(row?.offer).toEqual({ slices: [{ origin: 'TAS' }] });
        expect(row?.createdAt).toBeInstanceOf(Date);
        expect(row?.bookingStatus).toBe('new');
        expect(row?.paymentStatus).toBe('not_paid');
        const raw = await db.execute<{ answer: number }>(sql`SELECT 42::int AS answer`);
        expect(raw.rows[0]?.answer).toBe(42);
      });

      it('sets updated_at on update', async () => {
        const email = `${unique('u')}@example.com`;
        const [created] = await db.insert(users).values({ email }).returning();
        await new Promise((resolve) => setTimeout(resolve, 5));
        const [updated] = await db
          .update(users)
          .set({ firstName: 'Aziz' })
          .where(eq(users.email, email))
          .returning();
        expect(updated!.updatedAt.getTime()).toBeGreaterThan(created!.updatedAt.getTime());
      });
    });

    describe('constraints', () => {
      it('never lets sold exceed capacity or go below zero', async () => {
        const flightKey = unique('HY1');
        await expectPgError(
          db.insert(seatInventory).values({ flightKey, cabin: 'economy', sold: 11, capacity: 10 }),
          PG_CHECK_VIOLATION,
          'seat_inventory_sold_within_capacity',
        );
        await expectPgError(
          db.insert(seatInventory).values({ flightKey, cabin: 'economy', sold: -1, capacity: 10 }),
          PG_CHECK_VIOLATION,
          'seat_inventory_sold_nonnegative',
        );
        await db.insert(seatInventory).values({ flightKey, cabin: 'economy', sold: 10, capacity: 10 });
        await expectPgError(
          db
            .update(seatInventory)
            .set({ sold: sql`${seatInventory.sold} + 1` })
            .where(eq(seatInventory.flightKey, flightKey)),
          PG_CHECK_VIOLATION,
          'seat_inventory_sold_within_capacity',
        );
        await expectPgError(
          db.execute(
            sql`INSERT INTO seat_inventory (flight_key, cabin, sold, capacity) VALUES (${unique('X')}, 'first', 0, 1)`,
          ),
          PG_CHECK_VIOLATION,
          'seat_inventory_cabin',
        );
      });

      it('checks order statuses and the booking reference', async () => {
        const id = await insertOrder(db);
        await expectPgError(
          db.execute(sql`UPDATE orders SET booking_status = 'paid' WHERE id = ${id}`),
          PG_CHECK_VIOLATION,
          'orders_booking_status',
        );
        await expectPgError(
          db.execute(sql`UPDATE orders SET payment_status = 'refunded' WHERE id = ${id}`),
          PG_CHECK_VIOLATION,
          'orders_payment_status',
        );
        await expectPgError(
          insertOrder(db, { bookingReference: 'abc12' }),
          PG_CHECK_VIOLATION,
          'orders_booking_reference_format',
        );
        await db
          .update(orders)
          .set({ bookingStatus: 'booked', paymentStatus: 'paid' })
          .where(eq(orders.id, id));
        const [row] = await db.select().from(orders).where(eq(orders.id, id));
        expect(row?.bookingStatus).toBe('booked');
      });

      it('keeps booking references and e-mails unique, e-mails lower-case', async () => {
        const reference = randomBytes(3).toString('hex').toUpperCase();
        await insertOrder(db, { bookingReference: reference });
        const duplicate = await insertOrder(db, { bookingReference: reference }).catch((e: unknown) => e);
        expect(isUniqueViolation(duplicate, 'orders_booking_reference_key')).toBe(true);

        const email = `${unique('a')}@example.com`;
        await db.insert(users).values({ email });
        const again = await db
          .insert(users)
          .values({ email })
          .catch((e: unknown) => e);
        expect(isUniqueViolation(again, 'users_email_key')).toBe(true);
        await expectPgError(
          db.insert(users).values({ email: `Upper-${email}` }),
          PG_CHECK_VIOLATION,
          'users_email_lower',
        );
      });

      it('enforces foreign keys', async () => {
        await expectPgError(
          db
            .insert(orderHolds)
            .values({ orderId: unique('missing'), flightKey: 'HY1', cabin: 'economy', seats: 1 }),
          PG_FOREIGN_KEY_VIOLATION,
        );
      });
    });

    describe('holdSeats', () => {
      const request = (
        flightKey: string,
        seats: number,
        capacity = 10,
        cabin: 'economy' | 'business' = 'economy',
      ): SeatRequest => ({
        flightKey,
        cabin,
        seats,
        capacity,
      });

      it('creates the row on the first sale and adds to it afterwards, up to the capacity', async () => {
        const a = unique('HY601');
        await holdSeats(db, [request(a, 3)]);
        expect((await inventoryRow(db, a))?.sold).toBe(3);
        await holdSeats(db, [request(a, 7)]);
        const row = await inventoryRow(db, a);
        expect(row?.sold).toBe(10);
        expect(row?.capacity).toBe(10);
        const error = await soldOut(holdSeats(db, [request(a, 1)]));
        expect(error.code).toBe('sold_out');
        expect(error.flights).toEqual([{ flightKey: a, cabin: 'economy', requested: 1, available: 0 }]);
        expect((await inventoryRow(db, a))?.sold).toBe(10);
      });

      it('is all-or-nothing across flights', async () => {
        const a = unique('HY601');
        const b = unique('TK371');
        const c = unique('HY55');
        await holdSeats(db, [request(b, 8)]);
        const error = await soldOut(holdSeats(db, [request(a, 2), request(b, 3), request(c, 1)]));
        expect(error.flights).toEqual([{ flightKey: b, cabin: 'economy', requested: 3, available: 2 }]);
        expect(await inventoryRow(db, a)).toBeUndefined();
        expect(await inventoryRow(db, c)).toBeUndefined();
        expect((await inventoryRow(db, b))?.sold).toBe(8);
        await holdSeats(db, [request(a, 2), request(b, 2), request(c, 1)]);
        expect((await inventoryRow(db, b))?.sold).toBe(10);
      });

      it('refuses more seats than the capacity without writing anything', async () => {
        const a = unique('HY601');
        const error = await soldOut(holdSeats(db, [request(a, 11)]));
        expect(error.flights[0]?.available).toBe(10);
        expect(await inventoryRow(db, a)).toBeUndefined();
      });

      it('adds up the same flight given twice and keeps cabins apart', async () => {
        const a = unique('HY601');
        await holdSeats(db, [request(a, 2), request(a, 3), request(a, 1, 4, 'business')]);
        expect((await inventoryRow(db, a))?.sold).toBe(5);
        expect((await inventoryRow(db, a, 'business'))?.sold).toBe(1);
        await expect(holdSeats(db, [request(a, 1.5)])).rejects.toBeInstanceOf(RangeError);
        await expect(holdSeats(db, [request(a, -1)])).rejects.toBeInstanceOf(RangeError);
      });

      it('inside a transaction, a refusal rolls back only its own savepoint', async () => {
        const a = unique('HY601');
        const b = unique('TK371');
        await holdSeats(db, [request(b, 10)]);
        await db.transaction(async (tx) => {
          await holdSeats(tx, [request(a, 1)]);
          await soldOut(holdSeats(tx, [request(a, 1), request(b, 1)]));
          await holdSeats(tx, [request(a, 2)]);
        });
        expect((await inventoryRow(db, a))?.sold).toBe(3);
      });

      it('rolls back with the transaction that made it', async () => {
        const a = unique('HY601');
        await expect(
          db.transaction(async (tx) => {
            await holdSeats(tx, [request(a, 4)]);
            throw new Error('order insert failed');
          }),
        ).rejects.toThrow('order insert failed');
        expect(await inventoryRow(db, a)).toBeUndefined();
      });

      it('releaseSeats gives seats back, never below zero', async () => {
        const a = unique('HY601');
        await holdSeats(db, [request(a, 5)]);
        await releaseSeats(db, [{ flightKey: a, cabin: 'economy', seats: 2 }]);
        expect((await inventoryRow(db, a))?.sold).toBe(3);
        await releaseSeats(db, [{ flightKey: a, cabin: 'economy', seats: 7 }]);
        expect((await inventoryRow(db, a))?.sold).toBe(0);
        await releaseSeats(db, [{ flightKey: unique('none'), cabin: 'economy', seats: 1 }]);
      });

      it('soldSeats reports every flight asked for', async () => {
        const a = unique('HY601');
        const b = unique('TK371');
        await holdSeats(db, [request(a, 2), request(a, 1, 8, 'business')]);
        const sold = await soldSeats(db, [a, b, a]);
        expect([...sold.entries()]).toEqual([
          [a, { economy: 2, business: 1 }],
          [b, { economy: 0, business: 0 }],
        ]);
        expect((await soldSeats(db, [])).size).toBe(0);
      });

      it('soldSeatsSince lists sold flights departing on or after a date, by flight and cabin', async () => {
        const tag = unique('X')
          .replace(/[^a-z0-9]/gi, '')
          .slice(-6);
        const past = `${tag}-2020-01-01`;
        const future = `${tag}-2099-12-31`;
        const unsold = `${tag}U-2099-12-31`;
        await holdSeats(db, [request(past, 1), request(future, 3), request(future, 2, 8, 'business')]);
        await holdSeats(db, [request(unsold, 1)]);
        await releaseSeats(db, [{ flightKey: unsold, cabin: 'economy', seats: 1 }]);
        const sold = await soldSeatsSince(db, '2099-12-30');
        expect(sold.get(`${future} economy`)).toBe(3);
        expect(sold.get(`${future} business`)).toBe(2);
        expect(sold.has(`${past} economy`)).toBe(false);
        expect(sold.has(`${unsold} economy`)).toBe(false);
      });

      it('holdSeatsForOrder records the holds and releaseOrderHolds frees them once', async () => {
        const a = unique('HY601');
        const b = unique('TK371');
        const orderId = await db.transaction(async (tx) => {
          const id = await insertOrder(tx);
          await holdSeatsForOrder(tx, id, [request(a, 2), request(b, 2)]);
          return id;
        });
        expect((await soldSeats(db, [a, b])).get(a)?.economy).toBe(2);
        const released = await releaseOrderHolds(db, orderId);
        expect(released.map((r) => r.seats)).toEqual([2, 2]);
        expect(await releaseOrderHolds(db, orderId)).toEqual([]);
        const sold = await soldSeats(db, [a, b]);
        expect(sold.get(a)?.economy).toBe(0);
        expect(sold.get(b)?.economy).toBe(0);

        // A refused order leaves neither holds nor inventory behind.
        await holdSeats(db, [request(b, 10)]);
        const refusedId = await insertOrder(db);
        await soldOut(holdSeatsForOrder(db, refusedId, [request(a, 1), request(b, 1)]));
        expect(await db.select().from(orderHolds).where(eq(orderHolds.orderId, refusedId))).toEqual([]);
        expect((await soldSeats(db, [a])).get(a)?.economy).toBe(0);
      });

      it("a chosen seat is one live order's: the next is refused, and its release frees it", async () => {
        const flight = unique('HY602');
        const seat = { flightKey: flight, designator: '12A', passengerPosition: 0 };
        const first = await db.transaction(async (tx) => {
          const id = await insertOrder(tx);
          await holdSeatsForOrder(tx, id, [request(flight, 1)], [seat]);
          return id;
        });
        expect((await heldSeatDesignators(db, [flight])).get(flight)).toEqual(new Set(['12A']));
        const taken = await db
          .transaction(async (tx) => {
            const id = await insertOrder(tx);
            await holdSeatsForOrder(tx, id, [request(flight, 1)], [seat]);
          })
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(isUniqueViolation(taken, 'order_seats_flight_seat_key')).toBe(true);
        // The refused booking rolled back whole: its seat in the inventory too.
        expect((await soldSeats(db, [flight])).get(flight)?.economy).toBe(1);
        await releaseOrderHolds(db, first);
        expect((await heldSeatDesignators(db, [flight])).get(flight)).toEqual(new Set());
        await db.transaction(async (tx) => {
          const id = await insertOrder(tx);
          await holdSeatsForOrder(tx, id, [request(flight, 1)], [seat]);
        });
        expect((await heldSeatDesignators(db, [flight])).get(flight)).toEqual(new Set(['12A']));
      });
    });

    describe('idempotency keys', () => {
      it('goes new → in progress → replay', async () => {
        const ref = { scope: unique('user'), key: unique('key') };
        expect(await idempotency.begin(db, { ...ref, requestHash: 'h1' })).toBe('new');
        expect(await idempotency.begin(db, { ...ref, requestHash: 'h1' })).toBe('in_progress');
        expect(
          await idempotency.complete(db, {
            ...ref,
            responseStatus: 201,
            responseBody: { data: { id: 'o1' } },
          }),
        ).toBe(true);
        expect(await idempotency.begin(db, { ...ref, requestHash: 'h1' })).toEqual({
          replay: { status: 201, body: { data: { id: 'o1' } } },
        });
        // Completing twice does nothing.
        expect(await idempotency.complete(db, { ...ref, responseStatus: 500, responseBody: null })).toBe(
          false,
        );
      });

      it('says mismatch for the same key with another request', async () => {
        const ref = { scope: unique('user'), key: unique('key') };
        expect(await idempotency.begin(db, { ...ref, requestHash: 'h1' })).toBe('new');
        expect(await idempotency.begin(db, { ...ref, requestHash: 'h2' })).toBe('mismatch');
        await idempotency.complete(db, { ...ref, responseStatus: 200, responseBody: {} });
        expect(await idempotency.begin(db, { ...ref, requestHash: 'h2' })).toBe('mismatch');
      });

      it('keeps scopes apart', async () => {
        const key = unique('key');
        expect(await idempotency.begin(db, { scope: unique('a'), key, requestHash: 'h' })).toBe('new');
        expect(await idempotency.begin(db, { scope: unique('b'), key, requestHash: 'h' })).toBe('new');
      });

      it('lets a retry run again after abandon, or after the holder’s lock ran out', async () => {
        const ref = { scope: unique('user'), key: unique('key') };
        expect(await idempotency.begin(db, { ...ref, requestHash: 'h' })).toBe('new');
        await idempotency.abandon(db, ref);
        expect(await idempotency.begin(db, { ...ref, requestHash: 'h', lockMs: 0 })).toBe('new');
        // lockMs 0: the holder is presumed dead at once, so the next request takes the key over.
        expect(await idempotency.begin(db, { ...ref, requestHash: 'h' })).toBe('new');
        expect(await idempotency.begin(db, { ...ref, requestHash: 'h' })).toBe('in_progress');
      });

      it('stores the response with the change it belongs to', async () => {
        const ref = { scope: unique('user'), key: unique('key') };
        expect(await idempotency.begin(db, { ...ref, requestHash: 'h' })).toBe('new');
        await expect(
          db.transaction(async (tx) => {
            await idempotency.complete(tx, { ...ref, responseStatus: 201, responseBody: { ok: true } });
            throw new Error('commit failed');
          }),
        ).rejects.toThrow('commit failed');
        expect(await idempotency.begin(db, { ...ref, requestHash: 'h' })).toBe('in_progress');
      });

      it('purges old records', async () => {
        const ref = { scope: unique('user'), key: unique('key') };
        await idempotency.begin(db, { ...ref, requestHash: 'h' });
        expect(await idempotency.purgeBefore(db, new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
        expect(await idempotency.begin(db, { ...ref, requestHash: 'other' })).toBe('new');
      });
    });

    describe('transactions', () => {
      it('roll back everything on error', async () => {
        const email = `${unique('tx')}@example.com`;
        await expect(
          db.transaction(async (tx) => {
            await tx.insert(users).values({ email });
            expect(await tx.select().from(users).where(eq(users.email, email))).toHaveLength(1);
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      });

      it('roll back a failed statement’s transaction', async () => {
        const email = `${unique('tx')}@example.com`;
        await expect(
          db.transaction(async (tx) => {
            await tx.insert(users).values({ email });
            await tx.insert(users).values({ email: 'NOT-LOWER@example.com' });
          }),
        ).rejects.toThrow();
        expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      });

      it('nested transactions are savepoints', async () => {
        const outer = `${unique('outer')}@example.com`;
        const inner = `${unique('inner')}@example.com`;
        await db.transaction(async (tx) => {
          await tx.insert(users).values({ email: outer });
          await tx
            .transaction(async (nested) => {
              await nested.insert(users).values({ email: inner });
              throw new Error('inner');
            })
            .catch(() => undefined);
        });
        expect(await db.select().from(users).where(eq(users.email, outer))).toHaveLength(1);
        expect(await db.select().from(users).where(eq(users.email, inner))).toHaveLength(0);
      });

      it('commit and return the callback’s value', async () => {
        const email = `${unique('ok')}@example.com`;
        const id = await db.transaction(async (tx) => {
          const [row] = await tx.insert(users).values({ email }).returning({ id: users.id });
          return row!.id;
        });
        const [row] = await db.select().from(users).where(eq(users.id, id));
        expect(row?.email).toBe(email);
      });
    });
  });
}
