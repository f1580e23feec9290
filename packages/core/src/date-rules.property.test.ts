/**
 * Core's date rules hold on every day of the year: each property draws a random "today" (or "now") over
 * 2024–2032, weighted towards month and year ends, 28/29 February, clock changes and the hours around midnight
 * in UTC, Tashkent and Istanbul, and checks the rule against an oracle built from the civil calendar itself
 * (dates.fixture.ts) rather than from the rule's own arithmetic.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkBooking, type RulePassenger } from './booking-rules.ts';
import {
  dateIn,
  dayArb,
  daysFromTo,
  instantArb,
  isLeapYear,
  isoOf,
  isRealDayOfMonth,
  localIsoIn,
  partsOf,
  stepDays,
} from './dates-testing.ts';
import { testSegment, sliceOf } from './offer-testing.ts';
import {
  decodeOffer,
  DEFAULT_OFFER_TTL_MS,
  encodeOffer,
  encodeOfferV1,
  type OfferPayload,
} from './offers.ts';
import { passengerTypeOn, type PassengerType } from './passengers.ts';
import { HORIZON_DAYS } from './schedule.ts';
import { parseSearchSegment } from './search-segment.ts';

const RUNS = 300;
const knownCode = (code: string) => code === 'TAS' || code === 'IST';

// ---- The search URL's DDMM ------------------------------------------------------------------------------

type Resolved = { ok: true; date: string } | { ok: false; code: 'invalid_date' | 'date_out_of_range' };

/** docs/design.md §3: the next date with that day and month from today (today included) within the 330-day horizon. */
function resolveOracle(dd: number, mm: number, today: string): Resolved {
  let day = today;
  for (let i = 0; i < HORIZON_DAYS; i++, day = stepDays(day, 1)) {
    const { m, d } = partsOf(day);
    if (d === dd && m === mm) return { ok: true, date: day };
  }
  return { ok: false, code: isRealDayOfMonth(dd, mm) ? 'date_out_of_range' : 'invalid_date' };
}

/** A DDMM: mostly a day near today, the horizon's end or a year on, else notable or arbitrary (even invalid) ones. */
const ddmmArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: HORIZON_DAYS - 3, max: HORIZON_DAYS + 3 }),
        fc.integer({ min: 362, max: 368 }),
      )
      .map((offset) => ({ offset })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('0301', '3112', '0101', '2902', '2802', '0103', '3102', '3104', '3006', '0000', '3213')
      .map((ddmm) => ({ dd: Number(ddmm.slice(0, 2)), mm: Number(ddmm.slice(2)) })),
  },
  {
    weight: 2,
    arbitrary: fc.record({ dd: fc.integer({ min: 0, max: 32 }), mm: fc.integer({ min: 0, max: 13 }) }),
  },
);

type DdmmSpec = { offset: number } | { dd: number; mm: number };

function ddmmOf(spec: DdmmSpec, today: string): { dd: number; mm: number } {
  if ('dd' in spec) return spec;
  const { d, m } = partsOf(stepDays(today, spec.offset));
  return { dd: d, mm: m };
}

const two = (n: number) => String(n).padStart(2, '0');

