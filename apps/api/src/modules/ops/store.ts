/**
 * The console's tables (`staff_roles`, `audit_log`, `agency_applications`, packages/db/src/schema-ops.ts): the
 * only file that reads or writes them (docs/architecture.md, "Modules own their tables"). Every function takes
 * the database or the transaction it runs in, so a change and its audit entry commit together.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Database, type StaffRole } from '@parvoz/db';
import type { AgencyApplicationStatus } from '@parvoz/db/schema-ops';

const { staffRoles, auditLog, agencyApplications } = schema;

export type AuditEntryRow = typeof auditLog.$inferSelect;
export type NewAgencyApplication = Omit<typeof agencyApplications.$inferInsert, 'id'>;

// ---- Staff roles ------------------------------------------------------------------------------------------

/** The role of an account, if it has one. */
export async function roleOf(
  db: Database,
  userId: string,
): Promise<{ userId: string; role: StaffRole } | undefined> {
  const [row] = await db
    .select({ userId: staffRoles.userId, role: staffRoles.role })
    .from(staffRoles)
    .where(eq(staffRoles.userId, userId));
  return row;
}

/** Gives an account a role, or changes the one it has. */
export async function upsertRole(
  db: Database,
  grant: { userId: string; role: StaffRole; grantedBy: string | null; grantedAt: Date },
): Promise<void> {
  await db
    .insert(staffRoles)
    .values(grant)
    .onConflictDoUpdate({
      target: staffRoles.userId,
      set: { role: grant.role, grantedBy: grant.grantedBy, grantedAt: grant.grantedAt },
    });
}

/** Removes an account's operator role (never an admin's); false when it had none. */
export async function deleteOperatorRole(db: Database, userId: string): Promise<boolean> {
  const removed = await db
    .delete(staffRoles)
    .where(and(eq(staffRoles.userId, userId), eq(staffRoles.role, 'operator')))
    .returning({ userId: staffRoles.userId });
  return removed.length > 0;
}

/** Every role given, in no particular order. */
export function allRoles(db: Database) {
  return db
    .select({ user_id: staffRoles.userId, role: staffRoles.role, granted_at: staffRoles.grantedAt })
    .from(staffRoles);
}

// ---- The audit log (append-only: a trigger refuses UPDATE and DELETE) -------------------------------------

export async function insertAuditEntry(db: Database, entry: Omit<typeof auditLog.$inferInsert, 'id'>) {
  await db.insert(auditLog).values(entry);
}

/** The audit entries about one thing (newest first), or the latest of all. */
export function auditEntriesAbout(
  db: Database,
  target: { type: string; id: string } | undefined,
  limit: number,
): Promise<AuditEntryRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(target ? and(eq(auditLog.targetType, target.type), eq(auditLog.targetId, target.id)) : sql`true`)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

// ---- Agencies' applications -------------------------------------------------------------------------------

export async function insertAgencyApplication(
  db: Database,
  application: NewAgencyApplication,
): Promise<{ id: string }> {
  const [created] = await db
    .insert(agencyApplications)
    .values(application)
    .returning({ id: agencyApplications.id });
  return created!;
}

/** A page of the applications (in one status, or all), newest first. */
export function agencyApplicationsPage(
  db: Database,
  query: { status?: AgencyApplicationStatus | undefined; limit: number; offset: number },
) {
  return db
    .select()
    .from(agencyApplications)
    .where(query.status ? eq(agencyApplications.status, query.status) : undefined)
    .orderBy(desc(agencyApplications.createdAt), desc(agencyApplications.id))
    .limit(query.limit)
    .offset(query.offset);
}

/** How many applications there are (in one status, or all). */
export function countAgencyApplications(db: Database, status?: AgencyApplicationStatus) {
  return db
    .select({ n: count() })
    .from(agencyApplications)
    .where(status ? eq(agencyApplications.status, status) : undefined);
}

/** An application's status and note, its row locked (`FOR UPDATE`) for the caller's transaction. */
export async function lockAgencyApplication(tx: Database, id: string) {
  const [before] = await tx
    .select({ status: agencyApplications.status, note: agencyApplications.operatorNote })
    .from(agencyApplications)
    .where(eq(agencyApplications.id, id))
    .for('update');
  return before;
}

export async function updateAgencyApplicationRow(
  tx: Database,
  id: string,
  values: { status: AgencyApplicationStatus; operatorNote: string | null; updatedAt: Date },
): Promise<void> {
  await tx.update(agencyApplications).set(values).where(eq(agencyApplications.id, id));
}

/** The companies of the applications `ids` (uuids): the console's audit log names an application by it. */
export async function agencyNamesOf(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: agencyApplications.id, name: agencyApplications.companyName })
    .from(agencyApplications)
    .where(inArray(agencyApplications.id, ids));
}

// ---- For tests (testing/ops.ts) ---------------------------------------------------------------------------

/** The audit entries matching every condition given, oldest first (by id). */
export function auditEntriesWhere(
  db: Database,
  filter: { targetType?: string; targetId?: string; action?: string } = {},
): Promise<AuditEntryRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        filter.targetType === undefined ? undefined : eq(auditLog.targetType, filter.targetType),
        filter.targetId === undefined ? undefined : eq(auditLog.targetId, filter.targetId),
        filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
      ),
    )
    .orderBy(auditLog.id);
}

/** An application as stored, every column. */
export async function agencyApplicationById(db: Database, id: string) {
  const [row] = await db.select().from(agencyApplications).where(eq(agencyApplications.id, id));
  return row;
}

/** Every application as stored, oldest first. */
export function allAgencyApplications(db: Database) {
  return db.select().from(agencyApplications).orderBy(agencyApplications.createdAt, agencyApplications.id);
}
