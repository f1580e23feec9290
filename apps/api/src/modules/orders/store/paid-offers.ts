/**
 * The orders' store (docs/architecture.md, "Modules own their tables"): the offers of recently paid orders as they
 * were sold, for the console's preview of a pricing rule (modules/pricing/preview.ts).
 */
import { desc, gte } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { Offer } from '@parvoz/core/search-types';

export interface PaidOffer {
  offer: Offer;
  /** Null for the built-in network. */
  supplier: string | null;
  createdAt: Date;
  /** The site language it was sold in: its market for the price rules. */
  lang: string;
}

/** The orders paid from `from` on, newest first: every one, or the newest `limit` when there are more. */
export async function paidOffersSince(db: Database, from: Date, limit: number): Promise<PaidOffer[]> {
  const rows = await db
    .select({
      offer: schema.orders.offer,
      supplier: schema.orders.supplier,
      createdAt: schema.orders.createdAt,
      lang: schema.orders.lang,
    })
    .from(schema.orders)
    .where(gte(schema.orders.paidAt, from))
    .orderBy(desc(schema.orders.paidAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, offer: row.offer as Offer }));
}