describe('the search URL: a DDMM resolves to its next date within the horizon, whatever today is', () => {
  test('examples: late December, 29 February', () => {
    const parse = (segment: string, today: string) => parseSearchSegment(segment, { today, knownCode });
    expect(parse('TAS2812IST03011', '2026-12-28')).toMatchObject({
      ok: true,
      value: { departureDate: '2026-12-28', returnDate: '2027-01-03' },
    });
    expect(parse('TAS0301IST1', '2026-12-28')).toMatchObject({
      ok: true,
      value: { departureDate: '2027-01-03' },
    });
    // Yesterday's date is next year's: 364 days on, past the horizon.
    expect(parse('TAS2712IST1', '2026-12-28')).toMatchObject({
      ok: false,
      error: { code: 'date_out_of_range' },
    });
    expect(parse('TAS2902IST1', '2027-03-01')).toMatchObject({
      ok: false,
      error: { code: 'date_out_of_range' },
    });
    // 29 February 2028 is 330 days after 5 April 2027 (out of reach), 329 after the 6th.
    expect(parse('TAS2902IST1', '2027-04-05')).toMatchObject({
      ok: false,
      error: { code: 'date_out_of_range' },
    });
    expect(parse('TAS2902IST1', '2027-04-06')).toMatchObject({
      ok: true,
      value: { departureDate: '2028-02-29' },
    });
    expect(parse('TAS2902IST1', '2028-02-29')).toMatchObject({
      ok: true,
      value: { departureDate: '2028-02-29' },
    });
  });

  test('property: one way and round trip', () => {
    fc.assert(
      fc.property(dayArb, ddmmArb, fc.option(ddmmArb, { nil: null }), (today, depSpec, retSpec) => {
        const dep = ddmmOf(depSpec, today);
        const ret = retSpec && ddmmOf(retSpec, today);
        const segment = `TAS${two(dep.dd)}${two(dep.mm)}IST${ret ? `${two(ret.dd)}${two(ret.mm)}` : ''}1`;
        const result = parseSearchSegment(segment, { today, knownCode });

        const depected = resolveOracle(dep.dd, dep.mm, today);
        if (!depected.ok) {
          expect(result).toEqual({ ok: false, error: { code: depected.code, field: 'departure_date' } });
          return;
        }
        const retected = ret ? resolveOracle(ret.dd, ret.mm, today) : null;
        if (retected && !retected.ok) {
          expect(result).toEqual({ ok: false, error: { code: retected.code, field: 'return_date' } });
          return;
        }
        if (retected && retected.date < depected.date) {
          expect(result).toEqual({
            ok: false,
            error: { code: 'return_before_departure', field: 'return_date' },
          });
          return;
        }
        expect(result).toMatchObject({
          ok: true,
          value: { departureDate: depected.date, returnDate: retected ? retected.date : null },
        });
        // Never in the past, never past the horizon.
        const ok = result as { ok: true; value: { departureDate: string } };
        expect(daysFromTo(today, ok.value.departureDate)).toBeGreaterThanOrEqual(0);
        expect(daysFromTo(today, ok.value.departureDate)).toBeLessThan(HORIZON_DAYS);
      }),
      { numRuns: RUNS },
    );
  });
});

// ---- Passengers' ages on the last flight ----------------------------------------------------------------

/**
 * Whole years of age on `on`: the birthdays that have come by then. A 29 February birthday comes on 1 March in
 * common years (the rule passengers.ts applies: the age changes when the date passes the birth's month and day).
 */
function ageOracle(born: string, on: string): number | null {
  if (on < born) return null;
  const b = partsOf(born);
  const { y: lastYear } = partsOf(on);
  let age = 0;
  for (let y = b.y + 1; y <= lastYear; y++) {
    const birthday = b.m === 2 && b.d === 29 && !isLeapYear(y) ? isoOf(y, 3, 1) : isoOf(y, b.m, b.d);
    if (birthday <= on) age++;
  }
  return age;
}

/** docs/design.md §3: adults 12 and over, children 2 to 11, infants under 2. */
function typeOracle(born: string, on: string): PassengerType | null {
  const age = ageOracle(born, on);
  return age === null ? null : age >= 12 ? 'adult' : age >= 2 ? 'child' : 'infant';
}

/** The same month and day `years` earlier (28 February for a 29th in a common year). */
function yearsBefore(iso: string, years: number): string {
  const { y, m, d } = partsOf(iso);
  return isoOf(y - years, m, m === 2 && d === 29 && !isLeapYear(y - years) ? 28 : d);
}

/** A birth date near an age band's edge on `on` (a day either side of the 2nd or 12th birthday), a 29 February, or any. */
const birthArb = (on: string) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(0, 1, 2, 3, 11, 12, 13), fc.integer({ min: -2, max: 2 }))
        .map(([years, days]) => stepDays(yearsBefore(on, years), days)),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...[2012, 2016, 2020, 2024, 2028, 2032].filter((y) => y <= partsOf(on).y))
        .map((y) => isoOf(y, 2, 29)),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 0, max: 20 * 366 }).map((days) => stepDays(on, -days)),
    },
  );

