/**
 * The offers' clock in the browser at any "now" of 2024–2032 (weighted towards midnights, month and year ends):
 * the lifetime the server gave (expires_at − served_at) runs on the browser's own clock from the offers' arrival,
 * whatever that clock says (hours or a year wrong, across a year end), so the page says "expired" exactly when
 * the lifetime has passed on the page, never before the API would refuse the offer.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { instantArb } from '@parvoz/core/dates-testing';
import { expiredAt, offerDeadline, secondsLeftAt } from './offer-clock.ts';

const DAY_MS = 86_400_000;

describe('the offer clock', () => {
  test('property: expired exactly when the lifetime has passed since arrival, and 0 seconds left exactly then', () => {
    const arb = fc
      .record({
        // The true moment the API priced the offers (the web server's clock agrees with it).
        servedAt: instantArb,
        ttl: fc.oneof(
          fc.constant(20 * 60_000),
          fc.integer({ min: 1, max: 7200 }).map((s) => s * 1000),
        ),
        // The browser's clock error: none, a little, a time zone set as UTC, a year.
        skew: fc.oneof(
          fc.constant(0),
          fc.integer({ min: -90_000, max: 90_000 }),
          fc.constantFrom(-5 * 3_600_000, 3 * 3_600_000, -366 * DAY_MS, 365 * DAY_MS),
        ),
        latency: fc.integer({ min: 0, max: 10_000 }),
      })
      .chain((x) =>
        fc.record({
          x: fc.constant(x),
          // Time on the page since arrival, often right at the end of the lifetime.
          elapsed: fc.array(
            fc.oneof(
              fc.constantFrom(0, x.ttl - 1001, x.ttl - 1000, x.ttl - 1, x.ttl, x.ttl + 1),
              fc.integer({ min: 0, max: 2 * x.ttl }),
            ),
            { minLength: 1, maxLength: 6 },
          ),
        }),
      );
    fc.assert(
      fc.property(arb, ({ x, elapsed }) => {
        const expiresAt = new Date(x.servedAt + x.ttl).toISOString();
        const arrivedAt = x.servedAt + x.latency + x.skew; // on the browser's clock
        const deadline = offerDeadline(expiresAt, x.servedAt, arrivedAt);
        expect(secondsLeftAt(deadline, arrivedAt)).toBe(Math.ceil(x.ttl / 1000));
        let before = Infinity;
        for (const e of [...elapsed].sort((a, b) => a - b)) {
          const now = arrivedAt + e;
          const expired = expiredAt(deadline, now);
          expect(expired).toBe(e >= x.ttl);
          const left = secondsLeftAt(deadline, now);
          expect(left === 0).toBe(expired);
          expect(left).toBe(Math.max(0, Math.ceil((x.ttl - e) / 1000)));
          expect(left).toBeLessThanOrEqual(before);
          before = left;
          // In true time: never expired on the page while the API still takes the offer.
          const trueNow = now - x.skew;
          if (expired) expect(trueNow).toBeGreaterThanOrEqual(x.servedAt + x.ttl);
        }
      }),
      { numRuns: 300 },
    );
  });
});
