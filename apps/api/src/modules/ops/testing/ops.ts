/**
 * Test helper for the console's tables (unit, PostgreSQL and e2e suites): the audit log and agencies'
 * applications read and set up through the module's store (docs/architecture.md, "Test helpers go through the
 * store"), for suites that check what an action wrote.
 */
import type { Database } from '@parvoz/db';
import {
  agencyApplicationById,
  allAgencyApplications,
  auditEntriesWhere,
  insertAgencyApplication,
  type AuditEntryRow,
  type NewAgencyApplication,
} from '../store.ts';

export type { AuditEntryRow };

/** The audit entries matching every condition given (all of them without one), oldest first. */
export function auditEntriesOf(
  db: Database,
  filter: { targetType?: string; targetId?: string; action?: string } = {},
): Promise<AuditEntryRow[]> {
  return auditEntriesWhere(db, filter);
}

/** Stores an application as given (no operator's email): a suite's starting inbox. */
export function insertAgencyApplicationRow(
  db: Database,
  application: NewAgencyApplication,
): Promise<{ id: string }> {
  return insertAgencyApplication(db, application);
}

/** An application as stored, every column (undefined for an unknown id). */
export const storedAgencyApplication = agencyApplicationById;

/** Every application as stored, oldest first. */
export const storedAgencyApplications = allAgencyApplications;
