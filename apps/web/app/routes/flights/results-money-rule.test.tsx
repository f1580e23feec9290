/**
 * The low-fare calendar and the date grid show their prices by one rule (`formatMoneyList`): in lira, kuruş for
 * every day or cell when one of them has some, never "₺3.200" beside "₺3.245,50" (docs/languages.md).
 */
import { describe, expect, test } from 'vitest';
import type { SearchParams } from '@parvoz/core/search-segment';
import { renderInRoot } from '../../testing/render.tsx';
import { FareCalendarView } from './results-fare-calendar.tsx';
import { DateGridView } from './results-date-grid.tsx';

const search: SearchParams = {
  origin: 'IST',
  destination: 'AYT',
  departureDate: '2027-03-10',
  returnDate: null,
  passengers: { adults: 1, children: 0, infants: 0 },
  cabin: 'economy',
};

/** The screen-reader texts of the prices (Intl's no-break spaces as plain ones). */
const prices = (html: string) => [...html.matchAll(/₺\d{1,3}(?:\.\d{3})*(?:,\d{2})?/g)].map((m) => m[0]);

describe('one money rule for the prices shown together', () => {
  test('the month calendar in lira: every day with kuruş when one day has some', () => {
    const html = renderInRoot(
      'tr',
      <FareCalendarView
        calendar={{
          kind: 'ok',
          currency: 'TRY',
          connected: true,
          days: [
            { date: '2027-03-10', min_amount: '3200.00' },
            { date: '2027-03-11', min_amount: '3245.50' },
            { date: '2027-03-12', min_amount: null },
          ],
        }}
        search={search}
        currency="TRY"
        bookable={{ first: '2027-03-01', last: '2027-12-31' }}
      />,
    );
    expect(prices(html)).toEqual(['₺3.200,00', '₺3.245,50']);
  });

  test('whole lira on every day stay whole', () => {
    const html = renderInRoot(
      'tr',
      <FareCalendarView
        calendar={{
          kind: 'ok',
          currency: 'TRY',
          connected: true,
          days: [
            { date: '2027-03-10', min_amount: '3200.00' },
            { date: '2027-03-11', min_amount: '3300.00' },
          ],
        }}
        search={search}
        currency="TRY"
        bookable={{ first: '2027-03-01', last: '2027-12-31' }}
      />,
    );
    expect(prices(html)).toEqual(['₺3.200', '₺3.300']);
  });

  test('the date grid in lira: every cell with kuruş when one cell has some', () => {
    const html = renderInRoot(
      'tr',
      <DateGridView
        grid={{
          kind: 'ok',
          currency: 'TRY',
          connected: true,
          departures: ['2027-03-10'],
          returns: ['2027-03-17', '2027-03-18'],
          cells: [
            { departure: '2027-03-10', return: '2027-03-17', min_amount: '6400.00' },
            { departure: '2027-03-10', return: '2027-03-18', min_amount: '6450.25' },
          ],
          cheapest: { departure: '2027-03-10', return: '2027-03-17', min_amount: '6400.00' },
        }}
        search={{ ...search, returnDate: '2027-03-17' }}
        currency="TRY"
      />,
    );
    expect(prices(html)).toEqual(['₺6.400,00', '₺6.450,25']);
  });
});
