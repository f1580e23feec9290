/**
 * Travellers' tour requests in the console's inbox (docs/after-sale.md §7): newest first, with a status and
 * the operator's note, paged and changed (each change with its audit entry) as modules/ops/inbox.ts does for
 * every inbox.
 */
import type { Database } from '@parvoz/db';
import type { OpsTourRequestStatus } from '@parvoz/contracts/ops-tours';
import { inboxPage, updateInboxItem, type Change, type InboxQuery, type InboxRows } from '../ops/index.ts';
import type { Actor } from '../ops/index.ts';
import { localizedOf } from './ops.ts';
import { countTourRequests, lockTourRequest, setTourRequest, tourRequestsPage } from './store.ts';

export async function listTourRequests(db: Database, query: InboxQuery<OpsTourRequestStatus>) {
  return inboxPage(
    query.page,
    (limit, offset) => tourRequestsPage(db, query.status, limit, offset),
    () => countTourRequests(db, query.status),
    (r) => ({
      tour: r.tourSlug ? { slug: r.tourSlug, title: localizedOf(r.tourTitle) } : null,
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

const requestRows: InboxRows<OpsTourRequestStatus> = {
  kind: 'tour_request',
  unknown: 'No such tour request.',
  lock: lockTourRequest,
  write: setTourRequest,
};

export const updateTourRequest = (
  tx: Database,
  id: string,
  change: Change<OpsTourRequestStatus>,
  actor: Actor,
  now: Date,
) => updateInboxItem(tx, requestRows, id, change, actor, now);
