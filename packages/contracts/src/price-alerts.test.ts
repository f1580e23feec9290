import { expect, test } from 'vitest';
import { priceAlertDeleteFormSchema, priceAlertFormSchema } from './price-alerts.ts';

test('the results page form: an email (as the API reads it) and the page’s search segment', () => {
  expect(priceAlertFormSchema.parse({ email: ' Name@Example.com ', segment: 'TAS1512IST1' })).toEqual({
    email: 'name@example.com',
    segment: 'TAS1512IST1',
    dates: 'day',
  });
  // Which departures: the day (unless told), three days either side, or the month; nothing else.
  const form = { email: 'a@example.com', segment: 'TAS1512IST1' };
  expect(priceAlertFormSchema.parse({ ...form, dates: 'month' }).dates).toBe('month');
  expect(priceAlertFormSchema.safeParse({ ...form, dates: 'year' }).success).toBe(false);
});

test('a wrong email is refused under its own field; a broken segment under the segment', () => {
  const refused = priceAlertFormSchema.safeParse({ email: 'not-an-address', segment: '../x' });
  expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['email', 'segment']);
});

test('the profile’s delete button: intent "delete" and an alert id, nothing else', () => {
  const id = '0b5a3c2e-8d7f-4e1a-9c6b-1f2e3d4c5b6a';
  expect(priceAlertDeleteFormSchema.parse({ intent: 'delete', id })).toEqual({ intent: 'delete', id });
  expect(priceAlertDeleteFormSchema.safeParse({ intent: 'remove', id }).success).toBe(false);
  expect(priceAlertDeleteFormSchema.safeParse({ intent: 'delete', id: 'x' }).success).toBe(false);
});
