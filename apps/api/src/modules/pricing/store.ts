/**
 * The pricing rules' table (packages/db/src/schema-pricing.ts): the only code that reads or writes it
 * (docs/architecture.md). Versions are only ever added, never changed: each edit or retirement is a new row.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

export type PriceRuleRow = typeof schema.priceRules.$inferSelect;
export type NewPriceRuleRow = typeof schema.priceRules.$inferInsert;

/** Every version of every rule, oldest rule first, each rule's versions in order. */
export function allRuleVersions(db: Database): Promise<PriceRuleRow[]> {
  return db
    .select()
    .from(schema.priceRules)
    .orderBy(asc(schema.priceRules.createdAt), asc(schema.priceRules.ruleId), asc(schema.priceRules.version));
}

/**
 * The rule's latest version, with the rule locked until the caller's transaction ends: a concurrent edit waits and
 * then reads the version written meanwhile (a row lock would let it read the old latest and take the same number).
 */
export async function lockLatestVersion(db: Database, ruleId: string): Promise<PriceRuleRow | null> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`price_rule:${ruleId}`}))`);
  const [row] = await db
    .select()
    .from(schema.priceRules)
    .where(eq(schema.priceRules.ruleId, ruleId))
    .orderBy(desc(schema.priceRules.version))
    .limit(1);
  return row ?? null;
}

/** Adds a version; a version number taken by a concurrent edit fails on the primary key. */
export async function insertRuleVersion(db: Database, row: NewPriceRuleRow): Promise<PriceRuleRow> {
  const [inserted] = await db.insert(schema.priceRules).values(row).returning();
  return inserted!;
}

/** How many versions are stored (tests, and a cheap check that the table is there). */
export async function ruleVersionCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.priceRules);
  return row?.n ?? 0;
}
