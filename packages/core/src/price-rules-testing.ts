/**
 * Sales and pricing rules for the pricing tests (price-rules.ts, price-preview.ts, price-breakdown.ts,
 * promo-codes.ts): a sale from Tashkent to Istanbul, a rule with its defaults, and random rules and
 * passengers for the properties.
 */
import fc from 'fast-check';
import { CURRENCIES, DEFAULT_RATES } from './money.ts';
import { PASSENGER_TYPES } from './vocabulary.ts';
import { PRICE_RULE_KINDS, type PriceRule, type PricingInput } from './price-rules.ts';

export const TAS = { airport: 'TAS', city: 'TAS', country: 'UZ' };
export const IST = { airport: 'IST', city: 'IST', country: 'TR' };
export const SAW = { airport: 'SAW', city: 'IST', country: 'TR' };

/** One adult's economy sale from Tashkent to Istanbul in so‘m, sold on 1 March 2027 for 10 April 2027. */
const BASE_SALE: PricingInput = {
  supplier: 'builtin',
  airlines: ['HY'],
  origin: TAS,
  destination: IST,
  cabin: 'economy',
  fareFamily: 'standard',
  passengers: [{ type: 'adult', costMinor: 2_500_000 }],
  currency: 'UZS',
  market: '',
  saleAt: Date.parse('2027-03-01T10:00:00Z'),
  departureDate: '2027-04-10',
  rates: DEFAULT_RATES,
};

/** A test file's sale: the base sale with the file's `defaults`, then each call's changes. */
export const saleWith =
  (defaults: Partial<PricingInput> = {}) =>
  (over: Partial<PricingInput> = {}): PricingInput => ({ ...BASE_SALE, ...defaults, ...over });

/** A rule of priority 0, for every sale, per order, with `over`. */
export const rule = (over: Partial<PriceRule> & Pick<PriceRule, 'id' | 'kind'>): PriceRule => ({
  priority: 0,
  scope: {},
  per: 'order',
  ...over,
});

const arbitraryCurrency = fc.constantFrom(...CURRENCIES);

/** A random rule `r<i>`: any kind, a few scopes (by passenger type too with `byPassengerType`), any amounts. */
const arbitraryRule = (i: number, byPassengerType = false) =>
  fc.record({
    id: fc.constant(`r${i}`),
    kind: fc.constantFrom(...PRICE_RULE_KINDS),
    priority: fc.integer({ min: -5, max: 5 }),
    scope: fc.record(
      {
        origins: fc.constantFrom([{ city: 'TAS' }], [{ country: 'TR' }], [{ airport: 'SAW' }]),
        ...(byPassengerType ? { passengerTypes: fc.subarray([...PASSENGER_TYPES], { minLength: 1 }) } : {}),
        currencies: fc.subarray([...CURRENCIES], { minLength: 1 }),
      },
      { requiredKeys: [] },
    ),
    percentBp: fc.integer({ min: 0, max: 3_000 }),
    fixed: fc.option(
      fc.record({ amount: fc.integer({ min: 0, max: 100_000 }), currency: arbitraryCurrency }),
      {
        nil: undefined,
      },
    ),
    per: fc.constantFrom('passenger' as const, 'order' as const),
    cap: fc.option(fc.record({ amount: fc.integer({ min: 0, max: 500_000 }), currency: arbitraryCurrency }), {
      nil: undefined,
    }),
    exclusive: fc.boolean(),
  }) as fc.Arbitrary<PriceRule>;

/** None to `most` random rules (see `arbitraryRule`). */
const arbitraryRules = (most: number, byPassengerType = false) =>
  fc
    .integer({ min: 0, max: most })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbitraryRule(i, byPassengerType))));

/** One to `most` passengers of any type, each of a random cost. */
const arbitraryPassengers = (most: number) =>
  fc.array(
    fc.record({
      type: fc.constantFrom(...PASSENGER_TYPES),
      costMinor: fc.integer({ min: 1, max: 500_000_000 }),
    }),
    { minLength: 1, maxLength: most },
  );

/** The random values of the pricing properties. */
export const arbitrary = {
  currency: arbitraryCurrency,
  place: fc.constantFrom(TAS, IST, SAW),
  rule: arbitraryRule,
  rules: arbitraryRules,
  passengers: arbitraryPassengers,
};
