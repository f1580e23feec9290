/**
 * The append-only audit log (issue 13 §5–6; docs/decisions/0010-operator-roles-and-audit-log.md): one row
 * per operator action or staff change, written in the SAME transaction as the change, so an action is never
 * done without its entry nor recorded without being done. This module only inserts and reads; the database
 * refuses UPDATE, DELETE and TRUNCATE of the table (a trigger in migration 0008).
 */
import { and, asc, eq } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';

/** Who did it: a signed-in staff member, or the `npm run ops` command line (no user). */
export type AuditActor = { userId: string; email: string } | { commandLine: true };

export type AuditTarget = { type: 'order' | 'user'; id: string };

export type AuditEntry = typeof schema.auditLog.$inferSelect;

export async function recordAudit(
  tx: Database,
  entry: {
    actor: AuditActor;
    action: string;
    target: AuditTarget;
    details?: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  const actor = 'userId' in entry.actor ? entry.actor : null;
  await tx.insert(schema.auditLog).values({
    at: entry.at,
    actorUserId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    details: entry.details ?? {},
  });
}

/** Everything recorded about one target, oldest first. */
export async function auditOf(db: Database, target: AuditTarget): Promise<AuditEntry[]> {
  return db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetType, target.type), eq(schema.auditLog.targetId, target.id)))
    .orderBy(asc(schema.auditLog.at), asc(schema.auditLog.id));
}
