/**
 * The orders' tables (packages/db/src/schema-orders.ts) as far as they have moved behind the module's store: the
 * order's secret links (`order_access_tokens`). The other tables are still queried where they are used, the
 * files listed in architecture.test.ts (`STILL_TOUCHING`), until they move here (docs/architecture.md, "Modules own
 * their tables"). Each function runs in the database or transaction it is given.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

const tokens = schema.orderAccessTokens;

export type AccessTokenRow = typeof tokens.$inferSelect;

export async function insertAccessToken(db: Database, orderId: string, tokenHash: string, now: Date) {
  await db.insert(tokens).values({ orderId, tokenHash, createdAt: now });
}

/** Revokes every live token of the order. */
export async function revokeLiveAccessTokens(db: Database, orderId: string, now: Date) {
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.orderId, orderId), isNull(tokens.revokedAt)));
}

/** The order of the live token with this hash; undefined when none is live. */
export async function orderOfLiveAccessToken(db: Database, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ orderId: tokens.orderId })
    .from(tokens)
    .where(and(eq(tokens.tokenHash, tokenHash), isNull(tokens.revokedAt)));
  return row?.orderId;
}

/** Every token of the order, revoked ones too. */
export async function accessTokensOfOrder(db: Database, orderId: string): Promise<AccessTokenRow[]> {
  return db.select().from(tokens).where(eq(tokens.orderId, orderId));
}
