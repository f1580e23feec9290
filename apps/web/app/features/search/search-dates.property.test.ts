/**
 * The results page's date rules at any "now" of 2024–2032 (weighted towards month and year ends, 29 February,
 * clock changes and midnight in UTC, Tashkent and Istanbul): the DDMM of the search path, the ±3-day strip and
 * the month of the low-fare calendar. The server does not know the traveller's time zone, so "today" is any
 * date some traveller has now: UTC's yesterday, today or tomorrow (UTC−12 to UTC+14); the oracles step through
 * the calendar one day at a time (core's dates-testing.ts) instead of using the page's date sums.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseSearchSegment, type SearchParams } from '@parvoz/core/search-segment';
import type { ApiClient } from '../../lib/api.server.ts';
import {
  dateIn,
  dayArb,
  daysFromTo,
  instantArb,
  isoOf,
  monthLength,
  partsOf,
  stepDays,
  weekdayOf,
} from '@parvoz/core/dates-testing';
import { dateInMonth, monthOf, monthRange, monthWeeks } from './fare-calendar.ts';
import { dateStripOf, parseSegment, searchDateStrip, stripOffsets } from './results.server.ts';
import type { SearchOutcome } from './results.ts';
import { resultsPath, serverDates } from './search-form.ts';

const RUNS = 300;
const HORIZON = 330;

/** Zones from the first to the last to see a date, and the product's own (Tashkent, Istanbul). */
const TRAVELLER_ZONES = [
  'Etc/GMT+12',
  'Pacific/Pago_Pago',
  'America/Los_Angeles',
  'America/New_York',
  'UTC',
  'Europe/London',
  'Europe/Istanbul',
  'Asia/Tashkent',
  'Pacific/Auckland',
  'Pacific/Kiritimati',
] as const;

const utcToday = (now: number) => dateIn(now, 'UTC');

/** A trip within a traveller's own 330 days (as their date picker offers them), often at either end. */
const travellerTripArb = fc.record({
  now: instantArb,
  zone: fc.constantFrom(...TRAVELLER_ZONES),
  depart: fc.oneof(fc.constantFrom(0, 1, HORIZON - 2, HORIZON - 1), fc.integer({ min: 0, max: HORIZON - 1 })),
  stay: fc.option(fc.oneof(fc.constantFrom(0, 1, 3, 7), fc.integer({ min: 0, max: HORIZON - 1 })), {
    nil: null,
  }),
});

type TravellerTrip = typeof travellerTripArb extends fc.Arbitrary<infer T> ? T : never;

function tripOf({ now, zone, depart, stay }: TravellerTrip): SearchParams {
  const today = dateIn(now, zone);
  const departureDate = stepDays(today, depart);
  const ret = stay === null ? null : Math.min(HORIZON - 1, depart + stay);
  return {
    origin: 'TAS',
    destination: 'IST',
    departureDate,
    returnDate: ret === null ? null : stepDays(today, ret),
    passengers: { adults: 1, children: 0, infants: 0 },
    cabin: 'economy',
  };
}

const segmentOf = (params: SearchParams) => resultsPath('en', params).split('/').at(-1)!;

