import { expect, test } from 'vitest';
import { opsTourFormSchema, opsTourInputSchema } from './ops-tours.ts';

/** What the console's tour form sends, every field a string as a form has it. */
const form = {
  slug: 'khiva-bukhara',
  title: { en: 'Khiva and Bukhara', ru: '', uz: '', tr: '' },
  summary: { en: 'Two old cities.', ru: '', uz: '', tr: '' },
  description: { en: '', ru: '', uz: '', tr: '' },
  origin_code: 'tas',
  destination_code: 'UGC',
  country_code: 'uz',
  hotel_name: '',
  hotel_stars: '',
  board_basis: '',
  departs_on: '2026-12-20',
  nights: '4',
  price: '459',
  currency: 'USD',
  seats_left: '12',
};

test('the tour form gives the API body: an empty select is none, one ticked box a list', () => {
  const body = opsTourFormSchema.parse({ ...form, includes: 'flight' });
  expect(body).toMatchObject({
    title: { en: 'Khiva and Bukhara', ru: null, uz: null, tr: null },
    origin_code: 'TAS',
    country_code: 'UZ',
    hotel_name: null,
    hotel_stars: null,
    board_basis: null,
    nights: 4,
    seats_left: 12,
    includes: ['flight'],
  });
  expect(opsTourInputSchema.parse(body)).toEqual(body);
  expect(opsTourFormSchema.parse({ ...form, hotel_stars: '4', board_basis: 'BB' })).toMatchObject({
    hotel_stars: 4,
    board_basis: 'BB',
    includes: [],
  });
  expect(opsTourFormSchema.parse({ ...form, includes: ['hotel', 'flight', 'hotel'] }).includes).toEqual([
    'hotel',
    'flight',
  ]);
});

test('the tour form refuses what the body refuses, by field', () => {
  const refused = opsTourFormSchema.safeParse({
    ...form,
    title: { ...form.title, en: ' ' },
    price: '-5',
    hotel_stars: '6',
    includes: ['spa'],
  });
  expect(refused.success).toBe(false);
  expect(refused.error!.issues.map((i) => i.path.join('.')).sort()).toEqual([
    'hotel_stars',
    'includes.0',
    'price',
    'title.en',
  ]);
});
