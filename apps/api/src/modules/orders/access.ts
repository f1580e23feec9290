/**
 * Order identifiers and the secret access link (docs/design.md §4,
 * docs/operations.md#unpaid-holds-and-order-links):
 *  - id: `ord_` + 144 random bits (unguessable, also in URLs);
 *  - booking reference: 6 characters of an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B);
 *  - access token: 32 random bytes (base64url) per link, only its SHA-256 kept in `order_access_tokens`.
 *    It depends on no site key, so rotating OFFER_SECRET breaks no link. An order may have several live
 *    tokens (the booking browser's, the confirmation email's); "where is my ticket" rotates: it revokes them
 *    all and mails a new one (modules/orders/lookup.ts), except while a change of the contact email may still
 *    be undone (ADR 0022), when it only adds one. A token travels only in `?access_token=` (masked in
 *    logs, host/logging.ts) or the web's HttpOnly cookie, never in a URL path.
 * Only the holder of a live link, or the signed-in owner, can read the order.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Database } from '@parvoz/db';
import { insertAccessToken, orderOfLiveAccessToken, revokeLiveAccessTokens } from './store/access.ts';

export const BOOKING_REFERENCE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

export function newOrderId(): string {
  return `ord_${randomBytes(18).toString('base64url')}`;
}

export function newBookingReference(): string {
  let ref = '';
  for (let i = 0; i < 6; i++) ref += BOOKING_REFERENCE_ALPHABET[randomInt(BOOKING_REFERENCE_ALPHABET.length)];
  return ref;
}

/** A new access token: 256 random bits, base64url (43 characters). */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Makes a new live access token for the order (others stay live) and returns it; call it in the writing transaction. */
export async function issueAccessToken(db: Database, orderId: string, now: Date): Promise<string> {
  const token = newAccessToken();
  await insertAccessToken(db, orderId, hashAccessToken(token), now);
  return token;
}

/** Revokes every live token of the order (in the writing transaction). */
export async function revokeAccessTokens(db: Database, orderId: string, now: Date) {
  await revokeLiveAccessTokens(db, orderId, now);
}

/** Records `token` as a live token of the order, beside the others (a link made before it was stored). */
export async function addAccessToken(db: Database, orderId: string, token: string, now: Date) {
  await insertAccessToken(db, orderId, hashAccessToken(token), now);
}

/** Revokes every live token of the order and records `token` as its only one (a resent link). */
export async function rotateAccessToken(db: Database, orderId: string, token: string, now: Date) {
  await revokeAccessTokens(db, orderId, now);
  await addAccessToken(db, orderId, token, now);
}

/**
 * Whether `token` is a live access token of the order. The lookup is by the token's SHA-256, so its
 * timing tells nothing about the token itself.
 */
export async function accessTokenValid(
  db: Database,
  orderId: string,
  token: string | undefined,
): Promise<boolean> {
  if (!token || token.length > 200) return false;
  return (await orderOfLiveAccessToken(db, hashAccessToken(token))) === orderId;
}

/** The order page with its access link, e.g. `https://site/ru/orders/ord_…?access_token=…`. */
export function orderPagePath(lang: string, orderId: string, token?: string, extra?: Record<string, string>) {
  const query = new URLSearchParams();
  if (token) query.set('access_token', token);
  for (const [k, v] of Object.entries(extra ?? {})) query.set(k, v);
  const qs = query.toString();
  return `/${lang}/orders/${orderId}${qs ? `?${qs}` : ''}`;
}

/** The order page with a fresh access link (a token of its own), for an email to the order's contact. */
export async function orderLink(db: Database, orderId: string, lang: string, siteUrl: string, now: Date) {
  const token = await issueAccessToken(db, orderId, now);
  return siteUrl.replace(/\/+$/, '') + orderPagePath(lang, orderId, token);
}
