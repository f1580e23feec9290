/**
 * The refunds' totals of the console's overview (docs/after-sale.md §8), in the payments' store (docs/architecture.md,
 * "Modules own their tables"): beside `store.ts`, which holds the module's other queries and is at its length limit.
 */
import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '@parvoz/db';

/**
 * The succeeded refunds per UTC day they succeeded in [start, end) (ISO times) and currency: how many, and what
 * they gave back (minor units).
 */
export async function succeededRefundsPerDay(db: Database, start: string, end: string) {
  const result = await db.execute<{ day: string; currency: string; n: number; minor: string }>(sql`
    SELECT to_char(succeeded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, currency, count(*)::int AS n,
      sum(amount_minor)::text AS minor
    FROM refunds WHERE status = 'succeeded' AND succeeded_at >= ${start} AND succeeded_at < ${end}
    GROUP BY 1, 2`);
  return result.rows;
}

/**
 * What the succeeded refunds of the order `orderId` gave back (minor units, 0 for none), as SQL on the order's id:
 * for a query of the orders' store that sums orders net of refunds (the console's overview, per route).
 */
export const succeededRefundMinorOf = (orderId: Column | SQL): SQL =>
  sql`coalesce((SELECT sum(r.amount_minor) FROM refunds r
    WHERE r.order_id = ${orderId} AND r.status = 'succeeded'), 0)`;
