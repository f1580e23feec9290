/**
 * Who may use the operator console (issue 13 §5; docs/decisions/0010-operator-roles-and-audit-log.md).
 * Roles live in `staff_roles`, one row per user; every grant and revocation is written to the audit log in
 * the same transaction. The first admin comes from the command line (`npm run ops -- add-admin EMAIL`,
 * scripts/ops.ts); admins invite the others, who sign in with the site's usual emailed code.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type Database } from '@parvoz/db';
import type { StaffMe, StaffMember, StaffRole } from '@parvoz/contracts/ops';
import { isLocale, type Locale } from '@parvoz/i18n/locales';
import { ApiFailure } from '../errors.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import { enqueueEmail } from './mail.ts';
import { renderStaffInvite } from './staff-mail.ts';

/** The staff member behind a session, or null for anyone without a role. */
export async function staffOf(db: Database, userId: string): Promise<StaffMe | null> {
  const [row] = await db
    .select({ userId: schema.users.id, email: schema.users.email, role: schema.staffRoles.role })
    .from(schema.staffRoles)
    .innerJoin(schema.users, eq(schema.users.id, schema.staffRoles.userId))
    .where(eq(schema.staffRoles.userId, userId));
  return row ? { user_id: row.userId, email: row.email, role: row.role } : null;
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const granter = alias(schema.users, 'granter');
  const rows = await db
    .select({
      userId: schema.users.id,
      email: schema.users.email,
      role: schema.staffRoles.role,
      grantedAt: schema.staffRoles.grantedAt,
      grantedBy: granter.email,
    })
    .from(schema.staffRoles)
    .innerJoin(schema.users, eq(schema.users.id, schema.staffRoles.userId))
    .leftJoin(granter, eq(granter.id, schema.staffRoles.grantedBy))
    .orderBy(asc(schema.staffRoles.role), asc(schema.users.email));
  return rows.map((r) => ({
    user_id: r.userId,
    email: r.email,
    role: r.role,
    granted_at: r.grantedAt.toISOString(),
    granted_by_email: r.grantedBy ?? null,
  }));
}

export interface GrantOutcome {
  userId: string;
  email: string;
  createdUser: boolean;
  /** The role before (null: none); equal to `role` when nothing changed. */
  previousRole: StaffRole | null;
  role: StaffRole;
}

/**
 * Gives `email` the role, making the account when there is none, in the caller's transaction; records it in
 * the audit log unless nothing changed. The same role again is a no-op (idempotent).
 */
export async function grantRole(
  tx: Database,
  input: { email: string; role: StaffRole; actor: AuditActor; language?: Locale; now: Date },
): Promise<GrantOutcome> {
  const { email, role, now } = input;
  const inserted = await tx
    .insert(schema.users)
    .values({ email, language: input.language ?? null, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: schema.users.email })
    .returning({ id: schema.users.id });
  const [user] = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  const userId = user!.id;
  const [before] = await tx
    .select({ role: schema.staffRoles.role })
    .from(schema.staffRoles)
    .where(eq(schema.staffRoles.userId, userId))
    .for('update');
  const previousRole = before?.role ?? null;
  const outcome = { userId, email, createdUser: inserted.length > 0, previousRole, role };
  if (previousRole === role) return outcome;
  const grantedBy = 'userId' in input.actor ? input.actor.userId : null;
  await tx
    .insert(schema.staffRoles)
    .values({ userId, role, grantedBy, grantedAt: now })
    .onConflictDoUpdate({ target: schema.staffRoles.userId, set: { role, grantedBy, grantedAt: now } });
  await recordAudit(tx, {
    actor: input.actor,
    action: 'staff.grant',
    target: { type: 'user', id: userId },
    details: { email, role, previous_role: previousRole, created_user: outcome.createdUser },
    at: now,
  });
  return outcome;
}

/** What `npm run ops -- add-admin EMAIL` does (scripts/ops.ts): no email is sent, the output says it all. */
export async function addAdminFromCommandLine(db: Database, email: string, now: Date): Promise<GrantOutcome> {
  return db.transaction((tx) => grantRole(tx, { email, role: 'admin', actor: { commandLine: true }, now }));
}

/**
 * POST /v1/ops/staff (admins only): the role, and an invitation in the person's language (their profile's,
 * else the one the admin chose) to sign in to the console. Nothing is sent when nothing changed.
 */
export async function inviteStaff(
  tx: Database,
  input: {
    admin: StaffMe;
    email: string;
    role: StaffRole;
    lang: Locale | undefined;
    siteUrl: string;
    now: Date;
  },
): Promise<StaffMember> {
  const actor = { userId: input.admin.user_id, email: input.admin.email };
  const outcome = await grantRole(tx, {
    email: input.email,
    role: input.role,
    actor,
    ...(input.lang ? { language: input.lang } : {}),
    now: input.now,
  });
  if (outcome.previousRole !== input.role) {
    const [user] = await tx
      .select({ language: schema.users.language })
      .from(schema.users)
      .where(eq(schema.users.id, outcome.userId));
    const lang: Locale = isLocale(user?.language) ? user.language : (input.lang ?? 'en');
    const signInUrl = `${input.siteUrl.replace(/\/+$/, '')}/${lang}/login?returnTo=${encodeURIComponent(`/${lang}/ops`)}`;
    await enqueueEmail(tx, {
      to: input.email,
      kind: 'staff-invite',
      payload: renderStaffInvite(lang, { role: input.role, invitedBy: input.admin.email, signInUrl }),
      now: input.now,
    });
  }
  const member = (await listStaff(tx)).find((m) => m.user_id === outcome.userId);
  return member!;
}

/**
 * POST /v1/ops/staff/:user_id/actions/revoke (admins only): the role goes (the account stays). The last
 * admin cannot be removed: nobody could invite anyone any more.
 */
export async function revokeStaff(
  tx: Database,
  input: { admin: StaffMe; userId: string; now: Date },
): Promise<void> {
  // One revocation at a time: two admins removing each other at once must not leave none.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('staff_roles'))`);
  const [target] = await tx
    .select({ role: schema.staffRoles.role, email: schema.users.email })
    .from(schema.staffRoles)
    .innerJoin(schema.users, eq(schema.users.id, schema.staffRoles.userId))
    .where(eq(schema.staffRoles.userId, input.userId));
  if (!target) throw new ApiFailure('not_found', 'No staff member with this id.');
  if (target.role === 'admin') {
    const others = await tx
      .select({ userId: schema.staffRoles.userId })
      .from(schema.staffRoles)
      .where(and(eq(schema.staffRoles.role, 'admin'), ne(schema.staffRoles.userId, input.userId)));
    if (others.length === 0)
      throw new ApiFailure('unprocessable', 'The last admin cannot be removed.', { reason: 'last_admin' });
  }
  await tx.delete(schema.staffRoles).where(eq(schema.staffRoles.userId, input.userId));
  await recordAudit(tx, {
    actor: { userId: input.admin.user_id, email: input.admin.email },
    action: 'staff.revoke',
    target: { type: 'user', id: input.userId },
    details: { email: target.email, role: target.role },
    at: input.now,
  });
}
