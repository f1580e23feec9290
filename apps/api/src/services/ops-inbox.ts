/**
 * The console's inboxes (issue 13 §7): travellers' tour requests and agencies' applications, newest first,
 * with a status and the operator's note. Each change is written to the audit log in its own transaction.
 */
import { count, desc, eq } from 'drizzle-orm';
import { schema, type Database } from '@parvoz/db';
import {
  OPS_INBOX_PAGE_SIZE,
  type OpsAgencyApplicationStatus,
  type OpsTourRequestStatus,
} from '@parvoz/contracts/ops-tours';
import { ApiFailure } from '../errors.ts';
import { recordAudit, type Actor } from './staff.ts';

const { tourRequests, agencyApplications, tours } = schema;

/**
 * Page `n` of an inbox (`read` orders it newest first) as the console shows it, with how many items match in all.
 * Every item carries its id, status, the operator's note and its times.
 */
async function inboxPage<R extends InboxRow, T>(
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
type InboxQuery<S extends string> = { status?: S | undefined; page: number };

type InboxRow = { id: string; status: string; operatorNote: string | null; createdAt: Date; updatedAt: Date };

export async function listTourRequests(db: Database, query: InboxQuery<OpsTourRequestStatus>) {
  const where = query.status ? eq(tourRequests.status, query.status) : undefined;
  return inboxPage(
    query.page,
    async (limit, offset) => {
      const rows = await db
        .select({ request: tourRequests, tourSlug: tours.slug, tourTitle: tours.title })
        .from(tourRequests)
        .leftJoin(tours, eq(tours.id, tourRequests.tourId))
        .where(where)
        .orderBy(desc(tourRequests.createdAt), desc(tourRequests.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ request, tourSlug, tourTitle }) => ({ ...request, tourSlug, tourTitle }));
    },
    () => db.select({ n: count() }).from(tourRequests).where(where),
    (r) => ({
      tour: r.tourSlug ? { slug: r.tourSlug, title: r.tourTitle?.en ?? r.tourSlug } : null,
      full_name: r.fullName,
      email: r.email,
      phone: r.phone,
      adults: r.adults,
      children: r.children,
      message: r.message,
      lang: r.lang,
    }),
  );
}

export async function listAgencyApplications(db: Database, query: InboxQuery<OpsAgencyApplicationStatus>) {
  const where = query.status ? eq(agencyApplications.status, query.status) : undefined;
  return inboxPage(
    query.page,
    (limit, offset) =>
      db
        .select()
        .from(agencyApplications)
        .where(where)
        .orderBy(desc(agencyApplications.createdAt), desc(agencyApplications.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(agencyApplications).where(where),
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

type Change<S extends string> = { status?: S | undefined; note?: string | undefined };

/**
 * Sets an inbox item's status and/or note (an empty note clears it). What already holds changes nothing and
 * writes nothing; otherwise the row and its audit entry (from → to, the note) commit together.
 */
async function updateItem<S extends string>(
  tx: Database,
  kind: 'tour_request' | 'agency_application',
  id: string,
  change: Change<S>,
  actor: Actor,
  now: Date,
) {
  const table = kind === 'tour_request' ? tourRequests : agencyApplications;
  const [before] = await tx
    .select({ status: table.status, note: table.operatorNote })
    .from(table)
    .where(eq(table.id, id))
    .for('update');
  if (!before)
    throw new ApiFailure(
      'not_found',
      kind === 'tour_request' ? 'No such tour request.' : 'No such agency application.',
    );
  const note = change.note === undefined ? before.note : change.note || null;
  const status = change.status ?? before.status;
  const details: Record<string, unknown> = {};
  if (status !== before.status) Object.assign(details, { from: before.status, to: status });
  if (note !== before.note) details.note = note;
  if (Object.keys(details).length) {
    await tx
      .update(table)
      .set({ status: status as never, operatorNote: note, updatedAt: now })
      .where(eq(table.id, id));
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

export const updateTourRequest = (
  tx: Database,
  id: string,
  change: Change<OpsTourRequestStatus>,
  actor: Actor,
  now: Date,
) => updateItem(tx, 'tour_request', id, change, actor, now);

export const updateAgencyApplication = (
  tx: Database,
  id: string,
  change: Change<OpsAgencyApplicationStatus>,
  actor: Actor,
  now: Date,
) => updateItem(tx, 'agency_application', id, change, actor, now);
