import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_OFFER_TTL_MS,
  decodeOffer,
  encodeOffer,
  encodeOfferFamilies,
  encodeOfferV1,
  type OfferPayload,
} from './offers.ts';
import { FARE_FAMILIES } from './pricing.ts';

const now = Date.UTC(2026, 11, 1, 10);
const offer: OfferPayload = {
  slices: [['HY601-2026-12-15'], ['TK368-2026-12-20', 'HY2711-2026-12-21']],
  cabin: 'business',
  passengers: { adults: 2, children: 1, infants: 1 },
  fareFamily: 'business_flex',
  searchedAt: now,
  expiresAt: now + DEFAULT_OFFER_TTL_MS,
  currency: 'UZS',
};

describe('offer ids', () => {
  test('round trip, url-safe, opaque', () => {
    const id = encodeOffer(offer, 'secret');
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeOffer(id, 'secret', now + 1000)).toEqual({ ok: true, offer });
    expect(encodeOffer(offer, 'secret')).toBe(id);
  });

  test('the MAC is HMAC-SHA256 with the secret as given (a string as UTF-8, a Buffer as is), cut to 16 bytes', () => {
    for (const secret of ['secret', 'ключ-секрет-🔑', Buffer.from([0, 1, 2, 255]), 'x'.repeat(100)]) {
      const raw = Buffer.from(encodeOffer(offer, secret), 'base64url');
      const payload = raw.subarray(0, raw.length - 16);
      const expected = createHmac('sha256', secret).update(payload).digest().subarray(0, 16);
      expect(raw.subarray(raw.length - 16)).toEqual(expected);
      expect(decodeOffer(encodeOffer(offer, secret), secret, now).ok).toBe(true);
    }
    // Another secret (even one cached before) does not verify it.
    expect(decodeOffer(encodeOffer(offer, 'secret'), 'secret2', now).ok).toBe(false);
    expect(decodeOffer(encodeOffer(offer, 'secret2'), 'secret', now).ok).toBe(false);
  });

  test('the ids of every family of one offer at once are those signed one by one', () => {
    for (const cabin of ['economy', 'business'] as const) {
      const ids = encodeOfferFamilies({ ...offer, cabin }, FARE_FAMILIES, 'secret');
      expect(ids).toEqual(
        FARE_FAMILIES.map((fareFamily) => encodeOffer({ ...offer, cabin, fareFamily }, 'secret')),
      );
    }
  });

  test('short: about 80 characters for a round trip with a transfer, version 1 ids still read', () => {
    const id = encodeOffer(offer, 'secret');
    expect(id.length).toBeLessThanOrEqual(88);
    const old = encodeOfferV1(offer, 'secret');
    expect(old.length).toBeGreaterThan(150);
    expect(decodeOffer(old, 'secret', now + 1000)).toEqual({ ok: true, offer });
  });

  test('every passenger mix, cabin, family, currency and flight number survives the round trip', () => {
    const cases: OfferPayload[] = [
      { ...offer, passengers: { adults: 9, children: 0, infants: 9 }, cabin: 'economy', fareFamily: 'light' },
      {
        ...offer,
        passengers: { adults: 1, children: 8, infants: 0 },
        fareFamily: 'business',
        currency: 'TRY',
      },
      { ...offer, slices: [['A19999-2027-10-31', 'Z91-2026-12-31', 'HY7-2027-01-01']], currency: 'EUR' },
      { ...offer, cabin: 'economy', fareFamily: 'standard', searchedAt: now + 1, expiresAt: now + 7 },
    ];
    for (const c of cases) expect(decodeOffer(encodeOffer(c, 'k'), 'k', now)).toEqual({ ok: true, offer: c });
  });

  test('expires 20 minutes after the search', () => {
    const id = encodeOffer(offer, 'secret');
    expect(decodeOffer(id, 'secret', now + DEFAULT_OFFER_TTL_MS - 1).ok).toBe(true);
    expect(decodeOffer(id, 'secret', now + DEFAULT_OFFER_TTL_MS)).toEqual({
      ok: false,
      error: 'offer_expired',
    });
  });

  test('forged, tampered or malformed ids are not found (never throw)', () => {
    const id = encodeOffer(offer, 'secret');
    expect(decodeOffer(id, 'other-secret', now)).toEqual({ ok: false, error: 'offer_not_found' });
    // Flip one character anywhere.
    for (let i = 0; i < id.length; i += 7) {
      const c = id[i] === 'A' ? 'B' : 'A';
      const forged = id.slice(0, i) + c + id.slice(i + 1);
      expect(decodeOffer(forged, 'secret', now).ok).toBe(false);
    }
    // Re-signing a changed payload needs the secret: a changed payload with the old MAC fails.
    const raw2 = Buffer.from(id, 'base64url');
    for (const [at, value] of [
      [2, 0x90], // 9 adults
      [1, 0x00], // economy light
      [9, raw2[9]! ^ 1], // another search time (another price)
      [17, 0x45], // another currency
    ] as const) {
      const changed = Buffer.from(raw2);
      changed[at] = value;
      expect(decodeOffer(changed.toString('base64url'), 'secret', now)).toEqual({
        ok: false,
        error: 'offer_not_found',
      });
    }
    // The same for a version 1 id (still read).
    const raw = Buffer.from(encodeOfferV1(offer, 'secret'), 'base64url');
    const text = raw
      .subarray(0, raw.length - 32)
      .toString('utf8')
      .replace('2.1.1', '9.0.0');
    const tampered = Buffer.concat([Buffer.from(text), raw.subarray(raw.length - 32)]).toString('base64url');
    expect(decodeOffer(tampered, 'secret', now)).toEqual({ ok: false, error: 'offer_not_found' });
    // A version 2 payload signed with a truncated MAC cannot pass for version 1 (and the other way round).
    const v1 = Buffer.from(encodeOfferV1(offer, 'secret'), 'base64url');
    const cut = Buffer.concat([v1.subarray(0, v1.length - 16)]).toString('base64url');
    expect(decodeOffer(cut, 'secret', now).ok).toBe(false);
    for (const bad of ['', 'x', 'a'.repeat(3000), '!!!', id + '=', '%00', id.slice(0, -1)]) {
      expect(decodeOffer(bad, 'secret', now)).toEqual({ ok: false, error: 'offer_not_found' });
    }
  });
});
