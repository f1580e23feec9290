/**
 * Test helper for tours: the body of `POST /v1/ops/tours` (packages/contracts/src/ops-tours.ts) for a
 * weekend in Samarkand, as the console's form sends it, with `over` in place of any of its fields. Its codes
 * are in small letters and "hotel" is listed twice, as a form may send them: the API reads them in capitals
 * and once.
 */
export const tourBody = (over: Record<string, unknown> = {}) => ({
  slug: 'samarkand-weekend',
  title: { en: 'Samarkand weekend', ru: 'Выходные в Самарканде', uz: '', tr: null },
  summary: { en: 'Two nights by the Registan.' },
  description: { en: 'Train from Tashkent, hotel, guide.' },
  origin_code: 'tas',
  destination_code: 'SKD',
  country_code: 'uz',
  hotel_name: 'Registan Plaza',
  hotel_stars: 4,
  board_basis: 'BB',
  departs_on: '2026-12-20',
  nights: 2,
  price: '249.50',
  currency: 'USD',
  seats_left: 8,
  includes: ['hotel', 'transfer', 'hotel'],
  ...over,
});
