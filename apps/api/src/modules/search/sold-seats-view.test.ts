/** The engine's view of sold seats: counts by flight and cabin, and the flights it names. */
import { expect, test } from 'vitest';
import { soldSeatsView } from './service.ts';

test('the view answers per flight and cabin and names each flight with a seat sold once', () => {
  const view = soldSeatsView(
    new Map([
      ['HY601-2026-12-15 economy', 3],
      ['HY601-2026-12-15 business', 1],
      ['TK371-2026-12-16 business', 2],
      ['HY603-2026-12-15 economy', 0],
    ]),
  );
  expect(view('HY601-2026-12-15', 'economy')).toBe(3);
  expect(view('TK371-2026-12-16', 'business')).toBe(2);
  expect(view('TK371-2026-12-16', 'economy')).toBe(0);
  expect(view('HY603-2026-12-15', 'economy')).toBe(0);
  expect(view.flights).toEqual(new Set(['HY601-2026-12-15', 'TK371-2026-12-16']));
});
