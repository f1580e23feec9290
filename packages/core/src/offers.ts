/**
 * Offer ids: opaque, tamper-proof tokens that carry what is needed to re-price an offer.
 *
 * Version 2 (issued since ADR 0015, ~80 characters for a round trip with a transfer each way):
 *   id = base64url( payload || first 16 bytes of HMAC-SHA256(secret, payload) ), payload binary:
 *   0x02 · cabin<<4|family · adults<<4|children · infants · searchedAt (uint48 ms) · expiresAt (uint48 ms) ·
 *   currency (3 ASCII) · slice count · per slice: flight count · per flight: carrier (2 ASCII),
 *   number (uint16), departure date (uint16 days since 1970-01-01).
 * Version 1 (read only, ids issued before): payload is the text
 *   "1~{cabin e|b}~{adults}.{children}.{infants}~{family l|s|b|f}~{searchedAt base36}~{expiresAt base36}~{currency}~{slice}[~{slice}]"
 * (flight keys joined by ","), followed by the full 32-byte HMAC. The versions' payloads start with different
 * bytes (0x02, "1"), so one cannot pass for the other. The MAC is checked in constant time; any malformed or
 * forged id decodes to `offer_not_found`, a genuine one past its expiry to `offer_expired`.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { isCurrencyCode, type CurrencyCode } from './money.ts';
import { checkPassengerCounts, type PassengerCounts } from './passengers.ts';
import { FARE_FAMILIES, familyOfTier, fareTier, type FareFamily } from './pricing.ts';
import type { Cabin } from './schedule.ts';
import { MAX_SLICES } from './search-config.ts';

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
/** HMAC-SHA256 truncated to 128 bits (as HMAC-SHA-256-128, RFC 4868): forging needs ~2^128 tries. */
const MAC2_BYTES = 16;
const V2 = 0x02;
const DAY_MS = 86_400_000;
const FLIGHT_KEY = /^[A-Z0-9]{2}[1-9]\d{0,3}-\d{4}-\d{2}-\d{2}$/;

/**
 * The secret as a key object, made once per secret: HMAC with a key object skips preparing the key on every
 * call (a search signs ~90 ids). The same key bytes (a string secret is UTF-8), so the same MACs.
 */
const stringKeys = new Map<string, KeyObject>();
const bufferKeys = new WeakMap<Buffer, KeyObject>();
/** A process holds one or two secrets (tests a few more): past this the cache starts afresh. */
const MAX_CACHED_KEYS = 16;

function signingKey(secret: string | Buffer): KeyObject | string | Buffer {
  if (secret.length === 0) return secret; // a key object cannot be empty; createHmac takes it as it is
  if (typeof secret !== 'string') {
    let key = bufferKeys.get(secret);
    if (!key) bufferKeys.set(secret, (key = createSecretKey(Buffer.from(secret))));
    return key;
  }
  let key = stringKeys.get(secret);
  if (!key) {
    if (stringKeys.size >= MAX_CACHED_KEYS) stringKeys.clear();
    stringKeys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  }
  return key;
}

