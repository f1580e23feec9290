/**
 * The agency's console (docs/after-sale.md §5–§8), re-exported by schema.ts: who may use it (staff roles), what
 * they did (the audit log, append-only: a trigger refuses UPDATE and DELETE, migration 0008) and the agencies'
 * applications in its inbox. Owned by apps/api/src/modules/ops/, whose store.ts alone reads and writes these
 * tables (docs/architecture.md).
 */
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, updatedAt, uuidId } from './schema-columns.ts';
import { users } from './schema-accounts.ts';

/** An agency application in the console's inbox (docs/after-sale.md §7). */
export const AGENCY_APPLICATION_STATUSES = ['new', 'approved', 'rejected'] as const;
export type AgencyApplicationStatus = (typeof AGENCY_APPLICATION_STATUSES)[number];

export const STAFF_ROLES = ['operator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A signed-in user who works for the agency. Admins also manage staff; operators run orders and content. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** Null when granted by the `npm run ops -- add-admin` command. */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('staff_roles_role', oneOf('role', STAFF_ROLES))],
);

/** Every console action and staff change: who (null: the command line), when, what, on what. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: an append-only row cannot follow a deleted account (the email stays). */
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);

// An agency's application (info pages, spec §1: content not shown)

/** A travel agency applying to sell through the site. */
export const agencyApplications = pgTable(
  'agency_applications',
  {
    id: uuidId(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    city: text('city'),
    countryCode: text('country_code'),
    website: text('website'),
    taxId: text('tax_id'),
    message: text('message'),
    lang: text('lang').notNull(),
    status: text('status', { enum: AGENCY_APPLICATION_STATUSES }).notNull().default('new'),
    /** The operator's internal note (docs/after-sale.md §7); its changes are in the audit log. */
    operatorNote: text('operator_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('agency_applications_status_created_idx').on(t.status, t.createdAt),
    check('agency_applications_status', oneOf('status', AGENCY_APPLICATION_STATUSES)),
  ],
);
