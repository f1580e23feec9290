/**
 * The orders' store for the agency's console (docs/architecture.md, "Modules own their tables"; docs/after-sale.md
 * §6 and §8): the order search and the overview's totals and export (modules/ops/orders.ts, overview.ts). Each
 * runs in the database it is given; the console turns the rows into its answers.
 */
import { and, desc, eq, exists, gte, ilike, inArray, lt, or, sql, type Column, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { OpsOrderSearch } from '@parvoz/contracts/ops';

const orders = schema.orders;
const passengers = schema.orderPassengers;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The conditions of the console's search: one box (reference, email, phone or passenger name) and filters. */
function searchConditions(db: Database, search: OpsOrderSearch): SQL | undefined {
  const o = orders;
  const where: SQL[] = [];
  const q = search.q?.trim();
  if (q) {
    const text = `%${likeEscape(q)}%`;
    const digits = q.replace(/\D/g, '');
    const matches: SQL[] = [
      eq(o.bookingReference, q.toUpperCase()),
      // The airline's own reference (a real supplier's order): what a traveller reads off the airline's emails.
      eq(o.supplierBookingReference, q.toUpperCase()),
      ilike(o.contactEmail, text),
      ilike(o.contactFullName, text),
      exists(
        db
          .select({ one: sql`1` })
          .from(passengers)
          .where(
            and(
              eq(passengers.orderId, o.id),
              or(
                ilike(passengers.givenName, text),
                ilike(passengers.familyName, text),
                ilike(sql`${passengers.givenName} || ' ' || ${passengers.familyName}`, text),
              ),
            ),
          ),
      ),
    ];
    if (digits.length >= 5)
      matches.push(sql`regexp_replace(${o.contactPhone}, '\\D', '', 'g') LIKE ${`%${digits}%`}`);
    where.push(or(...matches)!);
  }
  if (search.status) where.push(eq(o.bookingStatus, search.status));
  if (search.payment) where.push(eq(o.paymentStatus, search.payment));
  if (search.from) where.push(gte(o.createdAt, new Date(`${search.from}T00:00:00Z`)));
  if (search.to) where.push(lt(o.createdAt, new Date(Date.parse(`${search.to}T00:00:00Z`) + 86_400_000)));
  if (search.place) {
    where.push(
      sql`(${o.offer} -> 'slices' -> 0 ->> 'origin' = ${search.place} OR ${o.offer} -> 'slices' -> 0 ->> 'destination' = ${search.place})`,
    );
  }
  return where.length ? and(...where) : undefined;
}

/** One page (`pageSize` rows, newest first) of the orders the console's search finds, and how many it finds. */
export async function searchOrderRows(db: Database, search: OpsOrderSearch, pageSize: number) {
  const o = orders;
  const condition = searchConditions(db, search);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: o.id,
        booking_reference: o.bookingReference,
        contact_name: o.contactFullName,
        contact_email: o.contactEmail,
        contact_phone: o.contactPhone,
        booking_status: o.bookingStatus,
        payment_status: o.paymentStatus,
        refund_status: o.refundStatus,
        total_minor: o.totalMinor,
        currency: o.currency,
        created_at: o.createdAt,
        route: sql<string>`(${o.offer} -> 'slices' -> 0 ->> 'origin') || '–' || (${o.offer} -> 'slices' -> 0 ->> 'destination')`,
        departing_at: sql<string>`${o.offer} -> 'slices' -> 0 ->> 'departing_at'`,
      })
      .from(o)
      .where(condition)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(pageSize)
      .offset((search.page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(o)
      .where(condition),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The orders created per UTC day in [start, end) (ISO times), and how many of them were paid. */
export async function ordersCreatedPerDay(db: Database, start: string, end: string) {
  const result = await db.execute<{ day: string; n: number; paid: number }>(sql`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n,
      count(*) FILTER (WHERE paid_at IS NOT NULL)::int AS paid
    FROM orders WHERE created_at >= ${start} AND created_at < ${end} GROUP BY 1`);
  return result.rows;
}

/** The orders paid per UTC day and currency in [start, end) (ISO times): how many, and their totals (minor units). */
export async function ordersPaidPerDay(db: Database, start: string, end: string) {
  const result = await db.execute<{ day: string; currency: string; n: number; minor: string }>(sql`
    SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, currency, count(*)::int AS n,
      sum(total_minor)::text AS minor
    FROM orders WHERE paid_at >= ${start} AND paid_at < ${end} GROUP BY 1, 2`);
  return result.rows;
}

/**
 * The orders created in [start, end) (ISO times) per route (the first slice's ends) and currency: how many, how
 * many paid, and the paid ones' totals net of what was given back (minor units). `refundedMinorOf` is the amount
 * refunded of an order, as SQL on its id: the payments module's (modules/payments/index.ts), which the caller
 * hands in, since the refunds are not this module's.
 */
export async function orderTotalsPerRoute(
  db: Database,
  start: string,
  end: string,
  refundedMinorOf: (orderId: Column) => SQL,
) {
  const result = await db.execute<{
    origin: string;
    destination: string;
    currency: string;
    n: number;
    paid: number;
    minor: string;
  }>(sql`
    SELECT offer -> 'slices' -> 0 ->> 'origin' AS origin,
      offer -> 'slices' -> 0 ->> 'destination' AS destination, currency, count(*)::int AS n,
      count(*) FILTER (WHERE paid_at IS NOT NULL)::int AS paid,
      coalesce(sum(total_minor - ${refundedMinorOf(orders.id)}) FILTER (WHERE paid_at IS NOT NULL), 0)::text AS minor
    FROM orders WHERE created_at >= ${start} AND created_at < ${end} GROUP BY 1, 2, 3`);
  return result.rows;
}

/** The orders created in [start, end) (ISO times), oldest first, with what the console's CSV export shows. */
export async function ordersForExport(db: Database, start: string, end: string) {
  const result = await db.execute<{
    booking_reference: string;
    created_at: string | Date;
    booking_status: string;
    payment_status: string;
    total_minor: string;
    currency: string;
    route: string | null;
    passengers: number;
    contact_email: string;
  }>(sql`
    SELECT o.booking_reference, o.created_at, o.booking_status, o.payment_status, o.total_minor::text,
      o.currency,
      (o.offer -> 'slices' -> 0 ->> 'origin') || '-' || (o.offer -> 'slices' -> 0 ->> 'destination') AS route,
      (SELECT count(*)::int FROM order_passengers p WHERE p.order_id = o.id) AS passengers,
      o.contact_email
    FROM orders o
    WHERE o.created_at >= ${start} AND o.created_at < ${end}
    ORDER BY o.created_at, o.id`);
  return result.rows;
}

/** The booking references of the orders `ids`: the console's audit log names an order by it. */
export async function bookingReferencesOf(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: orders.id, reference: orders.bookingReference })
    .from(orders)
    .where(inArray(orders.id, ids));
}
