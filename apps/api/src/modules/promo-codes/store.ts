/**
 * The promo codes' tables (packages/db/src/schema-promo-codes.ts): the only code that reads or writes them
 * (docs/architecture.md). A code's use is claimed by one conditional UPDATE of its row, so the total limit holds
 * whichever instance books (docs/decisions/0029-promo-codes.md).
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

export type PromoCodeRow = typeof schema.promoCodes.$inferSelect;
export type NewPromoCodeRow = typeof schema.promoCodes.$inferInsert;
export type PromoCodeVersionRow = typeof schema.promoCodeVersions.$inferSelect;
export type NewPromoCodeVersionRow = typeof schema.promoCodeVersions.$inferInsert;

/** The code's row by its (normalised) code, unlocked: a booking's first look, before its transaction. */
export async function promoCodeByCode(db: Database, code: string): Promise<PromoCodeRow | null> {
  const [row] = await db.select().from(schema.promoCodes).where(eq(schema.promoCodes.code, code));
  return row ?? null;
}

/** The code's row, locked until the caller's transaction ends (the console's edits). */
export async function lockPromoCode(db: Database, id: string): Promise<PromoCodeRow | null> {
  const [row] = await db.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, id)).for('update');
  return row ?? null;
}

export async function allPromoCodes(db: Database): Promise<PromoCodeRow[]> {
  return db
    .select()
    .from(schema.promoCodes)
    .orderBy(desc(schema.promoCodes.createdAt), asc(schema.promoCodes.code));
}

export async function promoCodeVersions(
  db: Database,
  codeIds: readonly string[],
): Promise<PromoCodeVersionRow[]> {
  if (codeIds.length === 0) return [];
  return db
    .select()
    .from(schema.promoCodeVersions)
    .where(inArray(schema.promoCodeVersions.codeId, [...codeIds]))
    .orderBy(desc(schema.promoCodeVersions.version));
}

/** A new code; a code already taken fails on the unique index (`isUniqueViolation`). */
export async function insertPromoCode(db: Database, row: NewPromoCodeRow): Promise<PromoCodeRow> {
  const [inserted] = await db.insert(schema.promoCodes).values(row).returning();
  return inserted!;
}

/** The code's terms now (its uses stay as counted). */
export async function updatePromoCode(
  db: Database,
  id: string,
  values: Partial<Omit<NewPromoCodeRow, 'id' | 'used' | 'createdAt'>>,
): Promise<PromoCodeRow> {
  const [updated] = await db
    .update(schema.promoCodes)
    .set(values)
    .where(eq(schema.promoCodes.id, id))
    .returning();
  return updated!;
}

export async function insertPromoCodeVersion(db: Database, row: NewPromoCodeVersionRow): Promise<void> {
  await db.insert(schema.promoCodeVersions).values(row);
}

/**
 * Waits for, then holds until the caller's transaction ends, the right to count and add one mailbox's uses of a
 * code: two bookings of one traveller at once count one after the other.
 */
export async function lockMailboxUses(db: Database, codeId: string, mailbox: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`promo:${codeId}:${mailbox}`}))`);
}

/** The mailbox's orders holding the code now. */
export async function mailboxUses(db: Database, codeId: string, mailbox: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.promoRedemptions)
    .where(
      and(
        eq(schema.promoRedemptions.codeId, codeId),
        eq(schema.promoRedemptions.mailbox, mailbox),
        isNull(schema.promoRedemptions.releasedAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * One use of the code, if one is left and the code still usable at `at`: the row is updated only while
 * `used < total_limit`, so of concurrent claims no more succeed than the limit allows (each waits for the row's
 * lock, then sees the count the others committed). Null when none is left (or the code changed meanwhile).
 */
export async function claimPromoUse(db: Database, codeId: string, at: Date): Promise<PromoCodeRow | null> {
  const [row] = await db
    .update(schema.promoCodes)
    .set({ used: sql`${schema.promoCodes.used} + 1` })
    .where(
      and(
        eq(schema.promoCodes.id, codeId),
        sql`${schema.promoCodes.used} < ${schema.promoCodes.totalLimit}`,
        isNull(schema.promoCodes.retiredAt),
        sql`(${schema.promoCodes.validFrom} IS NULL OR ${schema.promoCodes.validFrom} <= ${at})`,
        sql`(${schema.promoCodes.validUntil} IS NULL OR ${schema.promoCodes.validUntil} > ${at})`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertRedemption(
  db: Database,
  row: typeof schema.promoRedemptions.$inferInsert,
): Promise<void> {
  await db.insert(schema.promoRedemptions).values(row);
}

/**
 * Gives back the uses the orders' codes hold (an unpaid order that expired or was cancelled): each redemption is
 * released once, and its code's count goes down by what was released. Idempotent.
 */
export async function releaseRedemptions(
  db: Database,
  orderIds: readonly string[],
  at: Date,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const released = await db
    .update(schema.promoRedemptions)
    .set({ releasedAt: at })
    .where(
      and(
        inArray(schema.promoRedemptions.orderId, [...orderIds]),
        isNull(schema.promoRedemptions.releasedAt),
      ),
    )
    .returning({ codeId: schema.promoRedemptions.codeId });
  const perCode = new Map<string, number>();
  for (const { codeId } of released) perCode.set(codeId, (perCode.get(codeId) ?? 0) + 1);
  // In the codes' id order: two releases of overlapping codes lock the rows alike (no deadlock).
  for (const [codeId, n] of [...perCode].sort(([a], [b]) => (a < b ? -1 : 1)))
    await db
      .update(schema.promoCodes)
      .set({ used: sql`greatest(${schema.promoCodes.used} - ${n}, 0)` })
      .where(eq(schema.promoCodes.id, codeId));
  return released.length;
}

/** How many orders hold the code now, counted from the redemptions (tests check `used` against it). */
export async function heldRedemptions(db: Database, codeId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.promoRedemptions)
    .where(and(eq(schema.promoRedemptions.codeId, codeId), isNull(schema.promoRedemptions.releasedAt)));
  return row?.n ?? 0;
}
