/**
 * Order identifiers and the secret access link (DESIGN §4).
 *  - id: `ord_` + 144 random bits (unguessable, also in URLs);
 *  - booking reference: 6 characters of an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B);
 *  - access token: HMAC-SHA256 of the order id under a key derived from OFFER_SECRET, so the site can put
 *    the link in any later email (confirmation, "where is my ticket") while the database keeps only its
 *    SHA-256. Only the holder of the link, or the signed-in owner, can read the order.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const BOOKING_REFERENCE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

export function newOrderId(): string {
  return `ord_${randomBytes(18).toString('base64url')}`;
}

export function newBookingReference(): string {
  let ref = '';
  for (let i = 0; i < 6; i++) ref += BOOKING_REFERENCE_ALPHABET[randomInt(BOOKING_REFERENCE_ALPHABET.length)];
  return ref;
}

function accessKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('parvoz order access token v1').digest();
}

export function orderAccessToken(secret: string, orderId: string): string {
  return createHmac('sha256', accessKey(secret)).update(orderId).digest('base64url');
}

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` is the access token whose hash is stored (constant time). */
export function accessTokenMatches(token: string | undefined, storedHash: string): boolean {
  if (!token || token.length > 200) return false;
  const given = Buffer.from(hashAccessToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The order page with its access link, e.g. `https://site/ru/orders/ord_…?access_token=…`. */
export function orderPagePath(lang: string, orderId: string, token?: string, extra?: Record<string, string>) {
  const query = new URLSearchParams();
  if (token) query.set('access_token', token);
  for (const [k, v] of Object.entries(extra ?? {})) query.set(k, v);
  const qs = query.toString();
  return `/${lang}/orders/${orderId}${qs ? `?${qs}` : ''}`;
}
