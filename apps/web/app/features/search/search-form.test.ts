import { describe, expect, test } from 'vitest';
import {
  addDays,
  EMPTY_FORM,
  earliestToday,
  lastBookableDate,
  validateSearchForm,
  valuesFromFormData,
  type SearchFormValues,
} from './search-form.ts';

const TODAY = '2026-11-23';
const complete: SearchFormValues = {
  ...EMPTY_FORM,
  fromCode: 'TAS',
  fromName: 'Tashkent',
  toCode: 'IST',
  toName: 'Istanbul',
  depart: '2026-12-15',
};

describe('the search form', () => {
  test('an empty form needs a route and a date (the spec’s two messages)', () => {
    expect(validateSearchForm(EMPTY_FORM, TODAY)).toEqual({
      ok: false,
      errors: { route: 'search.form.error.route', date: 'search.form.error.date' },
    });
    // A name typed but never resolved to a place is no route either.
    expect(validateSearchForm({ ...complete, toCode: '' }, TODAY)).toMatchObject({
      errors: { route: 'search.form.error.route' },
    });
  });

  test('a complete form leads to the shortest search segment', () => {
    expect(validateSearchForm(complete, TODAY)).toEqual({ ok: true, segment: 'TAS1512IST1' });
    expect(
      validateSearchForm(
        {
          ...complete,
          ret: '2026-12-20',
          passengers: { adults: 2, children: 1, infants: 1 },
          cabin: 'business',
        },
        TODAY,
      ),
    ).toEqual({ ok: true, segment: 'TAS1512IST2012211b' });
  });

  test('dates: not before today, within 330 days, the return not before the departure', () => {
    const last = lastBookableDate(TODAY);
    expect(last).toBe(addDays(TODAY, 329));
    expect(validateSearchForm({ ...complete, depart: '2026-11-22' }, TODAY)).toMatchObject({
      errors: { date: 'search.form.error.dateRange' },
    });
    expect(validateSearchForm({ ...complete, depart: last }, TODAY).ok).toBe(true);
    expect(validateSearchForm({ ...complete, depart: addDays(last, 1) }, TODAY)).toMatchObject({
      errors: { date: 'search.form.error.dateRange' },
    });
    expect(validateSearchForm({ ...complete, ret: '2026-12-14' }, TODAY)).toMatchObject({
      errors: { returnDate: 'search.form.error.returnBeforeDeparture' },
    });
    expect(validateSearchForm({ ...complete, ret: '2026-12-15' }, TODAY).ok).toBe(true);
  });

  test('same place, passenger rules', () => {
    expect(validateSearchForm({ ...complete, toCode: 'TAS' }, TODAY)).toMatchObject({
      errors: { route: 'search.form.error.sameRoute' },
    });
    const pax = (adults: number, children: number, infants: number) =>
      validateSearchForm({ ...complete, passengers: { adults, children, infants } }, TODAY);
    expect(pax(0, 1, 0)).toMatchObject({ errors: { passengers: 'search.form.error.noAdults' } });
    expect(pax(5, 5, 0)).toMatchObject({ errors: { passengers: 'search.form.error.tooManyPassengers' } });
    expect(pax(1, 0, 2)).toMatchObject({ errors: { passengers: 'search.form.error.tooManyInfants' } });
    expect(pax(9, 0, 9).ok).toBe(true);
  });

  test('form data without JavaScript: unknown or broken values fall back safely', () => {
    const form = new FormData();
    form.set('from', 'tas');
    form.set('fromName', '  Tashkent  ');
    form.set('to', 'ISTANBUL');
    form.set('toName', 'Istanbul');
    form.set('depart', '2026-02-30');
    form.set('return', '2026-12-20');
    form.set('adults', '12');
    form.set('children', '-1');
    form.set('infants', '1');
    form.set('cabin', 'first');
    expect(valuesFromFormData(form)).toEqual({
      fromCode: 'TAS',
      fromName: 'Tashkent',
      toCode: '',
      toName: 'Istanbul',
      depart: '',
      ret: '2026-12-20',
      passengers: { adults: 1, children: 0, infants: 1 },
      cabin: 'economy',
    });
  });

  test('the server accepts the date a traveller west of UTC still calls today', () => {
    expect(earliestToday(new Date('2026-11-23T02:00:00Z'))).toBe('2026-11-22');
  });
});