/** Departure and arrival zones of the trips: Tashkent and Istanbul, and two with clock changes. */
const ZONES = ['Asia/Tashkent', 'Europe/Istanbul', 'Europe/London', 'America/New_York'] as const;

/** A trip's flights: the first departs at `first`, the last `gapMs` later, landing `blockMs` after that. */
function tripOf(first: number, gapMs: number, blockMs: number, zones: readonly string[]) {
  const [a, b, c] = zones;
  const out = testSegment({
    departing_at: localIsoIn(first, a!),
    arriving_at: localIsoIn(first + 4 * 3_600_000, b!),
  });
  const back = testSegment({
    departing_at: localIsoIn(first + gapMs, b!),
    arriving_at: localIsoIn(first + gapMs + blockMs, c!),
  });
  return [sliceOf([out], 240), sliceOf([back], blockMs / 60_000)];
}

const tripArb = fc.record({
  first: instantArb,
  gapMs: fc.integer({ min: 5, max: 30 * 24 * 60 }).map((minutes) => minutes * 60_000),
  blockMs: fc.integer({ min: 45, max: 16 * 60 }).map((minutes) => minutes * 60_000),
  zones: fc.tuple(fc.constantFrom(...ZONES), fc.constantFrom(...ZONES), fc.constantFrom(...ZONES)),
});

const offerFor = (passengers: readonly { type: PassengerType }[], slices: ReturnType<typeof tripOf>) => ({
  slices,
  passengers: passengers.map(({ type }) => ({ type })),
  available_services: [],
});

const errorsAt = (errors: ReturnType<typeof checkBooking>, field: string) =>
  errors.filter((e) => e.path.at(-1) === field).map((e) => ({ index: e.path[1], message: e.message }));

