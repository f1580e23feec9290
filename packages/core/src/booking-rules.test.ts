import { describe, expect, test } from 'vitest';
import {
  checkAges,
  checkBooking,
  checkDocuments,
  checkMatchesOffer,
  checkPassengerMix,
  checkServices,
  toJsonPointer,
  tripDates,
  type RulePassenger,
} from './booking-rules.ts';
import { sliceOf, testSegment } from './offer-testing.ts';
import type { OfferSegment } from './search-types.ts';

const segment = (departing_at: string, arriving_at: string) => testSegment({ departing_at, arriving_at });
const slice = (segments: OfferSegment[]) => sliceOf(segments, 300);
// Out on 15 Dec, back on 22 Dec departing 23:30, landing on 23 Dec local time.
const slices = [
  slice([segment('2026-12-15T08:40:00+05:00', '2026-12-15T11:20:00+03:00')]),
  slice([segment('2026-12-22T23:30:00+03:00', '2026-12-23T06:10:00+05:00')]),
];
const p = (type: RulePassenger['type'], born_on: string, expires_on = '2030-01-01'): RulePassenger => ({
  type,
  born_on,
  document: { expires_on },
});

test('trip dates: the last flight departs on the 22nd and the trip ends on the 23rd (local dates)', () => {
  expect(tripDates(slices)).toEqual({
    firstDeparture: '2026-12-15',
    lastFlight: '2026-12-22',
    end: '2026-12-23',
  });
});

describe('age band on the date of the last flight', () => {
  const last = '2026-12-22';
  const today = '2026-11-23';
  test.each([
    ['adult 12 that day', p('adult', '2014-12-22'), null],
    ['adult 12 the day after', p('adult', '2014-12-23'), 'booking.error.bornOnAdult'],
    ['child 2 that day', p('child', '2024-12-22'), null],
    ['child 2 the day after', p('child', '2024-12-23'), 'booking.error.bornOnChild'],
    ['child 11, the day before 12', p('child', '2014-12-23'), null],
    ['child already 12', p('child', '2014-12-22'), 'booking.error.bornOnChild'],
    ['infant 1 year old', p('infant', '2025-12-22'), null],
    ['infant turning 2 before the return', p('infant', '2024-12-20'), 'booking.error.bornOnInfant'],
    ['infant born today', p('infant', today), null],
    ['born tomorrow', p('infant', '2026-11-24'), 'booking.error.bornOnFuture'],
  ])('%s', (_name, passenger, error) => {
    const errors = checkAges([passenger], last, today);
    if (error === null) expect(errors).toEqual([]);
    else
      expect(errors).toEqual([
        expect.objectContaining({ path: ['passengers', 0, 'born_on'], message: error }),
      ]);
  });
  test('the error names the date it used', () => {
    expect(checkAges([p('adult', '2020-01-01')], last, today)[0]!.values).toEqual({ date: last });
  });
});

describe('documents valid past the end of the trip', () => {
  test.each([
    ['expires the day the trip ends', '2026-12-23', false],
    ['expires the day after', '2026-12-24', true],
    ['expired long ago', '2020-01-01', false],
  ])('%s', (_name, expires, ok) => {
    const errors = checkDocuments([p('adult', '1990-01-01', expires)], '2026-12-23');
    expect(errors.length === 0).toBe(ok);
    if (!ok)
      expect(errors[0]).toMatchObject({
        path: ['passengers', 0, 'document', 'expires_on'],
        message: 'booking.error.documentExpired',
      });
  });
});

describe('passenger mix', () => {
  const many = (type: RulePassenger['type'], n: number) => Array.from({ length: n }, () => ({ type }));
  test.each([
    ['one adult', many('adult', 1), []],
    ['no adult', many('child', 1), ['booking.error.noAdult']],
    ['two infants, two adults', [...many('adult', 2), ...many('infant', 2)], []],
    ['two infants, one adult', [...many('adult', 1), ...many('infant', 2)], ['booking.error.tooManyInfants']],
    ['9 seated and 3 infants', [...many('adult', 5), ...many('child', 4), ...many('infant', 3)], []],
    ['10 seated', [...many('adult', 6), ...many('child', 4)], ['booking.error.tooManySeated']],
  ])('%s', (_name, passengers, keys) => {
    expect(checkPassengerMix(passengers).map((e) => e.message)).toEqual(keys);
  });

  test('the same count of each type as the offer, in any order', () => {
    const offer = [{ type: 'adult' as const }, { type: 'child' as const }];
    expect(checkMatchesOffer([{ type: 'child' }, { type: 'adult' }], offer)).toEqual([]);
    expect(checkMatchesOffer([{ type: 'adult' }, { type: 'adult' }], offer)[0]!.message).toBe(
      'booking.error.passengersMismatch',
    );
  });
});

