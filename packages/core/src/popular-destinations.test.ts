import { describe, expect, test } from 'vitest';
import { buildNetwork } from './network.ts';
import { FIXTURE_NETWORK } from './network.fixture.ts';
import { cheapestDay, rankDestinations } from './popular-destinations.ts';

const network = buildNetwork(FIXTURE_NETWORK);

describe('rankDestinations', () => {
  test('most nonstop routes (airline × airport pair) first, then the bigger city', () => {
    // TAS: Istanbul by HY and TK to IST and PC to SAW; Moscow by HY to SVO and S7 to DME; Dubai and Samarkand
    // by one each, Dubai (3 routes out) before Samarkand (1).
    expect(rankDestinations(network, 'TAS', 10)).toEqual([
      { city: 'IST', routes: 3 },
      { city: 'MOW', routes: 2 },
      { city: 'DXB', routes: 1 },
      { city: 'SKD', routes: 1 },
    ]);
  });

  test('an airport counts as its whole city, which is never its own destination', () => {
    const fromSaw = rankDestinations(network, 'SAW', 10);
    expect(fromSaw).toEqual(rankDestinations(network, 'IST', 10));
    expect(fromSaw.map((d) => d.city)).toEqual(['TAS', 'LON', 'NYC', 'FRA']);
  });

  test('the limit cuts the list; an unknown place has none', () => {
    expect(rankDestinations(network, 'TAS', 2).map((d) => d.city)).toEqual(['IST', 'MOW']);
    expect(rankDestinations(network, 'TAS', 0)).toEqual([]);
    expect(rankDestinations(network, 'XXX', 5)).toEqual([]);
  });
});

describe('cheapestDay', () => {
  test('the lowest amount, compared as numbers, the earliest of equal days', () => {
    const days = [
      { date: '2026-12-01', min_amount: null },
      { date: '2026-12-02', min_amount: '1200.00' },
      { date: '2026-12-03', min_amount: '950.00' },
      { date: '2026-12-04', min_amount: '950.00' },
      { date: '2026-12-05', min_amount: '980.50' },
    ];
    expect(cheapestDay(days)).toEqual({ date: '2026-12-03', min_amount: '950.00' });
  });

  test('no fare on any day: null', () => {
    expect(cheapestDay([{ date: '2026-12-01', min_amount: null }])).toBeNull();
    expect(cheapestDay([])).toBeNull();
  });
});
