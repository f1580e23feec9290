/**
 * "Where is my ticket" (DESIGN §4): booking reference + contact email → the order's access link by email.
 * The caller always gets the same answer, whether or not they match; at most one email per order per
 * 10 minutes (the outbox dedupe key), besides the per-IP limit of the route.
 *
 * The link is NEW each time (issue 11): sending it revokes every earlier link of the order, so a link that
 * leaked (a forwarded email, a shared screen) stops working once the traveller asks for a fresh one. The
 * revocation happens only together with an email actually queued, so a request the dedupe key swallows
 * never leaves the traveller without a working link.
 */
import type { Database } from '@parvoz/db';
import type { Locale } from '@parvoz/i18n/locales';
import { renderOrderEmail } from './booking-mail.ts';
import { enqueueEmail } from './mail.ts';
import { newAccessToken, orderPagePath, rotateAccessToken } from './order-access.ts';
import { findByReference } from './orders.ts';
import { loadOrder, presentOrder } from './order-view.ts';

const LOOKUP_EMAIL_EVERY_MS = 10 * 60_000;

export async function sendAccessLink(
  deps: { db: Database; now: () => Date },
  request: { booking_reference: string; email: string; lang: Locale },
  siteUrl: string,
): Promise<void> {
  const found = await findByReference(deps.db, request.booking_reference, request.email);
  if (!found) return;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const loaded = await loadOrder(tx, found.id);
    if (!loaded) return;
    const view = presentOrder(loaded, now);
    const lang = request.lang;
    const token = newAccessToken();
    const link = siteUrl.replace(/\/+$/, '') + orderPagePath(lang, view.id, token);
    const queued = await enqueueEmail(tx, {
      to: view.contact.email,
      kind: 'order-access-link',
      orderId: view.id,
      payload: await renderOrderEmail(lang, { kind: 'order-access-link', order: view, link }),
      now,
      dedupeKey: `order-access-link:${view.id}:${Math.floor(now.getTime() / LOOKUP_EMAIL_EVERY_MS)}`,
    });
    if (queued) await rotateAccessToken(tx, view.id, token, now);
  });
}
