/**
 * The agency's staff (docs/after-sale.md §5): operator and admin roles kept in `staff_roles`, and the
 * append-only `audit_log` of everything done in the console. The first admin comes from
 * `npm run ops -- add-admin`; admins invite operators by email (the invitee signs in with the site's emailed
 * code).
 */
import type { Database, StaffRole } from '@parvoz/db';
import { emailOfUser, emailsOfUsers, ensureUser } from '../accounts/index.ts';
import {
  allRoles,
  auditEntriesAbout,
  deleteOperatorRole,
  insertAuditEntry,
  roleOf,
  upsertRole,
} from './store.ts';

export type Staff = { userId: string; email: string; role: StaffRole };

/** Who did it: a signed-in staff member, or the command line (no user). */
export type Actor = { userId: string; email: string } | { userId: null; email: 'command-line' };

/**
 * A traveller acting on an order by an emailed code or link (no user: the address they proved), in the order's
 * audit entries: a change of the contact email and its undo (modules/after-sale/manage.ts).
 */
export type TravellerActor = { userId: null; email: string; traveller: true };

/** The staff member of an account (its email from the accounts module), or null when it has no role. */
export async function staffOf(db: Database, userId: string): Promise<Staff | null> {
  const row = await roleOf(db, userId);
  const email = row && (await emailOfUser(db, userId));
  return row && email ? { ...row, email } : null;
}

export async function recordAudit(
  db: Database,
  entry: {
    actor: Actor | TravellerActor;
    action: string;
    targetType: string;
    targetId: string;
    details?: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await insertAuditEntry(db, {
    at: entry.at,
    actorUserId: entry.actor.userId,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
  });
}

/**
 * Gives `email` a role (creating the account when there is none yet) and writes it to the audit log.
 * Granting the role someone already has changes nothing; an admin is never lowered to operator here.
 */
export async function grantRole(
  db: Database,
  input: { email: string; role: StaffRole; actor: Actor; now: Date },
): Promise<{ staff: Staff; changed: boolean }> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const userId = await ensureUser(tx, email);
    const current = await staffOf(tx, userId);
    if (current && (current.role === input.role || current.role === 'admin'))
      return { staff: current, changed: false };
    await upsertRole(tx, { userId, role: input.role, grantedBy: input.actor.userId, grantedAt: input.now });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'staff.granted',
      targetType: 'user',
      targetId: userId,
      details: { email, role: input.role },
      at: input.now,
    });
    return { staff: { userId, email, role: input.role }, changed: true };
  });
}

/** Takes an operator's role away (admins are not removed here); false when there was none to take. */
export async function revokeOperator(
  db: Database,
  userId: string,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await deleteOperatorRole(tx, userId))) return false;
    await recordAudit(tx, { actor, action: 'staff.revoked', targetType: 'user', targetId: userId, at: now });
    return true;
  });
}

/** Every staff member, by role (descending: operators, then admins) and then by email. */
export async function listStaff(db: Database) {
  const roles = await allRoles(db);
  const roleOf = new Map(roles.map((row) => [row.user_id, row]));
  // The accounts come in the database's order of emails (its collation), as the console always listed them.
  const accounts = await emailsOfUsers(
    db,
    roles.map((row) => row.user_id),
  );
  const byEmail = accounts.map(({ id, email }) => {
    const { role, granted_at } = roleOf.get(id)!;
    return { user_id: id, email, role, granted_at };
  });
  // A stable sort keeps the emails' order within a role.
  return byEmail.sort((a, b) => (a.role === b.role ? 0 : a.role < b.role ? 1 : -1));
}

/** The audit entries about one thing (newest first), or the latest of all. */
export async function auditEntries(db: Database, target?: { type: string; id: string }, limit = 100) {
  return auditEntriesAbout(db, target, limit);
}
