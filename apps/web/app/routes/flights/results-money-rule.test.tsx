/**
 * The low-fare calendar, the date grid and the results list show their prices by one rule (`formatMoneyList`): in
 * lira, kuruş for every day, cell or offer when one of them has some, never "₺3.200" beside "₺3.245,50"
 * (docs/languages.md).
 */
import { describe, expect, test } from 'vitest';
import type { SearchParams } from '@parvoz/core/search-segment';
import { renderInRoot } from '../../testing/render.tsx';
import { FareCalendarView } from './results-fare-calendar.tsx';
import { DateGridView } from './results-date-grid.tsx';
import { ResultsView } from './results-view.tsx';
import type { ResultOffer, ResultSegment } from '../../features/search/results.ts';
import { resultSlice } from '../../testing/result-offers.ts';

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
  test.each([
    {
      name: 'the month calendar in lira: every day with kuruş when one day has some',
      amounts: ['3200.00', '3245.50', null],
      shown: ['₺3.200,00', '₺3.245,50'],
    },
    {
      name: 'whole lira on every day stay whole',
      amounts: ['3200.00', '3300.00'],
      shown: ['₺3.200', '₺3.300'],
    },
  ])('$name', ({ amounts, shown }) => {
    const html = renderInRoot(
      'tr',
      <FareCalendarView
        calendar={{
          kind: 'ok',
          currency: 'TRY',
          connected: true,
          days: amounts.map((amount, i) => ({ date: `2027-03-${10 + i}`, min_amount: amount })),
        }}
        search={search}
        currency="TRY"
        bookable={{ first: '2027-03-01', last: '2027-12-31' }}
      />,
    );
    expect(prices(html)).toEqual(shown);
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

  test('the results list in lira: every offer and the sort tabs with kuruş when one offer has some', () => {
    const segment = (hour: string): ResultSegment => ({
      flight_key: `TK${hour}-2027-03-10`,
      origin: 'IST',
      destination: 'AYT',
      departing_at: `2027-03-10T${hour}:00:00+03:00`,
      arriving_at: `2027-03-10T${hour}:50:00+03:00`,
      duration_minutes: 50,
      carrier: { code: 'TK', name: 'Turkish Airlines' },
      flight_number: hour,
      aircraft: null,
    });
    const offer = (rank: number, total: string, hour: string): ResultOffer => ({
      id: `off_${rank}`,
      rank,
      total_amount: total,
      fare_family: 'light',
      baggage: { cabin_kg: 8, checked_quantity: 0, checked_kg: 0 },
      seats_left: null,
      instant_payment: false,
      fares: [],
      luggage: [],
      slices: [resultSlice(50, [segment(hour)])],
    });
    const html = renderInRoot(
      'tr',
      <ResultsView
        outcome={{
          kind: 'ok',
          search_id: 'srch_money_rule',
          currency: 'TRY',
          expires_at: '2999-01-01T00:00:00Z',
          served_at: Date.now(),
          passengers: search.passengers,
          cabin: 'economy',
          connected: true,
          incomplete: false,
          offers: [offer(1, '3200.00', '07'), offer(2, '3245.50', '12')],
        }}
        context={{
          segment: 'IST1003AYT1',
          currency: 'TRY',
          passengers: search.passengers,
          names: { IST: 'İstanbul', AYT: 'Antalya' },
          eagerDetails: false,
          airportNames: {},
        }}
        sliceNames={[{ from: 'İstanbul', to: 'Antalya' }]}
      />,
    );
    const shown = prices(html);
    expect(shown).toContain('₺3.200,00');
    expect(shown).toContain('₺3.245,50');
    expect(shown).not.toContain('₺3.200');
  });
});
