/**
 * The pricing module's tables (packages/db/src/schema-pricing.ts): the only code that reads or writes them
 * (docs/architecture.md). Rule versions are only ever added, never changed: each edit or retirement is a new row.
 * The samples of what searches showed are added in batches and deleted after 30 days.
 */
import { asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
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

// ---- Samples of what searches showed, for the preview (samples.ts) ------------------------------------------

export interface PriceSampleRow {
  sampledAt: Date;
  input: Record<string, unknown>;
}

/** Adds a batch of samples and deletes those sampled before `keepFrom`, in one transaction of the caller's. */
export async function addPriceSamples(
  db: Database,
  rows: readonly PriceSampleRow[],
  keepFrom: Date,
): Promise<void> {
  if (rows.length > 0) await db.insert(schema.priceSamples).values([...rows]);
  await db.delete(schema.priceSamples).where(lt(schema.priceSamples.sampledAt, keepFrom));
}

/** The samples taken from `from` on: every one when there are at most `limit`, else a random `limit` of them. */
export function priceSamplesSince(db: Database, from: Date, limit: number): Promise<PriceSampleRow[]> {
  return db
    .select({ sampledAt: schema.priceSamples.sampledAt, input: schema.priceSamples.input })
    .from(schema.priceSamples)
    .where(gte(schema.priceSamples.sampledAt, from))
    .orderBy(sql`random()`)
    .limit(limit);
}
