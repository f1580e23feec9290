/**
 * Our ids of Duffel offers (docs/decisions/0017-duffel-supplier.md): Duffel's id never travels unsigned.
 *
 *   id = "dfl." + base64url(JSON payload) + "." + base64url(HMAC-SHA256(secret, "duffel:" + payload))
 *
 * The payload holds Duffel's offer id, the display currency, the expiry and the search's time (epoch ms): the
 * agency's price rules of that time price the offer at its page and its booking as its search did
 * (docs/decisions/0025-price-rules-stacking-and-rounding.md). Built-in offer ids are base64url without dots, so
 * the prefix alone tells which supplier an id belongs to.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isCurrencyCode, type CurrencyCode } from '@parvoz/core/money';

export const DUFFEL_ID_PREFIX = 'dfl.';

export interface DuffelOfferRef {
  /** Duffel's own offer id (`off_…`). */
  offer: string;
  currency: CurrencyCode;
  expiresAt: number;
  /** When it was searched; absent in an id made before the ids carried it (priced as of now). */
  searchedAt?: number;
}

const mac = (secret: string | Buffer, payload: string) =>
  createHmac('sha256', secret).update(`duffel:${payload}`).digest();

export function isDuffelOfferId(id: string): boolean {
  return id.startsWith(DUFFEL_ID_PREFIX);
}

export function encodeDuffelOfferId(ref: DuffelOfferRef, secret: string | Buffer): string {
  const fields = [
    ref.offer,
    ref.currency,
    ref.expiresAt,
    ...(ref.searchedAt === undefined ? [] : [ref.searchedAt]),
  ];
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${DUFFEL_ID_PREFIX}${payload}.${mac(secret, payload).toString('base64url')}`;
}

export type DecodedDuffelOfferId =
  { ok: true; ref: DuffelOfferRef } | { ok: false; error: 'offer_not_found' | 'offer_expired' };

export function decodeDuffelOfferId(id: string, secret: string | Buffer, now: number): DecodedDuffelOfferId {
  const notFound = { ok: false, error: 'offer_not_found' } as const;
  if (!isDuffelOfferId(id) || id.length > 2000) return notFound;
  const [payload, signature, ...rest] = id.slice(DUFFEL_ID_PREFIX.length).split('.');
  if (!payload || !signature || rest.length > 0) return notFound;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return notFound;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return notFound;
  }
  if (!Array.isArray(parsed) || parsed.length < 3 || parsed.length > 4) return notFound;
  const [offer, currency, expiresAt, searchedAt] = parsed as unknown[];
  if (typeof offer !== 'string' || !/^off_[A-Za-z0-9]+$/.test(offer)) return notFound;
  if (!isCurrencyCode(currency) || typeof expiresAt !== 'number') return notFound;
  if (searchedAt !== undefined && typeof searchedAt !== 'number') return notFound;
  if (expiresAt <= now) return { ok: false, error: 'offer_expired' };
  return {
    ok: true,
    ref: { offer, currency, expiresAt, ...(searchedAt === undefined ? {} : { searchedAt }) },
  };
}
