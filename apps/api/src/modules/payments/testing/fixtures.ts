/**
 * The payments' fixtures for suites elsewhere (docs/architecture.md, "Test fixtures live with the owner"): rows
 * put in place as a route or a provider would leave them, and searches of everything stored. They touch the
 * payments' tables directly, so the store stays the list of queries production runs.
 */
import { eq, sql } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

const { refunds } = schema;

/** Stores a refund as given (e.g. succeeded, as the refunds' settling leaves one) and gives its row back. */
export async function insertRefund(db: Database, refund: typeof refunds.$inferInsert) {
  const [row] = await db.insert(refunds).values(refund).returning();
  return row!;
}

/** Stores a reconciliation run as the reconciliation leaves one (its differences in `details`). */
export async function insertReconciliationRun(
  db: Database,
  run: typeof schema.paymentReconciliations.$inferInsert,
): Promise<void> {
  await db.insert(schema.paymentReconciliations).values(run);
}

/** Removes a refund put in place by `insertRefund`, so the suite's later tests do not count it. */
export async function deleteRefund(db: Database, refundId: string): Promise<void> {
  await db.delete(refunds).where(eq(refunds.id, refundId));
}

/** How many payments and provider events hold `text` anywhere in their row (e.g. a card number: never). */
export async function paymentRowsContaining(db: Database, text: string): Promise<number> {
  const like = `%${text}%`;
  const found = await db.execute<{ n: number }>(sql`
    SELECT (SELECT count(*) FROM payments WHERE row_to_json(payments)::text LIKE ${like})
         + (SELECT count(*) FROM webhook_events WHERE row_to_json(webhook_events)::text LIKE ${like}) AS n`);
  return Number(found.rows[0]!.n);
}