describe('luggage services', () => {
  const available = [
    { id: 'lug_0', passenger_types: ['adult', 'child'] as ('adult' | 'child' | 'infant')[] },
    { id: 'lug_1', passenger_types: ['adult', 'child'] as ('adult' | 'child' | 'infant')[] },
  ];
  const people = [{ type: 'adult' as const }, { type: 'infant' as const }];
  test.each([
    [
      'one bag each way for the adult',
      [
        { id: 'lug_0', passenger_index: 0 },
        { id: 'lug_1', passenger_index: 0 },
      ],
      [],
    ],
    [
      'a service not in the offer',
      [{ id: 'lug_2', passenger_index: 0 }],
      ['/services/0/id booking.error.serviceUnknown'],
    ],
    [
      'a bag for the infant',
      [{ id: 'lug_0', passenger_index: 1 }],
      ['/services/0/passenger_index booking.error.serviceNotForPassenger'],
    ],
    [
      'a passenger who does not exist',
      [{ id: 'lug_0', passenger_index: 5 }],
      ['/services/0/passenger_index booking.error.serviceNotForPassenger'],
    ],
    [
      'the same bag twice',
      [
        { id: 'lug_0', passenger_index: 0 },
        { id: 'lug_0', passenger_index: 0 },
      ],
      ['/services/1 booking.error.serviceDuplicate'],
    ],
  ])('%s', (_name, services, errors) => {
    expect(
      checkServices(services, people, available).map((e) => `${toJsonPointer(e.path)} ${e.message}`),
    ).toEqual(errors);
  });
});

test('a bag a supplier sells for one passenger only (passenger_index) suits that passenger alone', () => {
  const perPassenger = [
    { id: 'lug_0', passenger_types: ['adult' as const], passenger_index: 0 },
    { id: 'lug_1', passenger_types: ['adult' as const], passenger_index: 1 },
  ];
  const adults = [{ type: 'adult' as const }, { type: 'adult' as const }];
  const errors = (services: { id: string; passenger_index: number }[]) =>
    checkServices(services, adults, perPassenger).map((e) => `${toJsonPointer(e.path)} ${e.message}`);
  expect(
    errors([
      { id: 'lug_0', passenger_index: 0 },
      { id: 'lug_1', passenger_index: 1 },
    ]),
  ).toEqual([]);
  expect(errors([{ id: 'lug_0', passenger_index: 1 }])).toEqual([
    '/services/0/passenger_index booking.error.serviceNotForPassenger',
  ]);
});

test('checkBooking runs every rule and passes a valid booking', () => {
  const offer = {
    slices,
    passengers: [{ type: 'adult' as const }, { type: 'infant' as const }],
    available_services: [{ id: 'lug_0', passenger_types: ['adult' as const, 'child' as const] }],
  };
  const ok = {
    passengers: [p('adult', '1990-01-01'), p('infant', '2026-01-01')],
    services: [{ id: 'lug_0', passenger_index: 0 }],
  };
  expect(checkBooking(ok, offer, '2026-11-23')).toEqual([]);
  const bad = {
    passengers: [p('adult', '2020-01-01', '2026-12-01'), p('infant', '2026-01-01')],
    services: [],
  };
  expect(checkBooking(bad, offer, '2026-11-23').map((e) => e.message)).toEqual([
    'booking.error.bornOnAdult',
    'booking.error.documentExpired',
  ]);
});

test('JSON pointers escape ~ and /', () => {
  expect(toJsonPointer(['a', 0, 'b/c', 'd~e'])).toBe('/a/0/b~1c/d~0e');
});
