import { describe, expect, test } from 'vitest';
import { DEFAULT_OFFER_TTL_MS, decodeOffer, encodeOffer, type OfferPayload } from './offers.ts';

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
    const raw = Buffer.from(id, 'base64url');
    const text = raw
      .subarray(0, raw.length - 32)
      .toString('utf8')
      .replace('2.1.1', '9.0.0');
    const tampered = Buffer.concat([Buffer.from(text), raw.subarray(raw.length - 32)]).toString('base64url');
    expect(decodeOffer(tampered, 'secret', now)).toEqual({ ok: false, error: 'offer_not_found' });
    for (const bad of ['', 'x', 'a'.repeat(3000), '!!!', id + '=', '%00']) {
      expect(decodeOffer(bad, 'secret', now)).toEqual({ ok: false, error: 'offer_not_found' });
    }
  });
});
