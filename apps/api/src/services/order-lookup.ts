/**
 * "Where is my ticket" (DESIGN §4): booking reference + contact email → the order's access link by email.
 * The caller always gets the same answer, whether or not they match; at most one email per order per
 * 10 minutes (the outbox dedupe key), besides the per-IP limit of the route.
 */
import type { Database } from '@parvoz/db';
import type { Locale } from '@parvoz/i18n/locales';
import { renderOrderEmail } from './booking-mail.ts';
import { enqueueEmail } from './mail.ts';
import { orderAccessToken, orderPagePath } from './order-access.ts';
import { findByReference } from './orders.ts';
import { loadOrder, presentOrder } from './order-view.ts';

const LOOKUP_EMAIL_EVERY_MS = 10 * 60_000;

export async function sendAccessLink(
  deps: { db: Database; now: () => Date; accessSecret: string },
  request: { booking_reference: string; email: string; lang: Locale },
  siteUrl: string,
): Promise<void> {
  const found = await findByReference(deps.db, request.booking_reference, request.email);
  if (!found) return;
  const now = deps.now();
  const loaded = await loadOrder(deps.db, found.id);
  if (!loaded) return;
  const view = presentOrder(loaded, now);
  const lang = request.lang;
  const link =
    siteUrl.replace(/\/+$/, '') + orderPagePath(lang, view.id, orderAccessToken(deps.accessSecret, view.id));
  await enqueueEmail(deps.db, {
    to: view.contact.email,
    kind: 'order-access-link',
    payload: renderOrderEmail(lang, { kind: 'order-access-link', order: view, link }),
    now,
    dedupeKey: `order-access-link:${view.id}:${Math.floor(now.getTime() / LOOKUP_EMAIL_EVERY_MS)}`,
  });
}
