import { describe, expect, test } from 'vitest';
import { searchFormFieldsSchema } from '@parvoz/contracts/search-form';
import {
  addDays,
  browserDates,
  EMPTY_FORM,
  earliestToday,
  formValues,
  lastBookableDate,
  resultsPath,
  serverDates,
} from './search-form.ts';

// The rules themselves are the contract's (packages/contracts/src/search-form.test.ts); here, what the page
// makes of them: the dates it offers, the values it shows, the path a search leads to.
describe('the search form', () => {
  test('a checked search leads to the shortest results path', () => {
    const search = {
      origin: 'TAS',
      destination: 'IST',
      departureDate: '2026-12-15',
      returnDate: null,
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin: 'economy' as const,
    };
    expect(resultsPath('en', search)).toBe('/en/flight/TAS1512IST1');
    expect(
      resultsPath('ru', {
        ...search,
        returnDate: '2026-12-20',
        passengers: { adults: 2, children: 1, infants: 1 },
        cabin: 'business',
      }),
    ).toBe('/ru/flight/TAS1512IST2012211b');
  });

  test('dates: 330 days from today, today included', () => {
    expect(lastBookableDate('2026-11-23')).toBe(addDays('2026-11-23', 329));
    expect(browserDates(new Date(2026, 10, 23, 12))).toEqual({
      first: '2026-11-23',
      last: addDays('2026-11-23', 329),
    });
  });

  test('the server accepts the date a traveller west of UTC still calls today', () => {
    const early = new Date('2026-11-23T02:00:00Z');
    expect(earliestToday(early)).toBe('2026-11-22');
    // And the last date a traveller east of UTC already calls bookable (their today is UTC's tomorrow).
    expect(serverDates(early)).toEqual({ first: '2026-11-22', last: addDays('2026-11-24', 329) });
  });

  test('the form as read by the schema is the form as the page shows it', () => {
    expect(formValues(searchFormFieldsSchema.parse({}))).toEqual(EMPTY_FORM);
    expect(
      formValues(
        searchFormFieldsSchema.parse({
          from: 'TAS',
          fromName: 'Tashkent',
          toName: 'Istanbul',
          depart: '2026-12-15',
          return: '2026-12-20',
          passengers: { adults: '2', children: '1', infants: '0' },
          cabin: 'business',
        }),
      ),
    ).toEqual({
      fromCode: 'TAS',
      fromName: 'Tashkent',
      toCode: '',
      toName: 'Istanbul',
      depart: '2026-12-15',
      ret: '2026-12-20',
      passengers: { adults: 2, children: 1, infants: 0 },
      cabin: 'business',
    });
  });
});
