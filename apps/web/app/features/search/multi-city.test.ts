import { describe, expect, test } from 'vitest';
import { hasErrors, multiCityErrors, multiCityPath, type MultiCityValues } from './multi-city.ts';

const dates = { first: '2026-12-10', last: '2027-11-04' };
const place = (code: string) => ({ code, name: code });
const trip = (legs: [string, string, string][], adults = 1): MultiCityValues => ({
  legs: legs.map(([from, to, depart]) => ({ from: place(from), to: place(to), depart })),
  passengers: { adults, children: 0, infants: 0 },
  cabin: 'economy',
});

describe('the multi-city form’s rules (docs/design.md, "Multi-city")', () => {
  test('a trip in order has no errors and leads to its results path', () => {
    const values = trip([
      ['TAS', 'IST', '2026-12-15'],
      ['IST', 'AYT', '2026-12-15'],
      ['AYT', 'TAS', '2026-12-21'],
    ]);
    expect(hasErrors(multiCityErrors(values, dates))).toBe(false);
    expect(multiCityPath('uz', values)).toBe('/uz/flight/TAS1512IST-IST1512AYT-AYT2112TAS1');
  });

  test('each flight says its first broken rule under its own row; the passengers theirs', () => {
    const errors = multiCityErrors(
      trip(
        [
          ['TAS', '', '2026-12-15'],
          ['IST', 'IST', '2026-12-16'],
          ['IST', 'AYT', ''],
          ['AYT', 'TAS', '2028-01-01'],
          ['TAS', 'IST', '2026-12-12'],
        ],
        0,
      ),
      dates,
    );
    expect(errors).toEqual({
      legs: {
        0: 'search.form.error.route',
        1: 'search.form.error.sameRoute',
        2: 'search.form.error.date',
        3: 'search.form.error.dateRange',
        4: 'search.multiCity.error.order',
      },
      passengers: 'search.form.error.noAdults',
    });
  });
});