describe('the search path: a DDMM is read as some traveller’s date now', () => {
  test('example: 00:30 in Tashkent, the last date of its calendar (regression)', () => {
    // 19:30 UTC on 1 March 2027 is 00:30 on 2 March in Tashkent, whose 330 days run to 25 January 2028.
    const now = new Date(Date.UTC(2027, 2, 1, 19, 30));
    expect(parseSegment('TAS2501IST1', now)).toMatchObject({
      ok: true,
      value: { departureDate: '2028-01-25' },
    });
    expect(parseSegment('TAS0203IST25011', now)).toMatchObject({
      ok: true,
      value: { departureDate: '2027-03-02', returnDate: '2028-01-25' },
    });
    // A day later than anyone's horizon, and yesterday's date for a trip nobody's 330 days hold, stay refused.
    expect(parseSegment('TAS2601IST1', now)).toMatchObject({
      ok: false,
      error: { code: 'date_out_of_range' },
    });
    expect(parseSegment('TAS2802IST25011', now)).toMatchObject({
      ok: false,
      error: { code: 'date_out_of_range' },
    });
  });

  test('property: every trip a traveller’s calendar offers, in any zone, leads to a path that reads back as that trip', () => {
    fc.assert(
      fc.property(travellerTripArb, (trip) => {
        const params = tripOf(trip);
        expect(parseSegment(segmentOf(params), new Date(trip.now))).toEqual({ ok: true, value: params });
      }),
      { numRuns: RUNS },
    );
  });

  test('property: any DDMM pair reads as the dates of the one traveller’s window that holds both, else is refused', () => {
    const ddmm = fc.oneof(
      fc.integer({ min: -3, max: HORIZON + 3 }).map((offset) => ({ offset })),
      fc.record({ dd: fc.integer({ min: 1, max: 31 }), mm: fc.integer({ min: 1, max: 12 }) }),
    );
    const arb = fc.record({ now: instantArb, dep: ddmm, ret: fc.option(ddmm, { nil: null }) });
    const two = (n: number) => String(n).padStart(2, '0');
    fc.assert(
      fc.property(arb, ({ now, dep, ret }) => {
        const today = utcToday(now);
        const pick = (spec: { offset: number } | { dd: number; mm: number }) => {
          if ('dd' in spec) return spec;
          const { d, m } = partsOf(stepDays(today, spec.offset));
          return { dd: d, mm: m };
        };
        const depDm = pick(dep);
        const retDm = ret && pick(ret);
        const segment = `TAS${two(depDm.dd)}${two(depDm.mm)}IST${retDm ? two(retDm.dd) + two(retDm.mm) : ''}1`;

        /** The first date from `first` on, within the 330 days, with that day and month. */
        const within = (first: string, { dd, mm }: { dd: number; mm: number }) => {
          for (let i = 0, day = first; i < HORIZON; i++, day = stepDays(day, 1)) {
            if (partsOf(day).d === dd && partsOf(day).m === mm) return day;
          }
          return null;
        };
        // Some traveller's today: UTC's yesterday, today or tomorrow; the trip must lie in their 330 days.
        const readings = [stepDays(today, -1), today, stepDays(today, 1)].flatMap((first) => {
          const departureDate = within(first, depDm);
          const returnDate = retDm ? within(first, retDm) : null;
          if (departureDate === null || (retDm && returnDate === null)) return [];
          if (returnDate !== null && returnDate < departureDate) return [];
          return [{ departureDate, returnDate }];
        });
        const result = parseSegment(segment, new Date(now));
        if (readings.length === 0) {
          expect(result.ok).toBe(false);
          // The refusal is the one of UTC's today.
          expect(result).toEqual(parseSearchSegment(segment, { today, knownCode: () => true }));
          return;
        }
        // The three windows lie within 332 days: a day and month fall in them at most once.
        for (const reading of readings) expect(reading).toEqual(readings[0]);
        expect(result).toMatchObject({ ok: true, value: readings[0] });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the ±3-day strip', () => {
  /** The API's calendar for the asked days: a price per date (100.00 plus the day of the month). */
  const priceOf = (date: string) => `${100 + partsOf(date).d}.00`;
  const asked: { from: string; days: number }[] = [];
  const api = {
    async get(_path: string, options?: { query?: Record<string, unknown> }) {
      const from = String(options?.query?.from);
      const days = Number(options?.query?.days);
      asked.push({ from, days });
      const list = Array.from({ length: days }, (_, i) => stepDays(from, i));
      return {
        data: {
          currency: 'EUR',
          connected: true,
          days: list.map((date) => ({ date, min_amount: priceOf(date) })),
        },
      };
    },
  } as unknown as ApiClient;
  const chosen: SearchOutcome = { kind: 'ok', connected: true, offers: [] } as unknown as SearchOutcome;

  test('property: the chosen day and its neighbours that someone may still book, each a link that reads back as its trip', async () => {
    await fc.assert(
      fc.asyncProperty(travellerTripArb, async (trip) => {
        const now = new Date(trip.now);
        const parsed = parseSegment(segmentOf(tripOf(trip)), now);
        if (!parsed.ok) throw new Error(`not read: ${segmentOf(tripOf(trip))}`);
        const params = parsed.value;
        const today = utcToday(trip.now);
        const first = stepDays(today, -1);
        const last = stepDays(today, HORIZON); // UTC tomorrow's 330th day

        const expected = [-3, -2, -1, 0, 1, 2, 3].filter((offset) => {
          const depart = stepDays(params.departureDate, offset);
          const end = stepDays(params.returnDate ?? params.departureDate, offset);
          return depart >= first && end <= last;
        });
        const offsets = stripOffsets(params, now);
        expect(offsets).toEqual(expected);
        expect(offsets).toContain(0);

        asked.length = 0;
        const strip = await searchDateStrip(
          api,
          { params, currency: 'EUR', lang: 'en' },
          Promise.resolve(chosen),
          now,
        );
        expect(strip.days.map((d) => d.offset)).toEqual(expected);
        for (const day of strip.days) {
          expect(day.depart).toBe(stepDays(params.departureDate, day.offset));
          expect(day.ret).toBe(params.returnDate && stepDays(params.returnDate, day.offset));
          // Day 0 is the chosen search's own (no offers here); the others come from one calendar call.
          expect(day.min_amount).toBe(day.offset === 0 ? null : priceOf(day.depart));
          expect(parseSegment(day.segment, now)).toMatchObject({
            ok: true,
            value: { ...params, departureDate: day.depart, returnDate: day.ret },
          });
        }
        const others = strip.days.filter((d) => d.offset !== 0);
        expect(asked).toEqual(
          others.length === 0
            ? []
            : [{ from: others[0]!.depart, days: daysFromTo(others[0]!.depart, others.at(-1)!.depart) + 1 }],
        );
        expect(dateStripOf({ params, currency: 'EUR', lang: 'en' }, offsets, null, chosen).days).toHaveLength(
          offsets.length,
        );
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the low-fare calendar’s month', () => {
  test('property: the month asked of the API, its weeks, and the dates its month links lead to', () => {
    const arb = fc.record({ now: instantArb, date: dayArb, weekStart: fc.constantFrom<0 | 1>(0, 1) });
    fc.assert(
      fc.property(arb, ({ now, date, weekStart }) => {
        const { y, m, d } = partsOf(date);
        const month = monthOf(date);
        expect(month).toBe(isoOf(y, m, 1).slice(0, 7));
        expect(monthRange(month)).toEqual({ from: isoOf(y, m, 1), days: monthLength(y, m) });

        const weeks = monthWeeks(month, weekStart);
        const days = Array.from({ length: monthLength(y, m) }, (_, i) => isoOf(y, m, i + 1));
        expect(weeks.every((week) => week.length === 7)).toBe(true);
        const cells = weeks.flat();
        const lead = (weekdayOf(days[0]!) - weekStart + 7) % 7;
        expect(cells.slice(lead, lead + days.length)).toEqual(days);
        expect(cells.filter((c) => c !== null)).toHaveLength(days.length);
        expect(weeks).toHaveLength(Math.ceil((lead + days.length) / 7));
        for (const [i, cell] of cells.entries()) if (cell) expect(weekdayOf(cell)).toBe((i + weekStart) % 7);

        // The results page's bookable dates: from UTC's today, 330 days.
        const today = utcToday(now);
        const bookable = { first: today, last: stepDays(today, HORIZON - 1) };
        for (const offset of [-1, 1] as const) {
          const [ty, tm] = m + offset === 0 ? [y - 1, 12] : m + offset === 13 ? [y + 1, 1] : [y, m + offset];
          let moved = isoOf(ty, tm, Math.min(d, monthLength(ty, tm)));
          if (moved < bookable.first) moved = bookable.first;
          if (moved > bookable.last) moved = bookable.last;
          const expected = partsOf(moved).y === ty && partsOf(moved).m === tm ? moved : null;
          expect(dateInMonth(date, offset, bookable)).toBe(expected);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the dates the server accepts without knowing the traveller’s zone', () => {
  test('property: from UTC’s yesterday to the 330th day from UTC’s tomorrow (the latest zone’s horizon)', () => {
    fc.assert(
      fc.property(instantArb, (now) => {
        const today = utcToday(now);
        expect(serverDates(new Date(now))).toEqual({
          first: stepDays(today, -1),
          last: stepDays(today, HORIZON),
        });
      }),
      { numRuns: RUNS },
    );
  });
});
