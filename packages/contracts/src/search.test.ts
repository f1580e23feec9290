import { expect, test } from 'vitest';
import { flightSearchRequestSchema, placesQuerySchema, searchSlices } from './search.ts';

const valid = {
  slices: [{ origin: 'TAS', destination: 'IST', departure_date: '2026-12-15' }],
  passengers: { adults: 1, children: 0, infants: 0 },
  cabin_class: 'economy',
  max_connections: 1,
  currency: 'USD',
};

test('a valid one-way request passes with defaults filled', () => {
  const parsed = flightSearchRequestSchema.parse({
    ...valid,
    cabin_class: undefined,
    max_connections: undefined,
    currency: undefined,
  });
  expect(parsed).toMatchObject({ cabin_class: 'economy', max_connections: 2, currency: 'USD' });
});

test.each([
  ['lower-case code', { slices: [{ ...valid.slices[0], origin: 'tas' }] }],
  ['same origin and destination', { slices: [{ ...valid.slices[0], destination: 'TAS' }] }],
  ['31 February', { slices: [{ ...valid.slices[0], departure_date: '2026-02-31' }] }],
  ['ten seated', { passengers: { adults: 5, children: 5, infants: 0 } }],
  ['more infants than adults', { passengers: { adults: 1, children: 0, infants: 2 } }],
  ['no adults', { passengers: { adults: 0, children: 1, infants: 0 } }],
  [
    'return before departure',
    { slices: [valid.slices[0], { origin: 'IST', destination: 'TAS', departure_date: '2026-12-14' }] },
  ],
  ['seven slices', { slices: Array.from({ length: 7 }, () => valid.slices[0]) }],
  [
    'a leg of a multi-city trip before the one before it',
    {
      slices: [
        valid.slices[0],
        { origin: 'IST', destination: 'AYT', departure_date: '2026-12-20' },
        { origin: 'AYT', destination: 'TAS', departure_date: '2026-12-19' },
      ],
    },
  ],
  ['three connections', { max_connections: 3 }],
  ['unknown currency', { currency: 'GBP' }],
])('refuses %s', (_name, patch) => {
  expect(flightSearchRequestSchema.safeParse({ ...valid, ...patch }).success).toBe(false);
});

test('a multi-city trip: up to six legs, each on or after the one before', () => {
  const legs = [
    { origin: 'TAS', destination: 'IST', departure_date: '2026-12-15' },
    { origin: 'IST', destination: 'AYT', departure_date: '2026-12-18' },
    { origin: 'AYT', destination: 'TAS', departure_date: '2026-12-18' },
  ];
  expect(flightSearchRequestSchema.parse({ ...valid, slices: legs }).slices).toHaveLength(3);
  const six = Array.from({ length: 6 }, () => legs[0]);
  expect(flightSearchRequestSchema.safeParse({ ...valid, slices: six }).success).toBe(true);
  const late = flightSearchRequestSchema.safeParse({
    ...valid,
    slices: [legs[0], legs[1], { ...legs[2], departure_date: '2026-12-17' }],
  });
  expect(late.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['slices.2.departure_date']);
});

test('places query: limit bounded, lang one of four', () => {
  expect(placesQuerySchema.parse({ q: 'Tash' })).toEqual({ q: 'Tash', lang: 'en', limit: 8 });
  expect(placesQuerySchema.safeParse({ q: 'x', limit: '21' }).success).toBe(false);
  expect(placesQuerySchema.safeParse({ q: 'x', lang: 'de' }).success).toBe(false);
});

test('searchSlices: one slice one way, the way back reversed on the return date', () => {
  const trip = { origin: 'TAS', destination: 'IST', departureDate: '2026-12-15', returnDate: null };
  expect(searchSlices(trip)).toEqual([{ origin: 'TAS', destination: 'IST', departure_date: '2026-12-15' }]);
  expect(searchSlices({ ...trip, returnDate: '2026-12-22' })).toEqual([
    { origin: 'TAS', destination: 'IST', departure_date: '2026-12-15' },
    { origin: 'IST', destination: 'TAS', departure_date: '2026-12-22' },
  ]);
});
