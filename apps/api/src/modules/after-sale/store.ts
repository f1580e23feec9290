/**
 * The after-sale's tables (packages/db/src/schema-after-sale.ts): a traveller's cancellations and the airlines'
 * changes of an order. The only file that reads or writes them (docs/architecture.md, "Modules own their tables");
 * each function runs in the database or transaction it is given.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

const cancellations = schema.orderCancellations;
const changes = schema.airlineChanges;

export type CancellationRow = typeof cancellations.$inferSelect;
export type AirlineChangeRow = typeof changes.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// Cancellations

export async function insertCancellation(
  db: Database,
  values: typeof cancellations.$inferInsert,
): Promise<CancellationRow> {
  const [row] = await db.insert(cancellations).values(values).returning();
  return row!;
}

export async function findCancellation(db: Database, id: string): Promise<CancellationRow | undefined> {
  const [row] = await db.select().from(cancellations).where(eq(cancellations.id, id));
  return row;
}

/** The order a cancellation is of; null when there is no such cancellation. */
export async function cancellationOrderId(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({ orderId: cancellations.orderId })
    .from(cancellations)
    .where(eq(cancellations.id, id));
  return row?.orderId ?? null;
}

/** Ends the quote at `now`: it can no longer be confirmed. */
export async function expireCancellation(db: Database, id: string, now: Date): Promise<void> {
  await db.update(cancellations).set({ expiresAt: now }).where(eq(cancellations.id, id));
}

/**
 * Claims confirming the cancellation at the supplier: true for the one request that may ask the supplier now (no
 * request is, or the last claim is older than `staleBefore`: its request ended with its process).
 */
export async function claimSupplierConfirm(
  db: Database,
  id: string,
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  const rows = await db
    .update(cancellations)
    .set({ supplierConfirmClaimedAt: now })
    .where(
      and(
        eq(cancellations.id, id),
        isNull(cancellations.confirmedAt),
        or(
          isNull(cancellations.supplierConfirmClaimedAt),
          lt(cancellations.supplierConfirmClaimedAt, staleBefore),
        ),
      ),
    )
    .returning({ id: cancellations.id });
  return rows.length > 0;
}

/** Lets another request confirm the cancellation at the supplier (this one's call may be made again). */
export async function releaseSupplierConfirm(db: Database, id: string): Promise<void> {
  await db.update(cancellations).set({ supplierConfirmClaimedAt: null }).where(eq(cancellations.id, id));
}

/** The cancellation, its row locked until the transaction ends. */
export async function lockCancellation(tx: Database, id: string): Promise<CancellationRow | undefined> {
  const [row] = await tx.select().from(cancellations).where(eq(cancellations.id, id)).for('update');
  return row;
}

/** Marks the cancellation confirmed with what it gives back; the row as it is now. */
export async function markCancellationConfirmed(
  tx: Database,
  id: string,
  confirmed: { confirmedAt: Date; refundMinor: number },
): Promise<CancellationRow | undefined> {
  const [row] = await tx.update(cancellations).set(confirmed).where(eq(cancellations.id, id)).returning();
  return row;
}

/** Every cancellation quoted for the order, in no particular order. */
export async function cancellationsOfOrder(db: Database, orderId: string): Promise<CancellationRow[]> {
  return db.select().from(cancellations).where(eq(cancellations.orderId, orderId));
}

export async function countConfirmedCancellations(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cancellations)
    .where(and(eq(cancellations.orderId, orderId), isNotNull(cancellations.confirmedAt)));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------------
// Airline changes

type ChangeState = Pick<
  typeof changes.$inferInsert,
  'removed' | 'added' | 'canAccept' | 'actionTaken' | 'actionTakenAt' | 'updatedAt'
>;

/**
 * Keeps a supplier's change: a new row, or the known one (by the supplier's id) updated to `state`. `fresh` is
 * true when the row is new.
 */
export async function upsertAirlineChange(
  tx: Database,
  values: typeof changes.$inferInsert & ChangeState,
  state: ChangeState,
): Promise<{ id: string; fresh: boolean } | undefined> {
  const [row] = await tx
    .insert(changes)
    .values(values)
    .onConflictDoUpdate({ target: [changes.supplier, changes.supplierChangeId], set: state })
    .returning({ id: changes.id, fresh: sql<boolean>`xmax = 0` });
  return row;
}

/** The order's changes not yet written into its itinerary, oldest first. */
export async function unappliedAirlineChanges(tx: Database, orderId: string): Promise<AirlineChangeRow[]> {
  return tx
    .select()
    .from(changes)
    .where(and(eq(changes.orderId, orderId), isNull(changes.appliedAt)))
    .orderBy(asc(changes.detectedAt), asc(changes.createdAt));
}

export async function markAirlineChangesApplied(tx: Database, ids: string[], now: Date): Promise<void> {
  await tx.update(changes).set({ appliedAt: now, updatedAt: now }).where(inArray(changes.id, ids));
}

/** The change of this order with this id (none when it is another order's). */
export async function findAirlineChange(
  db: Database,
  orderId: string,
  changeId: string,
): Promise<AirlineChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(changes)
    .where(and(eq(changes.id, changeId), eq(changes.orderId, orderId)));
  return row;
}

export async function recordAirlineChangeAction(
  tx: Database,
  changeId: string,
  action: Pick<typeof changes.$inferInsert, 'actionTaken' | 'actionTakenAt' | 'canAccept' | 'updatedAt'>,
): Promise<void> {
  await tx.update(changes).set(action).where(eq(changes.id, changeId));
}

/** Every change of the order, in no particular order (the console's timeline sorts them). */
export async function airlineChangesOfOrder(db: Database, orderId: string): Promise<AirlineChangeRow[]> {
  return db.select().from(changes).where(eq(changes.orderId, orderId));
}
