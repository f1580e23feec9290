/**
 * Offer ids: opaque, tamper-proof tokens that carry what is needed to re-price an offer.
 *
 * id = base64url( payload || HMAC-SHA256(secret, payload) ), where payload is a compact text:
 *   "1~{cabin e|b}~{adults}.{children}.{infants}~{family l|s}~{searchedAt base36}~{expiresAt base36}~{currency}~{slice}[~{slice}]"
 * and each slice is its flight keys joined by ",". The MAC is checked in constant time; any
 * malformed or forged id decodes to `offer_not_found`, a genuine one past its expiry to `offer_expired`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isCurrencyCode, type CurrencyCode } from './money.ts';
import { checkPassengerCounts, type PassengerCounts } from './passengers.ts';
import { familyOfTier, fareTier, type FareFamily } from './pricing.ts';
import type { Cabin } from './schedule.ts';

/** Offers expire 20 minutes after the search unless configured otherwise. */
export const DEFAULT_OFFER_TTL_MS = 20 * 60 * 1000;

export interface OfferPayload {
  /** Flight keys per slice, e.g. [["HY601-2026-12-15"], ["TK368-2026-12-20", "TK1234-2026-12-20"]]. */
  slices: string[][];
  cabin: Cabin;
  passengers: PassengerCounts;
  fareFamily: FareFamily;
  /** Epoch ms of the search (prices use it for the booking curve). */
  searchedAt: number;
  /** Epoch ms after which the offer is expired. */
  expiresAt: number;
  /** Display currency the offer was shown in. */
  currency: CurrencyCode;
}

export type DecodeOfferResult =
  { ok: true; offer: OfferPayload } | { ok: false; error: 'offer_not_found' | 'offer_expired' };

const MAC_BYTES = 32;
const FLIGHT_KEY = /^[A-Z0-9]{2}[1-9]\d{0,3}-\d{4}-\d{2}-\d{2}$/;

function mac(secret: string | Buffer, payload: Buffer): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

const FAMILY_CODE: Record<FareFamily, string> = {
  light: 'l',
  standard: 's',
  business: 'b',
  business_flex: 'f',
};
const FAMILY_OF_CODE = new Map(Object.entries(FAMILY_CODE).map(([f, c]) => [c, f as FareFamily]));

function serialize(o: OfferPayload): string {
  const p = o.passengers;
  return [
    '1',
    o.cabin === 'business' ? 'b' : 'e',
    `${p.adults}.${p.children}.${p.infants}`,
    FAMILY_CODE[o.fareFamily],
    Math.trunc(o.searchedAt).toString(36),
    Math.trunc(o.expiresAt).toString(36),
    o.currency,
    ...o.slices.map((keys) => keys.join(',')),
  ].join('~');
}

function deserialize(text: string): OfferPayload | null {
  const parts = text.split('~');
  if (parts.length < 8 || parts.length > 9 || parts[0] !== '1') return null;
  const [, cabin, pax, family, searched, expires, currency, ...slices] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    ...string[],
  ];
  if (cabin !== 'e' && cabin !== 'b') return null;
  const coded = FAMILY_OF_CODE.get(family);
  if (!coded) return null;
  // Ids signed before business had its own families carry an economy code: the cabin's family of its tier.
  const fareFamily = familyOfTier(cabin === 'b' ? 'business' : 'economy', fareTier(coded));
  const counts = /^(\d)\.(\d)\.(\d)$/.exec(pax);
  if (!counts) return null;
  const passengers = { adults: Number(counts[1]), children: Number(counts[2]), infants: Number(counts[3]) };
  if (checkPassengerCounts(passengers)) return null;
  const searchedAt = parseInt(searched, 36);
  const expiresAt = parseInt(expires, 36);
  if (!Number.isSafeInteger(searchedAt) || !Number.isSafeInteger(expiresAt)) return null;
  if (!isCurrencyCode(currency)) return null;
  const keys = slices.map((s) => s.split(','));
  if (keys.some((k) => k.length < 1 || k.length > 3 || k.some((key) => !FLIGHT_KEY.test(key)))) return null;
  return {
    slices: keys,
    cabin: cabin === 'b' ? 'business' : 'economy',
    passengers,
    fareFamily,
    searchedAt,
    expiresAt,
    currency,
  };
}

/** Signs an offer payload into an id (base64url). */
export function encodeOffer(offer: OfferPayload, secret: string | Buffer): string {
  const payload = Buffer.from(serialize(offer), 'utf8');
  return Buffer.concat([payload, mac(secret, payload)]).toString('base64url');
}

/** Verifies and decodes an offer id at time `now` (epoch ms). */
export function decodeOffer(id: string, secret: string | Buffer, now: number): DecodeOfferResult {
  const notFound: DecodeOfferResult = { ok: false, error: 'offer_not_found' };
  if (typeof id !== 'string' || id.length < 48 || id.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(id))
    return notFound;
  const raw = Buffer.from(id, 'base64url');
  if (raw.length <= MAC_BYTES || raw.toString('base64url') !== id) return notFound;
  const payload = raw.subarray(0, raw.length - MAC_BYTES);
  const given = raw.subarray(raw.length - MAC_BYTES);
  if (!timingSafeEqual(given, mac(secret, payload))) return notFound;
  const offer = deserialize(payload.toString('utf8'));
  if (!offer) return notFound;
  if (now >= offer.expiresAt) return { ok: false, error: 'offer_expired' };
  return { ok: true, offer };
}
