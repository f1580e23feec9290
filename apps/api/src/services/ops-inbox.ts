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

const page = (n: number) => ({ limit: OPS_INBOX_PAGE_SIZE, offset: (n - 1) * OPS_INBOX_PAGE_SIZE });

export async function listTourRequests(
  db: Database,
  query: { status?: OpsTourRequestStatus | undefined; page: number },
) {
  const where = query.status ? eq(tourRequests.status, query.status) : undefined;
  const { limit, offset } = page(query.page);
  const rows = await db
    .select({ request: tourRequests, tourSlug: tours.slug, tourTitle: tours.title })
    .from(tourRequests)
    .leftJoin(tours, eq(tours.id, tourRequests.tourId))
    .where(where)
    .orderBy(desc(tourRequests.createdAt), desc(tourRequests.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(tourRequests).where(where);
  return {
    data: rows.map(({ request: r, tourSlug, tourTitle }) => ({
      id: r.id,
      status: r.status,
      note: r.operatorNote,
      tour: tourSlug ? { slug: tourSlug, title: tourTitle?.en ?? tourSlug } : null,
      full_name: r.fullName,
      email: r.email,
      phone: r.phone,
      adults: r.adults,
      children: r.children,
      message: r.message,
      lang: r.lang,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: OPS_INBOX_PAGE_SIZE,
  };
}

export async function listAgencyApplications(
  db: Database,
  query: { status?: OpsAgencyApplicationStatus | undefined; page: number },
) {
  const where = query.status ? eq(agencyApplications.status, query.status) : undefined;
  const { limit, offset } = page(query.page);
  const rows = await db
    .select()
    .from(agencyApplications)
    .where(where)
    .orderBy(desc(agencyApplications.createdAt), desc(agencyApplications.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(agencyApplications).where(where);
  return {
    data: rows.map((a) => ({
      id: a.id,
      status: a.status,
      note: a.operatorNote,
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
      created_at: a.createdAt.toISOString(),
      updated_at: a.updatedAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: OPS_INBOX_PAGE_SIZE,
  };
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
