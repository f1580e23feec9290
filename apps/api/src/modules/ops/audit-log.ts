/**
 * The console's audit log (GET /v1/ops/audit, docs/after-sale.md §5) as the console reads it: each entry with what
 * it is about named, so that the page says it as a sentence and links it — a person by their email, an order by
 * its booking reference, an agency's application by its company, a tour by its title in every language, a tour
 * request by who asked and the tour's title. The subjects of modules above this one (the tours) come from
 * readers the routes hand in: asking them from here would be an import cycle (docs/architecture.md).
 */
import type { Database } from '@parvoz/db';
import type { OpsAuditEntry } from '@parvoz/contracts/ops';
import { emailsOfUsers } from '../accounts/index.ts';
import { bookingReferencesOf } from '../orders/index.ts';
import { agencyNamesOf } from './store.ts';
import { auditEntries } from './staff.ts';

/** How the console names one subject: a label, and a tour's title in every language where there is one. */
export type AuditSubject = Pick<OpsAuditEntry, 'target_label' | 'target_title'>;
/** The subjects of one target type, by their ids (the ids of that type among the entries listed). */
export type AuditSubjects = Record<
  string,
  (db: Database, ids: string[]) => Promise<Map<string, AuditSubject>>
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Only well-formed ids reach a uuid column (an id of another shape names nothing). */
export const uuidsOf = (ids: string[]) => ids.filter((id) => UUID.test(id));

const labelled = (rows: { id: string; label: string }[]) =>
  new Map<string, AuditSubject>(rows.map((r) => [r.id, { target_label: r.label }]));

/** The subjects this module can name itself or through the modules below it. */
const OWN_SUBJECTS: AuditSubjects = {
  user: async (db, ids) =>
    labelled((await emailsOfUsers(db, uuidsOf(ids))).map((u) => ({ id: u.id, label: u.email }))),
  order: async (db, ids) =>
    labelled((await bookingReferencesOf(db, ids)).map((o) => ({ id: o.id, label: o.reference }))),
  agency_application: async (db, ids) =>
    labelled((await agencyNamesOf(db, uuidsOf(ids))).map((a) => ({ id: a.id, label: a.name }))),
};

/** The latest `limit` entries, newest first, in the API's shape, each subject named where it can be. */
export async function auditLog(
  db: Database,
  limit: number,
  more: AuditSubjects = {},
): Promise<OpsAuditEntry[]> {
  const entries = await auditEntries(db, undefined, limit);
  const readers = { ...OWN_SUBJECTS, ...more };
  const named = new Map<string, Map<string, AuditSubject>>();
  for (const type of new Set(entries.map((e) => e.targetType))) {
    const read = readers[type];
    if (!read) continue;
    const ids = [...new Set(entries.filter((e) => e.targetType === type).map((e) => e.targetId))];
    named.set(type, await read(db, ids));
  }
  return entries.map((e) => {
    const subject = named.get(e.targetType)?.get(e.targetId);
    return {
      at: e.at.toISOString(),
      actor: e.actorEmail,
      action: e.action,
      target_type: e.targetType,
      target_id: e.targetId,
      target_label: subject?.target_label ?? null,
      target_title: subject?.target_title ?? null,
      details: e.details,
    };
  });
}
