/**
 * The orders' fixtures for suites elsewhere (docs/architecture.md, "Test fixtures live with the owner"): an
 * order's row, passengers, holds and seats as stored, and orders put into states no route reaches. They touch
 * the orders' tables directly, so the store stays the list of queries production runs.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

const { orders, orderPassengers, orderHolds } = schema;

export type StoredOrder = typeof orders.$inferSelect;
type NewOrder = typeof orders.$inferInsert;

/**
 * SQL aimed at the orders' table, for suites that send it where an order id goes: it must be refused as
 * malformed, never run.
 */
export const DROP_ORDERS_TABLE = 'DROP TABLE orders';

/** The order's row as stored (undefined when there is none). */
export async function orderOf(db: Database, orderId: string): Promise<StoredOrder | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** Our orders that name the supplier's order `supplierOrderId` (at most one while the records agree). */
export const ordersWithSupplierOrder = (db: Database, supplierOrderId: string): Promise<StoredOrder[]> =>
  db.select().from(orders).where(eq(orders.supplierOrderId, supplierOrderId));

/** How many orders are stored, or only those with the given contact email, client IP and booking status. */
export function countOrders(
  db: Database,
  where: { contactEmail?: string; clientIp?: string; bookingStatus?: StoredOrder['bookingStatus'] } = {},
): Promise<number> {
  const { contactEmail, clientIp, bookingStatus } = where;
  return db.$count(
    orders,
    and(
      contactEmail === undefined ? undefined : eq(orders.contactEmail, contactEmail),
      clientIp === undefined ? undefined : eq(orders.clientIp, clientIp),
      bookingStatus === undefined ? undefined : eq(orders.bookingStatus, bookingStatus),
    ),
  );
}

/** How many orders each contact email has. */
export async function ordersPerEmail(db: Database): Promise<{ email: string; n: number }[]> {
  const counted = await db.execute<{ email: string; n: number }>(
    sql`SELECT contact_email AS email, count(*)::int AS n FROM orders GROUP BY contact_email ORDER BY 1`,
  );
  return counted.rows;
}

/** How many orders hold `text` anywhere in their row (e.g. a card number that must never be stored). */
export async function ordersContaining(db: Database, text: string): Promise<number> {
  const found = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM orders WHERE row_to_json(orders)::text LIKE ${`%${text}%`}`,
  );
  return Number(found.rows[0]!.n);
}

/** Stores an order row as given (no passengers, no seats held): the caller holds seats for it if it needs them. */
export async function insertOrder(db: Database, row: NewOrder): Promise<void> {
  await db.insert(orders).values(row);
}

/**
 * An order of one flight from Tashkent to Istanbul (no passengers, no seats held, due now), as the order lists
 * and the sign-in's attaching of earlier orders read it: `departs` (and `arrives`, else the same) are the
 * flight's local times.
 */
export async function insertOneFlightOrder(
  db: Database,
  order: Pick<
    NewOrder,
    'id' | 'bookingReference' | 'contactFullName' | 'contactEmail' | 'totalMinor' | 'lang'
  > &
    Pick<Partial<NewOrder>, 'userId' | 'bookingStatus'> & { departs: string; arrives?: string },
): Promise<void> {
  const { departs, arrives = departs, ...columns } = order;
  const segment = { origin: 'TAS', destination: 'IST', departing_at: departs, arriving_at: arrives };
  await db.insert(orders).values({
    ...columns,
    contactPhone: '+998901234567',
    offer: { slices: [{ origin: 'TAS', destination: 'IST', segments: [segment] }] },
    price: {},
    currency: 'USD',
    paymentDeadline: sql`now()`,
  });
}

/**
 * Sets the order's columns as given, past every rule: a state no route reaches (a paid order the supplier would
 * not ticket, a contact email the booking form refuses, a supplier's order lost on the way).
 */
export async function setOrderColumns(
  db: Database,
  orderId: string,
  changes: Partial<Omit<NewOrder, 'id'>>,
): Promise<void> {
  await db.update(orders).set(changes).where(eq(orders.id, orderId));
}

/**
 * From now on the database refuses to record an order whose contact email is `email` (a trigger): a booking that
 * fails after the supplier made its order. The trigger stays for the database's life, so one suite's database.
 */
export async function refuseOrdersOf(db: Database, email: string): Promise<void> {
  const quoted = `'${email.replaceAll("'", "''")}'`;
  await db.execute(sql`
    CREATE FUNCTION refuse_test_order() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.contact_email = ${sql.raw(quoted)} THEN RAISE EXCEPTION 'order not recorded (test)'; END IF;
      RETURN NEW;
    END $$`);
  await db.execute(
    sql`CREATE TRIGGER refuse_test_order BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION refuse_test_order()`,
  );
}

/** The order's passengers as stored, in the order they were entered. */
export const passengersOf = (db: Database, orderId: string) =>
  db
    .select()
    .from(orderPassengers)
    .where(eq(orderPassengers.orderId, orderId))
    .orderBy(asc(orderPassengers.position));

/** The seats the order holds (or held: a released hold keeps its row), one row per flight. */
export const holdsOf = (db: Database, orderId: string) =>
  db.select().from(orderHolds).where(eq(orderHolds.orderId, orderId));

/** The orders holding seats on the flight now, and how many seats they hold. */
export async function openHoldsOn(
  db: Database,
  flightKey: string,
): Promise<{ orders: number; seats: number }> {
  const holds = await db.execute<{ orders: number; seats: number }>(sql`
    SELECT count(DISTINCT order_id)::int AS orders, coalesce(sum(seats), 0)::int AS seats
    FROM order_holds WHERE flight_key = ${flightKey} AND released_at IS NULL`);
  return holds.rows[0]!;
}

/** The unpaid (new) orders holding seats now, and how many seats they hold. */
export async function unpaidHolds(db: Database): Promise<{ n: number; seats: number }> {
  const unpaid = await db.execute<{ n: number; seats: number }>(sql`
    SELECT count(DISTINCT o.id)::int AS n, coalesce(sum(h.seats), 0)::int AS seats
    FROM orders o JOIN order_holds h ON h.order_id = o.id AND h.released_at IS NULL
    WHERE o.booking_status = 'new'`);
  return unpaid.rows[0]!;
}

/** The seats sold and the capacity of the flight, one row per cabin counted (or only `cabin`'s). */
export async function seatCounts(
  db: Database,
  flightKey: string,
  cabin?: string,
): Promise<{ sold: number; capacity: number }[]> {
  const counts = await db.execute<{ sold: number; capacity: number }>(sql`
    SELECT sold, capacity FROM seat_inventory
    WHERE flight_key = ${flightKey} ${cabin === undefined ? sql`` : sql`AND cabin = ${cabin}`}`);
  return counts.rows;
}

/** The seats sold on every flight counted, or on `flightKeys` only. */
export async function seatsSold(db: Database, flightKeys?: string[]): Promise<number> {
  const only = flightKeys
    ? sql`WHERE flight_key IN (${sql.join(
        flightKeys.map((key) => sql`${key}`),
        sql`, `,
      )})`
    : sql``;
  const sold = await db.execute<{ sold: number }>(
    sql`SELECT coalesce(sum(sold), 0)::int AS sold FROM seat_inventory ${only}`,
  );
  return sold.rows[0]!.sold;
}

/** How many flights' sold count is below zero (none ever, however bookings and expiries race). */
export async function oversoldFlights(db: Database): Promise<number> {
  const negative = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM seat_inventory WHERE sold < 0`,
  );
  return negative.rows[0]!.n;
}
