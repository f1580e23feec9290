/**
 * The window of a contact email change (docs/decisions/0022-email-change-undo.md): a confirmed change proves
 * only the NEW address, and whoever made it may hold a leaked order link. For 48 hours the replaced address may
 * undo it (modules/after-sale/manage.ts), keeps its link and "where is my ticket" (modules/orders/lookup.ts), and
 * sign-in does not give the order to the new address (modules/accounts/sign-in.ts).
 */
import type { SQL } from 'drizzle-orm';
import type { Database } from '@parvoz/db';
import { emailsReplacedSince, noEmailChangeSince } from './store/access.ts';

/**
 * How long after a confirmed change of the contact email the replaced address may undo it, keeps its link
 * and "where is my ticket", and sign-in waits before giving the order to the new address (ADR 0022).
 */
export const EMAIL_CHANGE_UNDO_MS = 48 * 3600_000;

/**
 * The addresses the order's contact email replaced by changes still undoable at `now`: each keeps "where is
 * my ticket" until its undo lapses (modules/orders/lookup.ts), so a new address cannot shut the old one out.
 */
export async function replacedEmailsInWindow(db: Database, orderId: string, now: Date): Promise<string[]> {
  // Confirmed in the window, not undone: still undoable at `now`.
  return emailsReplacedSince(db, orderId, new Date(now.getTime() - EMAIL_CHANGE_UNDO_MS));
}

/**
 * A condition on `orders` (the table of the outer statement): its contact email has held it past every undo
 * window, so signing in with that address may claim the order (modules/accounts/sign-in.ts). A change
 * confirmed less than 48 hours ago, not undone, means the address may be a leaked link's thief's (ADR 0022).
 */
export function contactEmailSettled(now: Date): SQL {
  return noEmailChangeSince(new Date(now.getTime() - EMAIL_CHANGE_UNDO_MS).toISOString());
}

/** The web page of the undo link: it shows a button that posts (opening a link must change nothing). */
export function emailChangeUndoUrl(
  siteUrl: string,
  lang: string,
  orderId: string,
  changeId: string,
  token: string,
) {
  const query = new URLSearchParams({ change: changeId, token });
  return `${siteUrl.replace(/\/+$/, '')}/${lang}/orders/${orderId}/undo-email-change?${query.toString()}`;
}
