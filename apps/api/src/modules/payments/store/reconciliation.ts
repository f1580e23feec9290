/**
 * The payments module's store for reconciliation with the providers' statements (../reconciliation.ts) and the
 * reconciliation gauges of metrics.ts: the rows compared and the runs kept (`payment_reconciliations`).
 */
import { and, between, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Column, SQL } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import type { PaymentRow } from './payments.ts';
import type { ProviderTransactionRow } from './provider-transactions.ts';

/** Rows with one of the ids, or dated inside the window. */
export type EntryFilter = { from: Date; to: Date } | { ids: string[] };

function idsOrWindow(where: EntryFilter, idColumn: Column, timeColumn: Column): SQL {
  return 'ids' in where ? inArray(idColumn, where.ids) : between(timeColumn, where.from, where.to);
}

/** A provider's transactions by their external id or their time at the provider. */
export async function providerTransactionsFor(
  db: Database,
  provider: string,
  where: EntryFilter,
): Promise<ProviderTransactionRow[]> {
  const t = schema.providerTransactions;
  return db
    .select()
    .from(t)
    .where(and(eq(t.provider, provider), idsOrWindow(where, t.externalId, t.providerTime)));
}

/** A provider's payments by their provider ref or their creation time. */
export async function paymentsFor(db: Database, provider: string, where: EntryFilter): Promise<PaymentRow[]> {
  const p = schema.payments;
  return db
    .select()
    .from(p)
    .where(and(eq(p.provider, provider), idsOrWindow(where, p.providerRef, p.createdAt)));
}

/** Of these payments, those with a refund that went through (a partial one too). */
export async function paymentIdsRefunded(db: Database, paymentIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ paymentId: schema.refunds.paymentId })
    .from(schema.refunds)
    .where(and(inArray(schema.refunds.paymentId, paymentIds), eq(schema.refunds.status, 'succeeded')));
  return rows.map((row) => row.paymentId);
}

/** One reconciliation run's row. */
export async function insertReconciliation(
  db: Database,
  values: typeof schema.paymentReconciliations.$inferInsert,
): Promise<void> {
  await db.insert(schema.paymentReconciliations).values(values);
}

/** When the last reconciliation ran (any instance), if ever. */
export async function lastReconciliationAt(db: Database): Promise<Date | undefined> {
  const [last] = await db
    .select({ ranAt: schema.paymentReconciliations.ranAt })
    .from(schema.paymentReconciliations)
    .orderBy(desc(schema.paymentReconciliations.ranAt))
    .limit(1);
  return last?.ranAt;
}

/** Each provider's latest reconciliation: its differences and when it ran (Unix seconds), for metrics.ts. */
export async function latestReconciliations(
  db: Database,
): Promise<{ provider: string; details: { kind: string }[]; ran_at: number }[]> {
  const result = await db.execute<{ provider: string; details: { kind: string }[]; ran_at: number }>(sql`
    SELECT DISTINCT ON (provider) provider, details, extract(epoch FROM ran_at)::float8 AS ran_at
      FROM payment_reconciliations ORDER BY provider, ran_at DESC`);
  return result.rows;
}

/** The runs in [from, to) that found differences: when each ran, for which provider, and what it found. */
export async function runsWithDifferencesBetween(
  db: Database,
  from: Date,
  to: Date,
): Promise<{ provider: string; ranAt: Date; details: unknown }[]> {
  const r = schema.paymentReconciliations;
  return db
    .select({ provider: r.provider, ranAt: r.ranAt, details: r.details })
    .from(r)
    .where(and(gte(r.ranAt, from), lt(r.ranAt, to), gt(r.differences, 0)))
    .orderBy(r.ranAt);
}