describe('passenger types: the age on the last flight’s local date decides', () => {
  test('examples: the day before and the day of the 2nd and 12th birthdays, and 29 February', () => {
    expect(passengerTypeOn('2025-01-01', '2026-12-31')).toBe('infant');
    expect(passengerTypeOn('2025-01-01', '2027-01-01')).toBe('child');
    expect(passengerTypeOn('2015-01-01', '2026-12-31')).toBe('child');
    expect(passengerTypeOn('2015-01-01', '2027-01-01')).toBe('adult');
    // Born on 29 February 2024: still an infant on 28 February 2026, a child from 1 March.
    expect(passengerTypeOn('2024-02-29', '2026-02-28')).toBe('infant');
    expect(passengerTypeOn('2024-02-29', '2026-03-01')).toBe('child');
    expect(passengerTypeOn('2016-02-29', '2028-02-28')).toBe('child');
    expect(passengerTypeOn('2016-02-29', '2028-02-29')).toBe('adult');
  });

  test('property: the type on any date near a band edge', () => {
    const arb = dayArb.chain((on) => birthArb(on).map((born) => ({ on, born })));
    fc.assert(
      fc.property(arb, ({ on, born }) => {
        expect(passengerTypeOn(born, on)).toBe(typeOracle(born, on));
      }),
      { numRuns: RUNS },
    );
  });

  test('property: a booking checks each birth date against today and the last flight’s local departure date', () => {
    const arb = tripArb.chain((trip) => {
      // The last flight's local departure date, as the airport's clock shows it.
      const lastFlight = dateIn(trip.first + trip.gapMs, trip.zones[1]);
      const passenger = fc.record({
        born: fc.oneof(birthArb(lastFlight), birthArb(dateIn(trip.first, 'UTC'))),
        type: fc.constantFrom<PassengerType>('adult', 'child', 'infant'),
      });
      return fc.record({
        trip: fc.constant(trip),
        lastFlight: fc.constant(lastFlight),
        // Booked a few days before the first flight, or on its day (its UTC date: the API's today).
        today: fc.integer({ min: 0, max: 3 }).map((days) => stepDays(dateIn(trip.first, 'UTC'), -days)),
        passengers: fc.array(passenger, { minLength: 1, maxLength: 4 }),
      });
    });
    fc.assert(
      fc.property(arb, ({ trip, lastFlight, today, passengers }) => {
        const booked: RulePassenger[] = passengers.map((p) => ({
          type: p.type,
          born_on: p.born,
          document: { expires_on: '2099-12-31' },
        }));
        const slices = tripOf(trip.first, trip.gapMs, trip.blockMs, trip.zones);
        const errors = checkBooking({ passengers: booked, services: [] }, offerFor(booked, slices), today);
        const expected = passengers.flatMap((p, index) => {
          if (p.born > today) return [{ index, message: 'booking.error.bornOnFuture' }];
          const type = typeOracle(p.born, lastFlight);
          if (type === p.type) return [];
          const key = { adult: 'bornOnAdult', child: 'bornOnChild', infant: 'bornOnInfant' }[p.type];
          return [{ index, message: `booking.error.${key}` }];
        });
        expect(errorsAt(errors, 'born_on')).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });
});

// ---- Documents valid past the trip ------------------------------------------------------------------------

describe('documents: valid past the local date of the last arrival', () => {
  test('property: a document expiring on the last arrival’s date or before is refused, the day after accepted', () => {
    const arb = tripArb.chain((trip) => {
      const end = dateIn(trip.first + trip.gapMs + trip.blockMs, trip.zones[2]);
      return fc.record({
        trip: fc.constant(trip),
        end: fc.constant(end),
        expiries: fc.array(
          fc.oneof(
            fc.integer({ min: -2, max: 2 }).map((days) => stepDays(end, days)),
            fc.integer({ min: -400, max: 400 }).map((days) => stepDays(end, days)),
          ),
          { minLength: 1, maxLength: 3 },
        ),
      });
    });
    fc.assert(
      fc.property(arb, ({ trip, end, expiries }) => {
        const booked: RulePassenger[] = expiries.map((expires_on) => ({
          type: 'adult',
          born_on: '1980-06-15',
          document: { expires_on },
        }));
        const slices = tripOf(trip.first, trip.gapMs, trip.blockMs, trip.zones);
        const errors = checkBooking(
          { passengers: booked, services: [] },
          offerFor(booked, slices),
          '2024-01-01',
        );
        const expected = expiries.flatMap((expires, index) =>
          daysFromTo(end, expires) >= 1 ? [] : [{ index, message: 'booking.error.documentExpired' }],
        );
        expect(errorsAt(errors, 'expires_on')).toEqual(expected);
        for (const e of errors.filter((x) => x.path.at(-1) === 'expires_on'))
          expect(e.values).toEqual({ date: end });
      }),
      { numRuns: RUNS },
    );
  });
});

// ---- Offer expiry ---------------------------------------------------------------------------------------

describe('offers: valid until their expiry instant, expired from it on', () => {
  const secret = 'date-rules-secret';

  test('property: an id read `delta` ms after its search is expired exactly when delta ≥ the lifetime', () => {
    const arb = fc
      .record({
        searchedAt: instantArb,
        ttl: fc.oneof(
          fc.constant(DEFAULT_OFFER_TTL_MS),
          fc.integer({ min: 1, max: 7200 }).map((seconds) => seconds * 1000),
        ),
        v1: fc.boolean(),
      })
      .chain((x) =>
        fc.record({
          x: fc.constant(x),
          delta: fc.oneof(
            fc.constantFrom(0, x.ttl - 1, x.ttl, x.ttl + 1),
            fc.integer({ min: -60_000, max: x.ttl + 60_000 }),
          ),
        }),
      );
    fc.assert(
      fc.property(arb, ({ x, delta }) => {
        const flightDay = dateIn(x.searchedAt + 3 * 86_400_000, 'Asia/Tashkent');
        const payload: OfferPayload = {
          slices: [[`HY601-${flightDay}`]],
          cabin: 'economy',
          passengers: { adults: 1, children: 0, infants: 0 },
          fareFamily: 'light',
          searchedAt: x.searchedAt,
          expiresAt: x.searchedAt + x.ttl,
          currency: 'USD',
        };
        const id = x.v1 ? encodeOfferV1(payload, secret) : encodeOffer(payload, secret);
        const result = decodeOffer(id, secret, x.searchedAt + delta);
        if (delta >= x.ttl) expect(result).toEqual({ ok: false, error: 'offer_expired' });
        else expect(result).toEqual({ ok: true, offer: payload });
      }),
      { numRuns: RUNS },
    );
  });
});
