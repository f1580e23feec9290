import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { HORIZON_DAYS } from './schedule.ts';
import { formatDay, parseDay } from './schedule-time.ts';
import { TAS_IST_ONE_ADULT } from './search.fixture.ts';
import { formatSearchSegment, parseSearchSegment, type SearchParams } from './search-segment.ts';

const known = new Set(['TAS', 'IST', 'SAW', 'LON', 'LHR', 'MOW', 'NYC', 'JFK', 'SKD']);
const cities: Record<string, string> = { SAW: 'IST', LHR: 'LON', JFK: 'NYC' };
const options = {
  today: '2026-11-20',
  knownCode: (c: string) => known.has(c),
  cityOf: (c: string) => cities[c] ?? c,
};
const parse = (s: string) => parseSearchSegment(s, options);

describe('search segment', () => {
  test('examples of docs/design.md §3', () => {
    expect(parse('TAS1512IST1')).toEqual({ ok: true, value: TAS_IST_ONE_ADULT });
    expect(parse('TAS1512IST2012211b')).toEqual({
      ok: true,
      value: {
        origin: 'TAS',
        destination: 'IST',
        departureDate: '2026-12-15',
        returnDate: '2026-12-20',
        passengers: { adults: 2, children: 1, infants: 1 },
        cabin: 'business',
      },
    });
  });

  test('dates resolve to the next occurrence from today (today included)', () => {
    expect(parse('TAS2011IST1')).toMatchObject({ ok: true, value: { departureDate: '2026-11-20' } });
    expect(parse('TAS1911IST1')).toMatchObject({
      ok: false,
      error: { code: 'date_out_of_range', field: 'departure_date' },
    }); // next is 2027-11-19: beyond 330 days
    expect(parse('TAS0510IST1')).toMatchObject({ ok: true, value: { departureDate: '2027-10-05' } });
    expect(parse('TAS2012IST05011')).toMatchObject({
      ok: true,
      value: { departureDate: '2026-12-20', returnDate: '2027-01-05' },
    });
    expect(parse('TAS2902IST1')).toMatchObject({ ok: false, error: { code: 'date_out_of_range' } }); // next 29 Feb is 2028
    expect(parseSearchSegment('TAS2902IST1', { ...options, today: '2027-06-01' })).toMatchObject({
      ok: true,
      value: { departureDate: '2028-02-29' },
    });
  });

  test('strict errors', () => {
    const code = (s: string) => {
      const r = parse(s);
      return r.ok ? 'ok' : `${r.error.code}:${r.error.field}`;
    };
    expect(code('tas1512IST1')).toBe('malformed:segment');
    expect(code('TAS1512IST')).toBe('malformed:segment');
    expect(code('TAS1512IST12')).toBe('malformed:segment');
    expect(code('TAS1512IST1B')).toBe('malformed:segment');
    expect(code('TAS1512IST1bb')).toBe('malformed:segment');
    expect(code('TAS15IST1')).toBe('malformed:segment');
    expect(code('TAS1512IST2012211bx')).toBe('malformed:segment');
    expect(code('XXX1512IST1')).toBe('unknown_origin:origin');
    expect(code('TAS1512XXX1')).toBe('unknown_destination:destination');
    expect(code('TAS1512TAS1')).toBe('same_origin_destination:destination');
    expect(code('LHR1512LON1')).toBe('same_origin_destination:destination');
    expect(code('TAS3102IST1')).toBe('invalid_date:departure_date');
    expect(code('TAS0013IST1')).toBe('invalid_date:departure_date');
    expect(code('TAS0012IST1')).toBe('invalid_date:departure_date');
    expect(code('TAS1512IST31041')).toBe('invalid_date:return_date');
    expect(code('TAS2012IST15121')).toBe('return_before_departure:return_date');
    expect(code('TAS1512IST0')).toBe('no_adults:passengers');
    expect(code('TAS1512IST011')).toBe('no_adults:passengers');
    expect(code('TAS1512IST550')).toBe('too_many_passengers:passengers');
    expect(code('TAS1512IST203')).toBe('too_many_infants:passengers');
    expect(code('TAS1512IST9')).toBe('ok');
    expect(code('TAS1512IST909')).toBe('ok');
    expect(code('TAS1512IST100')).toBe('ok'); // non-shortest but unambiguous
    expect(code('')).toBe('malformed:segment');
    expect(code('x'.repeat(1000))).toBe('malformed:segment');
  });

  test('format writes the shortest form', () => {
    const base: SearchParams = TAS_IST_ONE_ADULT;
    expect(formatSearchSegment(base)).toBe('TAS1512IST1');
    expect(
      formatSearchSegment({
        ...base,
        returnDate: '2026-12-20',
        passengers: { adults: 2, children: 1, infants: 1 },
        cabin: 'business',
      }),
    ).toBe('TAS1512IST2012211b');
    expect(() => formatSearchSegment({ ...base, origin: 'tas' })).toThrow(RangeError);
  });

  test('property: parse(format(x)) = x', () => {
    const codes = [...known];
    const arb = fc
      .record({
        today: fc.integer({ min: parseDay('2025-01-01')!, max: parseDay('2030-12-31')! }),
        origin: fc.constantFrom(...codes),
        destination: fc.constantFrom(...codes),
        dep: fc.integer({ min: 0, max: HORIZON_DAYS - 1 }),
        stay: fc.option(fc.integer({ min: 0, max: HORIZON_DAYS - 1 }), { nil: null }),
        adults: fc.integer({ min: 1, max: 9 }),
        children: fc.integer({ min: 0, max: 8 }),
        infants: fc.integer({ min: 0, max: 9 }),
        business: fc.boolean(),
      })
      .filter(
        (x) =>
          x.origin !== x.destination &&
          (cities[x.origin] ?? x.origin) !== (cities[x.destination] ?? x.destination) &&
          x.adults + x.children <= 9 &&
          x.infants <= x.adults &&
          (x.stay === null || x.dep + x.stay < HORIZON_DAYS),
      );
    fc.assert(
      fc.property(arb, (x) => {
        const params: SearchParams = {
          origin: x.origin,
          destination: x.destination,
          departureDate: formatDay(x.today + x.dep),
          returnDate: x.stay === null ? null : formatDay(x.today + x.dep + x.stay),
          passengers: { adults: x.adults, children: x.children, infants: x.infants },
          cabin: x.business ? 'business' : 'economy',
        };
        const segment = formatSearchSegment(params);
        expect(parseSearchSegment(segment, { ...options, today: formatDay(x.today) })).toEqual({
          ok: true,
          value: params,
        });
      }),
      { numRuns: 500 },
    );
  });

  test('property: never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const r = parse(s);
        expect(typeof r.ok).toBe('boolean');
      }),
    );
  });
});

