import { expect, test } from 'vitest';
import { z } from 'zod';
import { tourRequestFormSchema, tourRequestSchema } from './tours.ts';
import { agencyApplicationFormSchema, agencyApplicationSchema } from './agencies.ts';

const form = {
  full_name: ' Ali Valiyev ',
  email: 'ALI@Example.com',
  adults: '2',
  children: '0',
  message: '',
};

test('the tour request form takes the phone as typed, in the page language’s country, and gives the API body', () => {
  const uz = tourRequestFormSchema('uz').parse({ ...form, phone: '90 123-45-67', lang: 'uz' });
  expect(uz).toEqual({
    full_name: 'Ali Valiyev',
    email: 'ali@example.com',
    phone: '+998901234567',
    adults: 2,
    children: 0,
    message: null,
    lang: 'uz',
  });
  expect(tourRequestSchema.parse(uz)).toEqual(uz);
  expect(tourRequestFormSchema('tr').parse({ ...form, phone: '0532 123 45 67', lang: 'tr' }).phone).toBe(
    '+905321234567',
  );
  expect(tourRequestFormSchema('en').parse({ ...form, phone: '+7 701 123 45 67', lang: 'en' }).phone).toBe(
    '+77011234567',
  );
});

test('every invalid field is named once', () => {
  const result = tourRequestFormSchema('ru').safeParse({
    full_name: 'A',
    email: 'nope',
    phone: '123',
    adults: '0',
    children: '-1',
    message: 'x'.repeat(1001),
    lang: 'ru',
  });
  expect(result.success).toBe(false);
  expect(Object.keys(z.flattenError(result.error!).fieldErrors).sort()).toEqual(
    ['adults', 'children', 'email', 'full_name', 'message', 'phone'].sort(),
  );
  const party = tourRequestFormSchema('ru').safeParse({
    ...form,
    adults: '6',
    children: '4',
    phone: '+998901234567',
    lang: 'ru',
  });
  expect(z.flattenError(party.error!).fieldErrors).toEqual({ children: ['too_many_travellers'] });
});

test('the agency form reads the phone in the agency’s country and normalises the other fields', () => {
  const parsed = agencyApplicationFormSchema('ru').parse({
    company_name: 'Silk Road Tours',
    tax_id: 'kz 123456789012',
    country_code: 'KZ',
    city: '',
    contact_name: 'Аружан Сейткали',
    email: 'info@silkroad.kz',
    phone: '8 701 123 45 67',
    website: '',
    message: '',
    lang: 'ru',
  });
  expect(parsed).toMatchObject({
    tax_id: 'KZ 123456789012',
    country_code: 'KZ',
    city: null,
    phone: '+77011234567',
    website: null,
    message: null,
  });
  expect(agencyApplicationSchema.parse(parsed)).toMatchObject({ phone: '+77011234567' });
  const bad = agencyApplicationFormSchema('en').safeParse({ country_code: 'ZZ', phone: 'x', lang: 'en' });
  expect(Object.keys(z.flattenError(bad.error!).fieldErrors).sort()).toEqual(
    ['company_name', 'contact_name', 'country_code', 'email', 'phone', 'tax_id'].sort(),
  );
});
