/**
 * "Where is my ticket" (docs/design.md §4): booking reference + contact email → the order's access link by
 * email. The caller always gets the same answer, whether or not they match; at most one email per order and
 * address per 10 minutes (the outbox dedupe key), besides the per-IP limit of the route.
 *
 * The link is NEW each time (docs/operations.md#unpaid-holds-and-order-links): sending it revokes every
 * earlier link of the order, so a link that leaked (a forwarded email, a shared screen) stops working once
 * the traveller asks for a fresh one. The revocation happens only together with an email actually queued, so
 * a request the dedupe key swallows never leaves the traveller without a working link.
 *
 * While a change of the contact email may still be undone (48 hours, docs/decisions/0022-email-change-undo.md),
 * the address it replaced is answered too, and no request revokes anything (it only adds a link): else whoever
 * changed the address with a leaked link could ask here and cut the traveller's link off. The dedupe key names
 * the address for the same reason: one address's request never swallows the other's.
 */
import type { Database } from '@parvoz/db';
import type { Locale } from '@parvoz/i18n/locales';
import { renderOrderEmail } from '../mail/index.ts';
import { replacedEmailsInWindow } from './email-change-undo.ts';
import { enqueueEmail } from '../mail/index.ts';
import { addAccessToken, newAccessToken, orderPagePath, rotateAccessToken } from './access.ts';
import { loadOrder, presentOrder } from './view.ts';
import { orderOfReference } from './store/lookup.ts';

const LOOKUP_EMAIL_EVERY_MS = 10 * 60_000;

export async function sendAccessLink(
  deps: { db: Database; now: () => Date },
  request: { booking_reference: string; email: string; lang: Locale },
  siteUrl: string,
): Promise<void> {
  const now = deps.now();
  const found = await orderOfReference(deps.db, request.booking_reference);
  if (!found) return;
  const replaced = await replacedEmailsInWindow(deps.db, found.id, now);
  if (found.contactEmail !== request.email && !replaced.includes(request.email)) return;
  await deps.db.transaction(async (tx) => {
    const loaded = await loadOrder(tx, found.id);
    if (!loaded) return;
    const view = presentOrder(loaded, now);
    const lang = request.lang;
    const token = newAccessToken();
    const link = siteUrl.replace(/\/+$/, '') + orderPagePath(lang, view.id, token);
    const queued = await enqueueEmail(tx, {
      to: request.email,
      kind: 'order-access-link',
      orderId: view.id,
      payload: await renderOrderEmail(lang, { kind: 'order-access-link', order: view, link }),
      now,
      dedupeKey: `order-access-link:${view.id}:${request.email}:${Math.floor(now.getTime() / LOOKUP_EMAIL_EVERY_MS)}`,
    });
    if (!queued) return;
    if (replaced.length === 0) await rotateAccessToken(tx, view.id, token, now);
    else await addAccessToken(tx, view.id, token, now);
  });
}