describe('multi-city segments (docs/design.md, "Multi-city")', () => {
  const trip: SearchParams = {
    origin: 'TAS',
    destination: 'IST',
    departureDate: '2026-12-15',
    returnDate: null,
    passengers: { adults: 2, children: 1, infants: 0 },
    cabin: 'economy',
    moreLegs: [
      { origin: 'IST', destination: 'LON', departureDate: '2026-12-18' },
      { origin: 'LHR', destination: 'TAS', departureDate: '2027-01-02' },
    ],
  };

  test('legs joined by "-", passengers and cabin after the last; written and read back', () => {
    expect(formatSearchSegment(trip)).toBe('TAS1512IST-IST1812LON-LHR0201TAS210');
    expect(parse('TAS1512IST-IST1812LON-LHR0201TAS210')).toEqual({ ok: true, value: trip });
    expect(
      formatSearchSegment({ ...trip, cabin: 'business', passengers: { adults: 1, children: 0, infants: 0 } }),
    ).toBe('TAS1512IST-IST1812LON-LHR0201TAS1b');
  });

  test('written and read back for any trip of two to six legs in order', () => {
    const codes = [...known];
    const legArb = fc.record({
      from: fc.constantFrom(...codes),
      to: fc.constantFrom(...codes),
      gap: fc.nat(20),
    });
    fc.assert(
      fc.property(fc.array(legArb, { minLength: 2, maxLength: 6 }), fc.nat(200), (legs, start) => {
        fc.pre(legs.every((l) => (cities[l.from] ?? l.from) !== (cities[l.to] ?? l.to)));
        let day = parseDay('2026-11-20')! + start;
        const dated = legs.map((l) => ({
          origin: l.from,
          destination: l.to,
          departureDate: formatDay((day += l.gap)),
        }));
        fc.pre(day - parseDay('2026-11-20')! < HORIZON_DAYS);
        const [first, ...moreLegs] = dated;
        const params: SearchParams = {
          ...first!,
          returnDate: null,
          passengers: { adults: 1, children: 0, infants: 0 },
          cabin: 'economy',
          moreLegs,
        };
        expect(parse(formatSearchSegment(params))).toEqual({ ok: true, value: params });
      }),
    );
  });

  test.each([
    [
      'one leg too many',
      'TAS1512IST-IST1612LON-LON1712MOW-MOW1812SKD-SKD1912TAS-TAS2012IST-IST2112TAS1',
      'malformed',
      'segment',
    ],
    ['a missing passenger count', 'TAS1512IST-IST1812LON', 'malformed', 'segment'],
    ['a passenger count inside', 'TAS1512IST1-IST1812LON1', 'malformed', 'segment'],
    ['a leg before the one before it', 'TAS1812IST-IST1512LON1', 'return_before_departure', 'departure_date'],
    ['an unknown place in a later leg', 'TAS1512IST-IST1812XXX1', 'unknown_destination', 'departure_date'],
    ['a later leg within one city', 'TAS1512IST-IST1812SAW1', 'same_origin_destination', 'departure_date'],
    ['no adult', 'TAS1512IST-IST1812LON012', 'no_adults', 'passengers'],
  ])('%s: refused', (_name, segment, code, field) => {
    expect(parse(segment)).toEqual({ ok: false, error: { code, field } });
  });
});
