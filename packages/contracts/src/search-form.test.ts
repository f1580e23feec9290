import { describe, expect, test } from 'vitest';
import { TAS_IST_ONE_ADULT } from '@parvoz/core/search.fixture';
import { searchFormFieldsSchema, searchFormSchema, type BookableDates } from './search-form.ts';

const DATES: BookableDates = { first: '2026-11-23', last: '2027-10-18' };
const schema = searchFormSchema(() => DATES);

/** The form as posted (nested names already read into objects, as Conform does). */
const complete = {
  from: 'TAS',
  fromName: 'Tashkent',
  to: 'IST',
  toName: 'Istanbul',
  depart: '2026-12-15',
  return: '',
  passengers: { adults: '1', children: '0', infants: '0' },
  cabin: 'economy',
};

/** The message key of each refused field. */
function errors(form: Record<string, unknown>): Record<string, string> {
  const result = schema.safeParse(form);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the search form schema', () => {
  test('a complete form is the search (core’s search params)', () => {
    expect(schema.parse(complete)).toEqual(TAS_IST_ONE_ADULT);
    expect(
      schema.parse({
        ...complete,
        return: '2026-12-20',
        passengers: { adults: '2', children: '1', infants: '1' },
        cabin: 'business',
      }),
    ).toMatchObject({
      returnDate: '2026-12-20',
      passengers: { adults: 2, children: 1, infants: 1 },
      cabin: 'business',
    });
  });

  test('an empty form needs a route and a date (the spec’s two messages)', () => {
    expect(errors({})).toEqual({ route: 'search.form.error.route', depart: 'search.form.error.date' });
    // A name typed but never found as a place is no route either.
    expect(errors({ ...complete, to: '' })).toEqual({ route: 'search.form.error.route' });
    expect(errors({ ...complete, to: 'ISTANBUL' })).toEqual({ route: 'search.form.error.route' });
    expect(errors({ ...complete, to: 'tas' })).toEqual({ route: 'search.form.error.sameRoute' });
  });

  test('dates: from the first bookable day to the last, the return not before the departure', () => {
    expect(errors({ ...complete, depart: '2026-11-22' })).toEqual({ depart: 'search.form.error.dateRange' });
    expect(errors({ ...complete, depart: DATES.first })).toEqual({});
    expect(errors({ ...complete, depart: DATES.last })).toEqual({});
    expect(errors({ ...complete, depart: '2027-10-19' })).toEqual({ depart: 'search.form.error.dateRange' });
    expect(errors({ ...complete, depart: '2026-02-30' })).toEqual({ depart: 'search.form.error.date' });
    expect(errors({ ...complete, return: '2026-12-14' })).toEqual({
      return: 'search.form.error.returnBeforeDeparture',
    });
    expect(errors({ ...complete, return: '2026-12-15' })).toEqual({});
    expect(errors({ ...complete, return: '2027-10-19' })).toEqual({ return: 'search.form.error.dateRange' });
  });

  test('dates are asked at each check (a page open past midnight)', () => {
    let first = '2026-12-15';
    const moving = searchFormSchema(() => ({ first, last: '2027-10-18' }));
    expect(moving.safeParse(complete).success).toBe(true);
    first = '2026-12-16';
    expect(moving.safeParse(complete).success).toBe(false);
  });

  test('passengers: an adult, at most 9 seated, an infant per adult', () => {
    const pax = (adults: string, children: string, infants: string) =>
      errors({ ...complete, passengers: { adults, children, infants } });
    expect(pax('0', '1', '0')).toEqual({ passengers: 'search.form.error.noAdults' });
    expect(pax('5', '5', '0')).toEqual({ passengers: 'search.form.error.tooManyPassengers' });
    expect(pax('1', '0', '2')).toEqual({ passengers: 'search.form.error.tooManyInfants' });
    expect(pax('9', '0', '9')).toEqual({});
  });

  test('every error at once, each where it shows', () => {
    expect(
      errors({
        from: 'TAS',
        to: 'TAS',
        depart: '2030-01-01',
        return: '2031-01-01',
        passengers: { adults: '0' },
      }),
    ).toEqual({
      route: 'search.form.error.sameRoute',
      depart: 'search.form.error.dateRange',
      return: 'search.form.error.dateRange',
      passengers: 'search.form.error.noAdults',
    });
  });

  test('broken values fall back to what the form would show, and never fail the reading', () => {
    expect(
      searchFormFieldsSchema.parse({
        from: 'tas',
        fromName: '  Tashkent  ',
        to: 'ISTANBUL',
        toName: ['a', 'b'],
        depart: '2026-02-30',
        return: '2026-12-20',
        passengers: { adults: '12', children: '-1', infants: '1' },
        cabin: 'first',
      }),
    ).toEqual({
      from: 'TAS',
      fromName: 'Tashkent',
      to: '',
      toName: '',
      depart: '',
      return: '2026-12-20',
      passengers: { adults: 1, children: 0, infants: 1 },
      cabin: 'economy',
    });
    expect(searchFormFieldsSchema.parse({ passengers: 'x' }).passengers).toEqual({
      adults: 1,
      children: 0,
      infants: 0,
    });
  });
});
