import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CURRENCIES, DEFAULT_RATES } from './money.ts';
import {
  MIN_FARE_FACTOR,
  adultFareCents,
  carrierFactor,
  convertBreakdown,
  daysBeforeFactor,
  fareForType,
  flightVariation,
  loadFactor,
  luggagePriceCents,
  partyTotalCents,
  priceBreakdown,
  segmentTaxCents,
  timeOfDayFactor,
  weekdayFactor,
  type FareInputs,
} from './pricing.ts';

const inputs = fc.record({
  distanceKm: fc.double({ min: 50, max: 15000, noNaN: true }),
  cabin: fc.constant<'economy'>('economy'),
  localMinute: fc.integer({ min: 0, max: 1439 }),
  weekday: fc.integer({ min: 0, max: 6 }),
  daysBefore: fc.integer({ min: 0, max: 330 }),
  sold: fc.integer({ min: 0, max: 300 }),
  capacity: fc.integer({ min: 1, max: 300 }),
  carrier: fc.constantFrom('HY', 'TK', 'BA', 'FR', 'EK'),
  flightHash: fc.integer({ min: 0, max: 0xffffffff }),
});
const pax = fc
  .record({
    adults: fc.integer({ min: 1, max: 9 }),
    children: fc.integer({ min: 0, max: 8 }),
    infants: fc.integer({ min: 0, max: 9 }),
  })
  .filter((p) => p.adults + p.children <= 9 && p.infants <= p.adults);

describe('fare components', () => {
  test('booking curve: cheaper early, steep in the last 14 days, never rising with more days', () => {
    expect(daysBeforeFactor(90)).toBeLessThan(daysBeforeFactor(30));
    expect(daysBeforeFactor(0)).toBeGreaterThan(daysBeforeFactor(14) * 1.5);
    for (let d = 0; d < 120; d++) expect(daysBeforeFactor(d + 1)).toBeLessThanOrEqual(daysBeforeFactor(d));
  });
  test('demand peaks in the morning and evening', () => {
    expect(timeOfDayFactor(7 * 60 + 30)).toBeGreaterThan(timeOfDayFactor(13 * 60));
    expect(timeOfDayFactor(18 * 60)).toBeGreaterThan(timeOfDayFactor(13 * 60));
    expect(timeOfDayFactor(2 * 60)).toBeLessThan(timeOfDayFactor(13 * 60));
  });
  test('load factor rises in 10 % steps', () => {
    expect(loadFactor(0, 100)).toBe(loadFactor(9, 100));
    expect(loadFactor(50, 100)).toBeGreaterThan(loadFactor(10, 100));
    expect(loadFactor(100, 100)).toBeGreaterThan(1.5);
  });
  test('MIN_FARE_FACTOR bounds every non-date multiplier', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const f =
          carrierFactor(i.carrier) *
          flightVariation(i.flightHash) *
          timeOfDayFactor(i.localMinute) *
          weekdayFactor(i.weekday) *
          loadFactor(i.sold, i.capacity);
        expect(f).toBeGreaterThanOrEqual(MIN_FARE_FACTOR - 1e-12);
      }),
    );
  });
  test('fare tapers per km', () => {
    const base: FareInputs = {
      distanceKm: 500,
      cabin: 'economy',
      localMinute: 720,
      weekday: 2,
      daysBefore: 30,
      sold: 0,
      capacity: 150,
      carrier: 'HY',
      flightHash: 1,
    };
    const short = adultFareCents(base);
    const long = adultFareCents({ ...base, distanceKm: 5000 });
    expect(long).toBeGreaterThan(short);
    expect(long / 5000).toBeLessThan(short / 500);
    expect(short % 100).toBe(0);
  });
});

describe('pricing invariants (property tests)', () => {
  test('child ≤ adult, infant ≤ child; business > economy on the same flight; standard > light', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const adult = adultFareCents(i);
        expect(fareForType(adult, 'child')).toBeLessThanOrEqual(adult);
        expect(fareForType(adult, 'infant')).toBeLessThanOrEqual(fareForType(adult, 'child'));
        expect(adultFareCents({ ...i, cabin: 'business' })).toBeGreaterThan(adult);
        // Business is 3–4 × economy (whole-dollar rounding aside).
        expect(adultFareCents({ ...i, cabin: 'business' })).toBeGreaterThanOrEqual(3 * adult - 300);
        expect(adultFareCents(i, 'standard')).toBeGreaterThan(adult);
      }),
    );
  });

  test('breakdown totals are exact sums of their parts, in USD and after conversion', () => {
    fc.assert(
      fc.property(
        fc.array(inputs, { minLength: 1, maxLength: 6 }),
        pax,
        fc.constantFrom(...CURRENCIES),
        fc.nat({ max: 20000 }),
        (flights, p, currency, bags) => {
          const segs = flights.map((f) => ({
            adultFare: adultFareCents(f),
            tax: segmentTaxCents('TAS', 'IST'),
          }));
          const b = priceBreakdown(segs, p, { adult: bags });
          expect(b.total.amount).toBe(partyTotalCents(segs, p) + bags);
          for (const view of [b, convertBreakdown(b, currency, DEFAULT_RATES)]) {
            let sum = 0;
            for (const l of view.lines) {
              expect(l.total.amount).toBe(l.fare.amount + l.taxes.amount + l.luggage.amount);
              expect(l.total.currency).toBe(view.currency);
              sum += l.total.amount;
            }
            expect(view.total.amount).toBe(sum);
            expect(view.total.amount).toBe(view.fare.amount + view.taxes.amount + view.luggage.amount);
          }
          // Per type: a child never pays more than an adult.
          const adult = b.lines.find((l) => l.type === 'adult')!;
          const child = b.lines.find((l) => l.type === 'child');
          if (child)
            expect(child.fare.amount / child.count).toBeLessThanOrEqual(adult.fare.amount / adult.count);
        },
      ),
    );
  });

  test('deterministic', () => {
    fc.assert(
      fc.property(inputs, (i) => {
        expect(adultFareCents(i)).toBe(adultFareCents({ ...i }));
      }),
    );
  });
});

describe('taxes and luggage', () => {
  test('airport-based fixed taxes; infants pay none', () => {
    expect(segmentTaxCents('TAS', 'IST')).toBe(segmentTaxCents('TAS', 'IST'));
    expect(segmentTaxCents('TAS', 'IST')).toBeGreaterThanOrEqual(700);
    const b = priceBreakdown([{ adultFare: 10000, tax: 3000 }], { adults: 1, children: 1, infants: 1 });
    expect(b.lines.map((l) => [l.type, l.fare.amount, l.taxes.amount])).toEqual([
      ['adult', 10000, 3000],
      ['child', 7500, 3000],
      ['infant', 1000, 0],
    ]);
  });
  test('luggage price per passenger per slice grows with distance, capped', () => {
    expect(luggagePriceCents(500)).toBe(2200);
    expect(luggagePriceCents(5000)).toBeGreaterThan(luggagePriceCents(500));
    expect(luggagePriceCents(50000)).toBe(7000);
  });
});
