import { expect, test } from 'vitest';
import { addDays, partyFits, tourReturnDate, tourSalesEnd, utcDate } from './tours.ts';

test('calendar arithmetic across months, years and leap days', () => {
  expect(addDays('2030-02-27', 2)).toBe('2030-03-01');
  expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
  expect(addDays('2030-12-30', 5)).toBe('2031-01-04');
  expect(addDays('2030-03-01', -2)).toBe('2030-02-27');
  expect(() => addDays('1 March', 1)).toThrow(RangeError);
  expect(tourReturnDate('2030-03-11', 7)).toBe('2030-03-18');
  expect(utcDate(new Date('2030-03-01T23:30:00-05:00'))).toBe('2030-03-02');
});

test('sales close two days before departure; a party must fit the places left', () => {
  expect(tourSalesEnd('2030-03-11').toISOString()).toBe('2030-03-09T00:00:00.000Z');
  expect(partyFits(4, 3, 1)).toBe(true);
  expect(partyFits(4, 4, 1)).toBe(false);
});