function mac(secret: string | Buffer, payload: Buffer): Buffer {
  return createHmac('sha256', signingKey(secret)).update(payload).digest();
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
  // Seven fields are there (the length is checked above): the defaults only tell the compiler so.
  const [, cabin = '', pax = '', family = '', searched = '', expires = '', currency = '', ...slices] = parts;
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

function flightBytes(key: string, out: Buffer, at: number): number {
  const m = /^([A-Z0-9]{2})([1-9]\d{0,3})-(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!m) throw new Error(`not a flight key: ${key}`);
  out.write(m[1]!, at, 'latin1');
  out.writeUInt16BE(Number(m[2]), at + 2);
  out.writeUInt16BE(Date.UTC(Number(m[3]), Number(m[4]) - 1, Number(m[5])) / DAY_MS, at + 4);
  return at + 6;
}

/** Byte 1 of a version 2 payload: the cabin and the fare family. */
const familyByte = (cabin: Cabin, family: FareFamily): number =>
  ((cabin === 'business' ? 1 : 0) << 4) | FARE_FAMILIES.indexOf(family);

function serialize2(o: OfferPayload): Buffer {
  const flights = o.slices.reduce((n, keys) => n + keys.length, 0);
  const out = Buffer.alloc(20 + o.slices.length + 6 * flights);
  const p = o.passengers;
  out[0] = V2;
  out[1] = familyByte(o.cabin, o.fareFamily);
  out[2] = (p.adults << 4) | p.children;
  out[3] = p.infants;
  out.writeUIntBE(Math.trunc(o.searchedAt), 4, 6);
  out.writeUIntBE(Math.trunc(o.expiresAt), 10, 6);
  out.write(o.currency, 16, 'latin1');
  out[19] = o.slices.length;
  let at = 20;
  for (const keys of o.slices) {
    out[at++] = keys.length;
    for (const key of keys) at = flightBytes(key, out, at);
  }
  return out;
}

function deserialize2(b: Buffer): OfferPayload | null {
  if (b.length < 27 || b[0] !== V2) return null;
  const cabinBit = b[1]! >> 4;
  const familyIndex = b[1]! & 0x0f;
  if (cabinBit > 1 || familyIndex >= FARE_FAMILIES.length) return null;
  const cabin: Cabin = cabinBit === 1 ? 'business' : 'economy';
  const fareFamily = familyOfTier(cabin, fareTier(FARE_FAMILIES[familyIndex]!));
  const passengers = { adults: b[2]! >> 4, children: b[2]! & 0x0f, infants: b[3]! };
  if (checkPassengerCounts(passengers)) return null;
  const searchedAt = b.readUIntBE(4, 6);
  const expiresAt = b.readUIntBE(10, 6);
  const currency = b.toString('latin1', 16, 19);
  if (!isCurrencyCode(currency)) return null;
  const sliceCount = b[19]!;
  if (sliceCount < 1 || sliceCount > MAX_SLICES) return null;
  const slices: string[][] = [];
  let at = 20;
  for (let s = 0; s < sliceCount; s++) {
    const n = b[at++];
    if (n === undefined || n < 1 || n > 3 || at + 6 * n > b.length) return null;
    const keys: string[] = [];
    for (let i = 0; i < n; i++, at += 6) {
      const date = new Date(b.readUInt16BE(at + 4) * DAY_MS).toISOString().slice(0, 10);
      const key = `${b.toString('latin1', at, at + 2)}${b.readUInt16BE(at + 2)}-${date}`;
      if (!FLIGHT_KEY.test(key)) return null;
      keys.push(key);
    }
    slices.push(keys);
  }
  if (at !== b.length) return null;
  return { slices, cabin, passengers, fareFamily, searchedAt, expiresAt, currency };
}

/** A version 2 payload signed into an id (base64url). */
function sign2(payload: Buffer, secret: string | Buffer): string {
  return Buffer.concat([payload, mac(secret, payload).subarray(0, MAC2_BYTES)]).toString('base64url');
}

/** Signs an offer payload into an id (base64url, version 2). */
export function encodeOffer(offer: OfferPayload, secret: string | Buffer): string {
  return sign2(serialize2(offer), secret);
}

/**
 * The ids of one offer in each of `families` (the payload's own family is ignored), in that order: the same
 * ids as `encodeOffer` gives each, with the payload serialised once (only its family byte differs).
 */
export function encodeOfferFamilies(
  offer: OfferPayload,
  families: readonly FareFamily[],
  secret: string | Buffer,
): string[] {
  const payload = serialize2(offer);
  return families.map((family) => {
    payload[1] = familyByte(offer.cabin, family);
    return sign2(payload, secret);
  });
}

/** A version 1 id (text payload, full MAC): still read, no longer issued. */
export function encodeOfferV1(offer: OfferPayload, secret: string | Buffer): string {
  const payload = Buffer.from(serialize(offer), 'utf8');
  return Buffer.concat([payload, mac(secret, payload)]).toString('base64url');
}

/** Verifies and decodes an offer id at time `now` (epoch ms). */
export function decodeOffer(id: string, secret: string | Buffer, now: number): DecodeOfferResult {
  const notFound: DecodeOfferResult = { ok: false, error: 'offer_not_found' };
  if (typeof id !== 'string' || id.length < 48 || id.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(id))
    return notFound;
  const raw = Buffer.from(id, 'base64url');
  if (raw.toString('base64url') !== id) return notFound;
  const macBytes = raw[0] === V2 ? MAC2_BYTES : MAC_BYTES;
  if (raw.length <= macBytes) return notFound;
  const payload = raw.subarray(0, raw.length - macBytes);
  const given = raw.subarray(raw.length - macBytes);
  if (!timingSafeEqual(given, mac(secret, payload).subarray(0, macBytes))) return notFound;
  const offer = raw[0] === V2 ? deserialize2(payload) : deserialize(payload.toString('utf8'));
  if (!offer) return notFound;
  if (now >= offer.expiresAt) return { ok: false, error: 'offer_expired' };
  return { ok: true, offer };
}
