/**
 * The console's inboxes (docs/after-sale.md §7): agencies' applications here, travellers' tour requests in
 * modules/tours/inbox.ts, both newest first with a status and the operator's note, paged and changed by the
 * helpers below. Each change is written to the audit log in its own transaction.
 */
import type { Database } from '@parvoz/db';
import { OPS_INBOX_PAGE_SIZE, type OpsAgencyApplicationStatus } from '@parvoz/contracts/ops-tours';
import { ApiFailure } from '../../errors.ts';
import { recordAudit, type Actor } from './staff.ts';
import {
  agencyApplicationsPage,
  countAgencyApplications,
  lockAgencyApplication,
  updateAgencyApplicationRow,
} from './store.ts';

/**
 * Page `n` of an inbox (`read` orders it newest first) as the console shows it, with how many items match in all.
 * Every item carries its id, status, the operator's note and its times.
 */
export async function inboxPage<R extends InboxRow, T>(
  n: number,
  read: (limit: number, offset: number) => Promise<R[]>,
  countAll: () => Promise<{ n: number }[]>,
  fields: (row: R) => T,
) {
  const rows = await read(OPS_INBOX_PAGE_SIZE, (n - 1) * OPS_INBOX_PAGE_SIZE);
  const [total] = await countAll();
  return {
    data: rows.map((row) => ({
      id: row.id,
      status: row.status as R['status'],
      note: row.operatorNote,
      ...fields(row),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: n,
    page_size: OPS_INBOX_PAGE_SIZE,
  };
}

/** What the console asks of an inbox: a page, of the items in one status or of all. */
export type InboxQuery<S extends string> = { status?: S | undefined; page: number };

type InboxRow = { id: string; status: string; operatorNote: string | null; createdAt: Date; updatedAt: Date };

export async function listAgencyApplications(db: Database, query: InboxQuery<OpsAgencyApplicationStatus>) {
  return inboxPage(
    query.page,
    (limit, offset) => agencyApplicationsPage(db, { status: query.status, limit, offset }),
    () => countAgencyApplications(db, query.status),
    (a) => ({
      company_name: a.companyName,
      contact_name: a.contactName,
      email: a.email,
      phone: a.phone,
      city: a.city,
      country_code: a.countryCode,
      website: a.website,
      tax_id: a.taxId,
      message: a.message,
      lang: a.lang,
    }),
  );
}

export type Change<S extends string> = { status?: S | undefined; note?: string | undefined };

/** An inbox's rows, read and written by the store of their table. */
export type InboxRows<S extends string> = {
  /** The item's name in the audit log: its target type, and `<kind>.updated` its action. */
  kind: 'tour_request' | 'agency_application';
  /** The 404's message for an unknown id. */
  unknown: string;
  /** The item's status and note, locked for the transaction; undefined for an unknown id. */
  lock: (tx: Database, id: string) => Promise<{ status: S; note: string | null } | undefined>;
  write: (
    tx: Database,
    id: string,
    values: { status: S; operatorNote: string | null; updatedAt: Date },
  ) => Promise<void>;
};

/**
 * Sets an inbox item's status and/or note (an empty note clears it). What already holds changes nothing and
 * writes nothing; otherwise the row and its audit entry (from → to, the note) commit together.
 */
export async function updateInboxItem<S extends string>(
  tx: Database,
  rows: InboxRows<S>,
  id: string,
  change: Change<S>,
  actor: Actor,
  now: Date,
) {
  const { kind } = rows;
  const before = await rows.lock(tx, id);
  if (!before) throw new ApiFailure('not_found', rows.unknown);
  const note = change.note === undefined ? before.note : change.note || null;
  const status = change.status ?? before.status;
  const details: Record<string, unknown> = {};
  if (status !== before.status) Object.assign(details, { from: before.status, to: status });
  if (note !== before.note) details.note = note;
  if (Object.keys(details).length) {
    await rows.write(tx, id, { status, operatorNote: note, updatedAt: now });
    await recordAudit(tx, {
      actor,
      action: `${kind}.updated`,
      targetType: kind,
      targetId: id,
      details,
      at: now,
    });
  }
  return { id, status, note, changed: Object.keys(details).length > 0 };
}

const applicationRows: InboxRows<OpsAgencyApplicationStatus> = {
  kind: 'agency_application',
  unknown: 'No such agency application.',
  lock: lockAgencyApplication,
  write: updateAgencyApplicationRow,
};

export const updateAgencyApplication = (
  tx: Database,
  id: string,
  change: Change<OpsAgencyApplicationStatus>,
  actor: Actor,
  now: Date,
) => updateInboxItem(tx, applicationRows, id, change, actor, now);
